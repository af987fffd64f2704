/**
 * The release stage: decides the package version from the change in its public surface
 * (pure, `diff/release.ts`) and returns the package with that version written in, plus the
 * recorded surface and the changelog. It reads nothing from disk: what the last run left is
 * given (`previous.ts`), and the spec is the document the pipeline already loaded.
 */
import { createHash } from 'node:crypto';
import { diagnostic, diagnosticAt, type Diagnostic } from './diagnostics.js';
import type { ExportedName } from './diff/exports.js';
import { planRelease, updateChangelog, type ReleaseState } from './diff/release.js';
import { snapshotOf } from './diff/snapshot.js';
import { CHANGELOG_FILE, serializeState, STATE_FILE } from './diff/state-file.js';
import { emitVersioned } from './emit/index.js';
import type { Ir } from './ir/types.js';
import type { SourceDocument } from './load.js';
import { readRecorded, type PreviousOutput } from './previous.js';
import type { TextCache } from './cache.js';
import { limitsWithin, printFiles, type OutputFile } from './print.js';

export interface ReleaseRequest {
  readonly ir: Ir;
  /** The spec as the pipeline loaded it. */
  readonly document: SourceDocument;
  /** What the last run left in the output directory. */
  readonly previous: PreviousOutput;
  /** The package as the pipeline printed it, with the neutral package version. */
  readonly files: readonly OutputFile[];
  /** What the package exports, read from the emitters' structures (`structure-summary.ts`). */
  readonly exports: readonly ExportedName[];
  /** The output directory as the user typed it, for messages. */
  readonly outLabel: string;
  readonly header: string;
  /** `generate --release`: record the decided version as released. */
  readonly markReleased: boolean;
  /** Prettier's answers, the run's (`RunCaches`). */
  readonly formatCache?: TextCache;
}

export type ReleaseResult =
  | {
      readonly files: readonly OutputFile[];
      readonly version: string;
      readonly warning?: Diagnostic;
    }
  | { readonly diagnostic: Diagnostic };

export async function release(request: ReleaseRequest): Promise<ReleaseResult> {
  const { previous, document } = request;
  const recorded = readRecorded(previous, request.outLabel);
  if ('problem' in recorded) {
    const { file, problem, hint } = recorded;
    return { diagnostic: diagnostic({ code: 'surface-state', message: problem, file, hint }) };
  }
  const stateFile = `${request.outLabel}/${STATE_FILE}`;
  const state = recorded.state;
  const plan = planRelease({
    ...(state ? { state } : {}),
    now: {
      digest: digestOf(request.files),
      specDigest: createHash('sha256').update(JSON.stringify(document.value)).digest('hex'),
      surface: snapshotOf(request.ir),
      exports: request.exports,
    },
    markReleased: request.markReleased,
    labels: { base: stateFile, head: document.file },
  });
  if (plan.problem) {
    return {
      diagnostic: diagnostic({
        code: 'surface-state',
        message: `${stateFile}: ${plan.problem}`,
        file: stateFile,
        hint: 'restore it from git',
      }),
    };
  }
  const sourcePaths = request.files.map((f) => f.path);
  const versioned = await printFiles(
    emitVersioned(request.ir, request.header, sourcePaths, plan.version),
    request.header,
    request.formatCache,
    limitsWithin(request.files),
  );
  const replaced = new Map(versioned.map((f) => [f.path, f]));
  const changelog = updateChangelog(recorded.changelog, plan.entry, request.header, plan.baseline);
  const files = [
    ...request.files.map((f) => replaced.get(f.path) ?? f),
    { path: STATE_FILE, content: serializeState(plan.state, request.header) },
    { path: CHANGELOG_FILE, content: changelog },
  ];
  const warning =
    plan.warning === undefined
      ? undefined
      : diagnosticAt(document, 'api-version', '/info/version', plan.warning, {
          severity: 'warning',
        });
  return { files, version: plan.version, ...(warning ? { warning } : {}) };
}

/** One digest of every file: any change to the package (a fix, docs, the runtime) changes it. */
function digestOf(files: readonly OutputFile[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
    hash.update(`${file.path}\0${file.content}\0`);
  return hash.digest('hex');
}
