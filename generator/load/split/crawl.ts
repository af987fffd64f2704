/**
 * Finds and parses every file a split spec reaches through `$ref`s. Each relative ref is
 * resolved against the file it is written in, as the bundler (`bundle.ts`) resolves it, and
 * as Redocly does; where a 3.1 schema's `$id` makes JSON Schema read it elsewhere,
 * `schema-ids.ts` says so or reads it so, once every file is met. Every `$ref` whose value
 * names a file is followed, wherever it stands; the bundler decides which of them are refs
 * and reports there.
 *
 * What may be read is decided first (`trust.ts`): a file outside the roots, inside `.git`, or
 * that is not a regular file within the limits is not read, only recorded with the reason,
 * and the bundler reports it at the `$ref` that needs it. Once every file is met, one
 * `git check-ignore` says which of them git ignores; those are dropped (their text never
 * leaves this module), with whatever only they led to. URLs are not fetched. No problem
 * stops the crawl: what is missing or broken is reported later, at the `$ref` that names it.
 */
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Diagnostic } from '../../shared/diagnostics.js';
import { describeFsError, parseSource, type SourceDocument } from '../load.js';
import type { SpecReader } from './reader.js';
import { isUrl } from '../../shared/document/pointer.js';
import {
  DEFAULT_LIMITS,
  IGNORED,
  ignoreUnknown,
  isInside,
  ReadRefused,
  refusalFor,
  tooLarge,
  type ReadOptions,
  type Refusal,
  type RefScope,
} from './trust.js';

/** One file of a split spec: parsed, or why not. Keyed by absolute path. */
export interface SpecFile {
  /** As the user would name it: relative to the working directory unless the root was absolute. */
  readonly path: string;
  /** As diagnostics name it (`SpecReader.label`). */
  readonly label: string;
  readonly document?: SourceDocument;
  /** The file's own load diagnostics (syntax), named by its label. */
  readonly diagnostics: readonly Diagnostic[];
  /** Why the file could not be read, when it could not. */
  readonly unreadable?: string;
  /** When it was not read because the rules of `trust.ts` refuse it: the code and hint to report. */
  readonly refusal?: Refusal;
  /**
   * A text file (`isTextFile`): its whole text, not parsed, and `document` unset. It is what
   * a `$ref` to it stands for, where a string may stand (a description).
   */
  readonly text?: string;
}

/**
 * Files a `$ref` names for their text, not a document: Markdown, plain text and HTML, as
 * Redocly reads a file that is not JSON or YAML (DigitalOcean keeps its tags' descriptions
 * in `.md` files). Anything else is parsed as JSON or YAML, whatever its extension.
 */
const TEXT_EXTENSIONS = /\.(?:md|markdown|txt|html?)$/i;

export function isTextFile(path: string): boolean {
  return TEXT_EXTENSIONS.test(path);
}

