/**
 * The release stage: decides the package version from the change in its public surface
 * (pure, `release/diff/release.ts`), before the two files that carry it are emitted, and returns it
 * with the recorded surface and the changelog. It parses nothing the generator printed: the
 * exports come from the emitters' structures. It reads nothing from disk: what the last run left is
 * given (`previous.ts`), and the spec is the document the pipeline already loaded.
 */
import { createHash } from 'node:crypto';
import { diagnostic, diagnosticAt, type Diagnostic } from '../shared/diagnostics.js';
import type { ExportedName } from '../shared/module-exports.js';
import { API_VERSION_HINT, planRelease, updateChangelog } from './diff/release.js';
import { snapshotOf } from './diff/snapshot.js';
import { CHANGELOG_FILE, serializeState, STATE_FILE } from './diff/state-file.js';
import type { PackageManifest } from '../emit/package/package.js';
import type { Ir } from '../ir/types.js';
import type { SourceDocument } from '../load/load.js';
import { readRecorded, type PreviousOutput } from './previous.js';
import type { OutputFile } from '../print/print.js';

export interface ReleaseRequest {
  readonly ir: Ir;
  /** The spec as the pipeline loaded it. */
  readonly document: SourceDocument;
  /** What the last run left in the output directory. */
  readonly previous: PreviousOutput;
  /** The package as the pipeline printed it, but for the two files that carry the version. */
  readonly files: readonly OutputFile[];
  /** package.json's content but its version, which the digest covers as well. */
  readonly manifest: PackageManifest;
  /** What the package exports, read from the emitters' structures (`structure-summary.ts`). */
  readonly exports: readonly ExportedName[];
  /** The output directory as the user typed it, for messages. */
  readonly outLabel: string;
  readonly header: string;
  /** `generate --release`: record the decided version as released. */
  readonly markReleased: boolean;
}

export type ReleaseResult =
  | {
      readonly version: string;
      /** The surface record and the changelog, to write beside the package. */
      readonly files: readonly OutputFile[];
      readonly warning?: Diagnostic;
    }
  | { readonly diagnostic: Diagnostic };

export function release(request: ReleaseRequest): ReleaseResult {
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
      digest: digestOf(request.files, request.manifest),
      specDigest: createHash('sha256').update(JSON.stringify(document.value)).digest('hex'),
      ...(request.ir.info.specRevision !== undefined
        ? { specRevision: request.ir.info.specRevision }
        : {}),
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
  const changelog = updateChangelog(recorded.changelog, plan.entry, request.header, plan.baseline);
  const files = [
    { path: STATE_FILE, content: serializeState(plan.state, request.header) },
    { path: CHANGELOG_FILE, content: changelog },
  ];
  const warning =
    plan.warning === undefined
      ? undefined
      : diagnosticAt(document, 'api-version', '/info/version', plan.warning, {
          severity: 'warning',
          hint: API_VERSION_HINT,
        });
  return { files, version: plan.version, ...(warning ? { warning } : {}) };
}

/**
 * One digest of every file and of package.json but its version: any change to the package (a
 * fix, docs, the runtime, the manifest) changes it, and the version it is about to get does not.
 */
function digestOf(files: readonly OutputFile[], manifest: PackageManifest): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)))
    hash.update(`${file.path}\0${file.content}\0`);
  hash.update(`package.json\0${JSON.stringify(manifest)}\0`);
  return hash.digest('hex');
}
