/**
 * Where the two specs of a comparison come from: a file, or a spec as a git revision has it
 * (`git show <rev>:<path>` for the root and for every file its `$ref`s reach, read-only).
 * Both end as a validated IR or diagnostics.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../../shared/diagnostics.js';
import { buildIr } from '../../ir/build.js';
import type { Ir } from '../../ir/types.js';
import { parseSource, type LoadResult } from '../../load/load.js';
import { diskReader, gitReader, type SpecReader } from '../../load/split/reader.js';
import { planIr } from '../../plan/index.js';
import type { TextCache } from '../../shared/cache.js';
import { validateDocument } from '../../validate/index.js';
import { loadDocument, withSwaggerConverted } from '../../load/swagger/load.js';
import type { Upgrade } from '../../load/swagger/convert.js';
import type { ReadOptions } from '../../load/split/trust.js';

const run = promisify(execFile);

export interface SpecText {
  /** How reports and diagnostics name it: the path, or `rev:path`. */
  readonly label: string;
  readonly text: string;
}

/** A spec to read: its root's path and what reads it and the files it refers to. */
export interface SpecSource {
  /** How reports name it: the path, or `rev:path`. */
  readonly label: string;
  readonly path: string;
  readonly reader: SpecReader;
}

/** A problem with the arguments themselves (exit 2), in one sentence. */
export class BaseNotFound extends Error {}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/** `--base` is a file when one exists at that path, else a git revision holding `specPath`. */
export async function readBase(base: string, specPath: string, cwd: string): Promise<SpecSource> {
  const file = resolve(cwd, base);
  if (await isFile(file)) return { label: base, path: base, reader: diskReader(cwd) };
  if (base.startsWith('-'))
    throw new BaseNotFound(`--base '${base}' is neither a file nor a git revision`);
  const revision = await git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], cwd);
  if (revision === undefined) {
    const inRepository = (await git(['rev-parse', '--git-dir'], cwd)) !== undefined;
    if (!inRepository)
      throw new BaseNotFound(
        `--base '${base}' is not a file, and this directory is not in a git repository`,
      );
    const fetch = base.includes('/') ? ' (for a remote branch, run `git fetch` first)' : '';
    throw new BaseNotFound(
      `--base '${base}' is neither a file nor a git revision in this repository${fetch}`,
    );
  }
  const reader = gitReader(revision.trim(), base, cwd);
  const root = await reader.readText(specPath).catch(() => undefined);
  if (root === undefined) throw new BaseNotFound(`${specPath} does not exist at ${base}`);
  return { label: reader.label(specPath), path: specPath, reader };
}

async function git(args: readonly string[], cwd: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', [...args], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      encoding: 'utf8',
    });
    return stdout;
  } catch {
    return undefined;
  }
}

export interface LoadedSpec {
  readonly ir?: Ir;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Parses, validates, builds and plans the IR, as `generate` does, from text already in hand.
 * @param acceptorCache the run's compiled-schema cache (`RunCaches`).
 * @param upgrade converts a Swagger 2.0 document (`loadUpgrader`); without it one is refused.
 */
export function specToIr(spec: SpecText, acceptorCache?: TextCache, upgrade?: Upgrade): LoadedSpec {
  return loadedToIr(
    withSwaggerConverted(parseSource(spec.label, spec.text), upgrade),
    acceptorCache,
  );
}

/** As `specToIr`, for a spec read through its reader, split over files or not, Swagger 2.0 or not. */
export async function sourceToIr(
  spec: SpecSource,
  acceptorCache?: TextCache,
  read: ReadOptions = {},
): Promise<LoadedSpec> {
  return loadedToIr(await loadDocument(spec.path, { ...read, reader: spec.reader }), acceptorCache);
}

function loadedToIr(loaded: LoadResult, acceptorCache?: TextCache): LoadedSpec {
  if (!loaded.document || hasErrors(loaded.diagnostics))
    return { diagnostics: sortDiagnostics(loaded.diagnostics) };
  const problems = validateDocument(loaded.document, acceptorCache);
  if (hasErrors(problems)) return { diagnostics: sortDiagnostics(problems) };
  const built = buildIr(loaded.document);
  return built.ir
    ? { ir: planIr(built.ir).ir, diagnostics: [] }
    : { diagnostics: sortDiagnostics(built.diagnostics) };
}