/** Parses every file reachable from `root` (already loaded as `rootDocument`), root included. */
export async function crawlFiles(
  rootAbsolute: string,
  rootPath: string,
  rootDocument: SourceDocument,
  reader: SpecReader,
  options: ReadOptions = {},
): Promise<Map<string, SpecFile>> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const files = new Map<string, SpecFile>([
    [
      rootAbsolute,
      { path: rootPath, label: rootDocument.file, document: rootDocument, diagnostics: [] },
    ],
  ]);
  const userPath = (absolute: string): string =>
    isAbsolute(rootPath) ? absolute : relative(reader.cwd, absolute) || absolute;
  const shown = (path: string): string => {
    const rel = relative(reader.cwd, path);
    return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel;
  };
  const scope = await refScope(reader, rootPath, options.refRoots ?? []);
  /** File → the files its `$ref`s name. */
  const edges = new Map<string, readonly string[]>([
    [rootAbsolute, fileRefs(rootDocument.value, rootAbsolute)],
  ]);
  /** Files read, by real path, for the ignore check. */
  const real = new Map<string, string>();
  let total = 0;

  const refused = (absolute: string, refusal: Refusal): SpecFile => {
    const path = userPath(absolute);
    return { path, label: reader.label(path), diagnostics: [], unreadable: refusal.why, refusal };
  };
  const read = async (absolute: string): Promise<SpecFile> => {
    const path = userPath(absolute);
    const label = reader.label(path);
    const unreadable = (error: unknown): SpecFile =>
      error instanceof ReadRefused
        ? refused(absolute, error.refusal)
        : { path, label, diagnostics: [], unreadable: describeFsError(error) };
    let at: string;
    try {
      at = await reader.realPath(path);
    } catch (error) {
      // A missing file outside the roots is refused like an existing one: which files exist
      // out there is not the spec's to learn.
      const guess = await nearestRealPath(reader, absolute);
      const refusal = guess === undefined ? undefined : refusalFor(scope, guess, absolute, shown);
      return refusal ? refused(absolute, refusal) : unreadable(error);
    }
    const refusal = refusalFor(scope, at, absolute, shown);
    if (refusal) return refused(absolute, refusal);
    const allowance = Math.min(limits.maxFileBytes, limits.maxTotalBytes - total);
    let text: string;
    try {
      // The real path: what was checked is what is read.
      text = await reader.readText(at, Math.max(allowance, 0));
    } catch (error) {
      // Over what is left of the total rather than over the limit per file: the total is the one to raise.
      if (
        error instanceof ReadRefused &&
        error.refusal.code === 'file-too-large' &&
        allowance < limits.maxFileBytes
      )
        return refused(absolute, tooLarge(undefined, limits.maxTotalBytes, true));
      return unreadable(error);
    }
    total += Buffer.byteLength(text, 'utf8');
    real.set(absolute, at);
    // Line ends as the text means them, whatever system wrote it.
    if (isTextFile(absolute)) return { path, label, diagnostics: [], text: asText(text) };
    const loaded = parseSource(label, text);
    return {
      path,
      label,
      diagnostics: loaded.diagnostics,
      ...(loaded.document ? { document: { ...loaded.document, files: [path] } } : {}),
    };
  };

  // Breadth first, each file's refs in order: the same files read in the same order on every run.
  const queue = [rootAbsolute];
  for (let next = 0; next < queue.length; next += 1) {
    for (const target of edges.get(queue[next]!) ?? []) {
      if (files.has(target)) continue;
      const file = await read(target);
      files.set(target, file);
      if (!file.document) continue;
      edges.set(target, fileRefs(file.document.value, target));
      queue.push(target);
    }
  }

  if (scope.workTree !== undefined && real.size > 0) {
    // A folder named in refRoots is read whole: the ignore rule guards what nobody named (a
    // spec installed under node_modules, which git ignores, is read by naming its folder).
    const inTree = [...real].filter(
      ([, at]) => isInside(scope.workTree!, at) && !scope.extra.some((root) => isInside(root, at)),
    );
    const rootReal = await reader.realPath(rootPath).catch(() => undefined);
    const asked = [...new Set([...inTree.map(([, at]) => at), ...(rootReal ? [rootReal] : [])])];
    const ignoredBy = await reader.ignored(scope.workTree, asked).then(
      (ignored) => (at: string) =>
        // A root spec git ignores is build output or an installed package, not something a
        // pull request commits: the files beside it and below are its own, and are read.
        ignored.has(at) &&
        !(rootReal !== undefined && ignored.has(rootReal) && isInside(dirname(rootReal), at))
          ? IGNORED
          : undefined,
      (error: Error) => {
        const unknown = ignoreUnknown(error.message);
        return () => unknown;
      },
    );
    for (const [absolute, at] of inTree) {
      const refusal = ignoredBy(at);
      if (refusal) {
        files.set(absolute, refused(absolute, refusal));
        edges.delete(absolute);
      }
    }
    return reachable(files, edges, rootAbsolute);
  }
  return files;
}

/**
 * The default root and the `refRoots`, as real paths. The work tree is looked for only here,
 * once a ref names another file: a spec in one file never gets this far.
 */
async function refScope(
  reader: SpecReader,
  rootPath: string,
  refRoots: readonly string[],
): Promise<RefScope> {
  const specDir = dirname(
    await reader.realPath(rootPath).catch(() => resolve(reader.cwd, rootPath)),
  );
  const workTree = await reader.workTree(specDir).catch(() => undefined);
  const extra = await Promise.all(
    refRoots.map((dir) => reader.realPath(dir).catch(() => resolve(reader.cwd, dir))),
  );
  return { root: workTree ?? specDir, ...(workTree !== undefined ? { workTree } : {}), extra };
}

/** Only the files still reached from the root once ignored ones are dropped (with their diagnostics). */
function reachable(
  files: ReadonlyMap<string, SpecFile>,
  edges: ReadonlyMap<string, readonly string[]>,
  root: string,
): Map<string, SpecFile> {
  const kept = new Map<string, SpecFile>([[root, files.get(root)!]]);
  const queue = [root];
  for (let next = 0; next < queue.length; next += 1) {
    for (const target of edges.get(queue[next]!) ?? []) {
      const file = files.get(target);
      if (kept.has(target) || !file) continue;
      kept.set(target, file);
      queue.push(target);
    }
  }
  return kept;
}

/**
 * The files `value`'s `$ref`s name (not `#...`, not URLs), resolved against `file` as the
 * bundler resolves them, in the order met. Iterative: a deeply nested file cannot overflow.
 */
function fileRefs(value: unknown, file: string): string[] {
  const found = new Set<string>();
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push(node[i]);
      continue;
    }
    const members = Object.entries(node);
    for (let i = members.length - 1; i >= 0; i -= 1) {
      const [key, member] = members[i]!;
      if (key === '$ref' && typeof member === 'string') {
        if (member.startsWith('#') || isUrl(member)) continue;
        const hash = member.indexOf('#');
        const path = hash < 0 ? member : member.slice(0, hash);
        if (path !== '') found.add(resolve(dirname(file), decode(path)));
      } else if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  return [...found];
}

/** A text file's text as a string value: without a byte order mark, lines ending in `\n`. */
function asText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

function decode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The real path `absolute` would have: its nearest existing folder's real path, and the rest. */
async function nearestRealPath(reader: SpecReader, absolute: string): Promise<string | undefined> {
  const rest: string[] = [];
  for (let at = absolute; ; at = dirname(at)) {
    const real = await reader.realPath(at).catch(() => undefined);
    if (real !== undefined) return join(real, ...rest.reverse());
    if (dirname(at) === at) return undefined;
    rest.push(basename(at));
  }
}
