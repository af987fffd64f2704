/**
 * The release step of `generate` at the disk's edge: reads the recorded state and changelog
 * from the output directory, reads the new package's public surface from the files just
 * generated, decides the package version (pure, `diff/release.ts`), and returns the package
 * with its version written in, plus the state file and the changelog.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { exportedNames, type ExportedName } from '../diff/exports.js';
import { planRelease, updateChangelog, type ReleaseState } from '../diff/release.js';
import { snapshotOf } from '../diff/snapshot.js';
import { parseState, serializeState, STATE_FILE } from '../diff/state-file.js';
import { emitVersioned } from '../emit/index.js';
import { SOURCE_DIR } from '../emit/model.js';
import { packageEntries } from '../emit/package.js';
import type { Ir } from '../ir/types.js';
import { loadSource } from '../load.js';
import { printFiles, type OutputFile } from '../print.js';

export const CHANGELOG_FILE = 'CHANGELOG.md';

export interface ReleaseStepRequest {
  readonly ir: Ir;
  /** The package as the pipeline printed it, with the neutral package version. */
  readonly files: readonly OutputFile[];
  readonly specPath: string;
  readonly outDir: string;
  /** As the user typed it, for messages. */
  readonly outLabel: string;
  readonly header: string;
  /** `generate --release`: record the decided version as released. */
  readonly markReleased: boolean;
}

export type ReleaseStepResult =
  | { readonly files: readonly OutputFile[]; readonly version: string; readonly warning?: Diagnostic }
  | { readonly diagnostic: Diagnostic };

export async function releaseStep(request: ReleaseStepRequest): Promise<ReleaseStepResult> {
  const read = (name: string) => readFile(join(request.outDir, name), 'utf8').catch(() => undefined);
  const stateFile = `${request.outLabel}/${STATE_FILE}`;
  const stateText = await read(STATE_FILE);
  const parsed = stateText === undefined ? undefined : parseState(stateText);
  if (typeof parsed === 'string') {
    const hint = 'restore it from git; deleting it starts a new history at the current info.version';
    return { diagnostic: { code: 'surface-state', severity: 'error', message: `${stateFile} cannot be read: ${parsed}`, file: stateFile, pointer: '', line: 0, column: 0, hint } };
  }
  const sources = new Map(request.files.map((f) => [f.path, f.content]));
  const entries = packageEntries(request.files.map((f) => f.path));
  const loaded = await loadSource(request.specPath);
  const state = parsed && (await withRecordedExports(parsed, request.outDir, entries));
  const plan = planRelease({
    ...(state ? { state } : {}),
    now: {
      digest: digestOf(request.files),
      specDigest: createHash('sha256').update(JSON.stringify(loaded.document?.value ?? null)).digest('hex'),
      surface: snapshotOf(request.ir),
      exports: exportedNames(sources, entries),
    },
    markReleased: request.markReleased,
    labels: { base: stateFile, head: request.specPath },
  });
  if (plan.problem) {
    return { diagnostic: { code: 'surface-state', severity: 'error', message: `${stateFile}: ${plan.problem}`, file: stateFile, pointer: '', line: 0, column: 0, hint: 'restore it from git' } };
  }
  const sourcePaths = request.files.map((f) => f.path);
  const versioned = await printFiles(emitVersioned(request.ir, request.header, sourcePaths, plan.version), request.header);
  const replaced = new Map(versioned.map((f) => [f.path, f]));
  const changelog = updateChangelog(await read(CHANGELOG_FILE), plan.entry, request.header, plan.baseline);
  const files = [
    ...request.files.map((f) => replaced.get(f.path) ?? f),
    { path: STATE_FILE, content: serializeState(plan.state, request.header) },
    { path: CHANGELOG_FILE, content: changelog },
  ];
  const warning = plan.warning === undefined ? undefined : versionWarning(request.specPath, loaded.document, plan.warning);
  return { files, version: plan.version, ...(warning ? { warning } : {}) };
}

/** One digest of every file: any change to the package (a fix, docs, the runtime) changes it. */
function digestOf(files: readonly OutputFile[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) hash.update(`${file.path}\0${file.content}\0`);
  return hash.digest('hex');
}

/**
 * A record from before exported names were recorded (format 1) describes the package now in
 * the output directory, so its names are read from there: the first run of this generator
 * then reports what it renamed, instead of comparing on the API surface alone.
 */
async function withRecordedExports(state: ReleaseState, outDir: string, entries: ReturnType<typeof packageEntries>): Promise<ReleaseState> {
  if (state.current.exports !== undefined || state.released !== undefined) return state;
  const names = await readDir(join(outDir, SOURCE_DIR));
  const files = new Map<string, string>();
  for (const name of names.filter((n) => n.endsWith('.ts'))) files.set(`${SOURCE_DIR}/${name.split('\\').join('/')}`, await readFile(join(outDir, SOURCE_DIR, name), 'utf8'));
  const exports: ExportedName[] = exportedNames(files, entries);
  return { current: { ...state.current, exports } };
}

async function readDir(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true }).catch(() => [] as string[])).sort();
}

function versionWarning(specPath: string, document: Awaited<ReturnType<typeof loadSource>>['document'], message: string): Diagnostic {
  const { line, column } = document?.locate('/info/version') ?? { line: 0, column: 0 };
  return { code: 'api-version', severity: 'warning', message, file: specPath, pointer: '/info/version', line, column };
}
