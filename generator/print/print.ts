/**
 * EmittedFile[] → final bytes: our printer (`print/structures/`, ts-morph's where it does not
 * know a structure) prints the structures, every file gets the generated-by header, and
 * prettier (pinned, in process) formats everything once (markdown a section at a time, see
 * `markdown-format.ts`). Prettier is loaded only when a text is not
 * in the format cache (`format-cache.ts`), which on a run where little changed spares most
 * of a run's time.
 */
import { createRequire } from 'node:module';
import { IndentationText, Project, QuoteKind, type SourceFileStructure } from 'ts-morph';
import type * as Prettier from 'prettier';
import type { EmittedFile } from '../emit/common/model.js';
import { contentKey, type TextCache } from '../shared/cache.js';
import { formatMarkdown } from './markdown-format.js';
import { formatDirect } from './direct/printer.js';
import { formatJsonDirect } from './direct/json.js';
import { printStructure } from './structures/index.js';
import { UNTIMED, type StageClock } from '../shared/timings.js';

export interface OutputFile {
  /** Path relative to the output directory, POSIX separators. */
  readonly path: string;
  readonly content: string;
}

/**
 * Which printed texts prettier formats: none when the package's TypeScript is larger than
 * `package` characters (`formatWeight`), else those up to `file` characters. Prettier's time
 * and memory grow with the text, and on GitHub's description (an 8 MB guards module, a 14 MB
 * surface record, 33 MB in all) formatting was about 60% of a run's CPU and most of its 2 GB
 * peak memory. The printed
 * text is valid, deterministic TypeScript (two-space indentation, see `printFiles`), only not
 * wrapped at 100 columns: a package this large is read by the compiler more than by people.
 * Our own spec's package is about 1 MB with its largest file at 0.2 MB, and a mid-size
 * document (Star Trek's 120 operations) stays well under both: they keep the house format.
 */
export interface FormatLimits {
  readonly file: number;
  readonly package: number;
}

export const FORMAT_LIMITS: FormatLimits = { file: 1_000_000, package: 8_000_000 };

/**
 * The limits for files printed after the package (the release stage's package.json, README and
 * version module): none are formatted when the package they belong to was too large, so that
 * a package is either all in the house format or all as printed.
 */
export function limitsWithin(files: readonly OutputFile[]): FormatLimits {
  const total = formatWeight(files.map((file) => ({ path: file.path, text: file.content })));
  return total > FORMAT_LIMITS.package ? { file: -1, package: -1 } : FORMAT_LIMITS;
}

/**
 * What the package limit weighs: the TypeScript text, which is what makes formatting a large
 * package costly (the guards and query modules, formatted statement by statement). Markdown
 * keeps its prose as printed and formats only its code blocks (`markdown-format.ts`), and the
 * few JSON files are small beside it, so a reference page growing with the operations does not
 * push a package that was formatted past the limit.
 */
function formatWeight(texts: readonly { readonly path: string; readonly text: string }[]): number {
  return texts.reduce((sum, { path, text }) => (path.endsWith('.ts') ? sum + text.length : sum), 0);
}

/** The house format; `.prettierrc.json` says the same for editors and the templates (a test keeps them equal). */
export const PRETTIER: Prettier.Options = {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  endOfLine: 'lf',
};

/**
 * TypeScript goes through prettier's `babel-ts` parser rather than `typescript`: the same
 * output on every package we compared byte for byte (ours, Star Trek's, the pet store's and
 * Jira's), in about 60% of the time, the TypeScript parser being most of the difference.
 * Markdown goes through `formatMarkdown`, which asks prettier only for what it would change.
 */
function parserFor(path: string): string | undefined {
  if (path.endsWith('.ts')) return 'babel-ts';
  if (path.endsWith('.md')) return 'markdown';
  if (path === 'package.json' || path.endsWith('/package.json')) return 'json-stringify';
  if (path.endsWith('.json')) return 'jsonc';
  return undefined;
}

let prettierModule: Promise<typeof Prettier> | undefined;
/** Prettier and its parsers cost a noticeable part of a run to load: only when needed. */
function loadPrettier(): Promise<typeof Prettier> {
  prettierModule ??= import('prettier');
  return prettierModule;
}

let babelPlugin: Promise<typeof import('prettier/plugins/babel')> | undefined;
/** Whether prettier's TypeScript parser (the one `parserFor` names) reads `code`. */
async function parsesAsTypeScript(code: string): Promise<boolean> {
  babelPlugin ??= import('prettier/plugins/babel');
  const parser = (await babelPlugin).parsers['babel-ts'];
  try {
    await parser.parse(code, { ...PRETTIER, parser: 'babel-ts' } as Prettier.ParserOptions);
    return true;
  } catch {
    return false;
  }
}

/** The installed prettier's version, read without loading prettier itself. */
let prettierVersion: string | undefined;
function installedPrettierVersion(): string {
  prettierVersion ??= (
    createRequire(import.meta.url)('prettier/package.json') as { version: string }
  ).version;
  return prettierVersion;
}

/**
 * A fence's code as the direct printer prints it when it vouches every statement (a fence is
 * formatted as a module of its own, see `markdown-format.ts`); undefined when it would ask
 * prettier for any of it.
 */
export async function vouchedFence(code: string): Promise<string | undefined> {
  let refused = false;
  const printed = await formatDirect(`${code}\n`, async (rest) => {
    refused = true;
    return rest;
  });
  return refused ? undefined : printed;
}

async function byPrettier(text: string, parser: string): Promise<string> {
  const prettier = await loadPrettier();
  return prettier.format(text, { ...PRETTIER, parser });
}

/**
 * Prettier's answer for a whole file, from the cache when it has it. Markdown is answered by
 * `formatMarkdown` (the same text prettier gives, see there) and cached as one answer too.
 */
async function format(
  text: string,
  parser: string,
  cache: TextCache | undefined,
  direct = false,
): Promise<string> {
  const key =
    cache && contentKey(installedPrettierVersion(), JSON.stringify(PRETTIER), parser, text);
  const cached = key === undefined ? undefined : cache?.get(key);
  if (cached !== undefined) return cached;
  const json =
    direct && directPrinting() && parser !== 'markdown' && parser !== 'babel-ts'
      ? formatJsonDirect(text, parser)
      : undefined;
  const formatted =
    json !== undefined
      ? json
      : parser === 'markdown'
        ? await formatMarkdown(text, {
            format: byPrettier,
            parses: parsesAsTypeScript,
            vouched: directPrinting() ? vouchedFence : undefined,
          })
        : direct && parser === 'babel-ts' && directPrinting()
          ? await formatDirect(text, (rest) => byPrettier(rest, parser))
          : await byPrettier(text, parser);
  if (key !== undefined) cache?.set(key, formatted);
  return formatted;
}

/**
 * Whether the emitted TypeScript is printed in the house format without prettier where
 * `print/direct/printer.ts` vouches for its text. On by default; the output is the
 * same either way (a test compares), and `CONNECT_CODEGEN_DIRECT_PRINT=off` asks prettier for
 * everything, to measure or to rule the printer out.
 */
export function directPrinting(): boolean {
  return process.env.CONNECT_CODEGEN_DIRECT_PRINT !== 'off';
}

/**
 * Whether structures are printed by our own printer (`print/structures/`), which gives
 * ts-morph's text in a fraction of its time and leaves to ts-morph any file with a structure it
 * does not know. On by default; `CONNECT_CODEGEN_STRUCTURE_PRINTER=ts-morph` prints every file
 * with ts-morph's printer, to compare or to rule ours out (the output is the same either way).
 */
export function ownStructurePrinting(): boolean {
  return process.env.CONNECT_CODEGEN_STRUCTURE_PRINTER !== 'ts-morph';
}

/**
 * Prints every emitted file, with the generated-by header on TypeScript files, and formats it
 * in the house format unless it is already formatted or past `limits`.
 */
export async function printFiles(
  files: readonly EmittedFile[],
  header: string,
  cache?: TextCache,
  limits: FormatLimits = FORMAT_LIMITS,
  clock: StageClock = UNTIMED,
): Promise<OutputFile[]> {
  // Printed as close to the house format as ts-morph goes without prettier (its defaults are
  // four spaces and double quotes), for the files too large to format (`FORMAT_LIMITS`). Our
  // printer writes with the same settings (`WRITER_OPTIONS` in print/structures/writer.ts).
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Single,
    },
  });
  const byTsMorph =
    structurePrinter(project) ??
    ((structure: SourceFileStructure, path: string) =>
      printWithSourceFile(project, path, structure));
  const print = ownStructurePrinting()
    ? (structure: SourceFileStructure, path: string) =>
        printStructure(structure) ?? byTsMorph(structure, path)
    : byTsMorph;
  const printed = clock.time('print', () =>
    files.map((file) => {
      const body = file.kind === 'typescript' ? print(file.structure, file.path) : file.content;
      return { file, text: file.path.endsWith('.ts') ? withHeader(body, header) : body };
    }),
  );
  const total = formatWeight(printed.map(({ file, text }) => ({ path: file.path, text })));
  const out: OutputFile[] = [];
  for (const { file, text } of printed) {
    const parser = parserFor(file.path);
    const formatted =
      (file.kind === 'text' && file.formatted === true) ||
      total > limits.package ||
      text.length > limits.file;
    const content =
      parser && !formatted
        ? await clock.timeAsync('format', () =>
            format(text, parser, cache, file.kind === 'typescript' || parser.startsWith('json')),
          )
        : text;
    out.push({ path: file.path, content });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Puts the header first, except below a shebang (`#!/usr/bin/env node`), which must stay the first line of a command. */
function withHeader(body: string, header: string): string {
  const shebang = /^#!.*\n/.exec(body)?.[0] ?? '';
  return `${shebang}// ${header}\n\n${body.slice(shebang.length)}`;
}

/**
 * ts-morph's own structure printer, without the rest of `createSourceFile`: that would parse
 * the printed text into a syntax tree only for us to read the text back (most of printing's
 * time, and on a large document most of its memory). The printer and writer are the ones
 * `createSourceFile` uses (`Project.createSourceFile` in ts-morph: `structurePrinterFactory
 * .forSourceFile(…).printText(writer, structure)`), reached through a node's context because
 * ts-morph does not export them; if a later ts-morph moves them, printing falls back to
 * `createSourceFile`, which gives the same text (a test compares the two).
 */
interface PrintContext {
  createWriter(): { toString(): string };
  structurePrinterFactory: {
    forSourceFile(options: { isAmbient: boolean }): {
      printText(writer: unknown, structure: SourceFileStructure): void;
    };
  };
}

export function structurePrinter(
  project: Project,
): ((structure: SourceFileStructure) => string) | undefined {
  const probe = project.createSourceFile('/__printer.ts', '', { overwrite: true });
  const context = (probe as unknown as { _context?: Partial<PrintContext> })._context;
  project.removeSourceFile(probe);
  if (
    typeof context?.createWriter !== 'function' ||
    typeof context.structurePrinterFactory?.forSourceFile !== 'function'
  )
    return undefined;
  const { createWriter, structurePrinterFactory } = context as PrintContext;
  const printer = structurePrinterFactory.forSourceFile({ isAmbient: false });
  return (structure) => {
    const writer = createWriter.call(context);
    printer.printText(writer, structure);
    return writer.toString();
  };
}

/** The text `createSourceFile` gives for a structure: the slow path, and the reference for the fast one. */
export function printWithSourceFile(
  project: Project,
  path: string,
  structure: SourceFileStructure,
): string {
  const source = project.createSourceFile(`/${path}`, structure, { overwrite: true });
  const text = source.getFullText();
  project.removeSourceFile(source);
  return text;
}
