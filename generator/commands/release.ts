/**
 * The release step of `generate` at the disk's edge: reads the previous state and changelog
 * from the output directory, plans the release (pure, `diff/release.ts`), and returns the
 * two files to write with the package, or a diagnostic at the spec's `info.version`.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { planRelease, updateChangelog } from '../diff/release.js';
import { renderText } from '../diff/render.js';
import { snapshotOf } from '../diff/snapshot.js';
import { parseState, serializeState, STATE_FILE } from '../diff/state-file.js';
import type { Ir } from '../ir/types.js';
import { loadSource } from '../load.js';
import type { OutputFile } from '../print.js';

export const CHANGELOG_FILE = 'CHANGELOG.md';

export interface ReleaseStepRequest {
  readonly ir: Ir;
  readonly specPath: string;
  readonly outDir: string;
  /** As the user typed it, for messages. */
  readonly outLabel: string;
  readonly header: string;
  readonly allowVersionMismatch: boolean;
}

export type ReleaseStepResult =
  | { readonly files: readonly OutputFile[] }
  | { readonly diagnostic: Diagnostic; readonly details: string };

export async function releaseStep(request: ReleaseStepRequest): Promise<ReleaseStepResult> {
  const read = (name: string) => readFile(join(request.outDir, name), 'utf8').catch(() => undefined);
  const stateText = await read(STATE_FILE);
  const state = stateText === undefined ? undefined : parseState(stateText);
  if (typeof state === 'string') {
    const file = `${request.outLabel}/${STATE_FILE}`;
    const message = `${file} cannot be read: ${state}`;
    const hint = 'restore it from git; deleting it starts a new history from the current info.version';
    return { diagnostic: { code: 'surface-state', severity: 'error', message, file, pointer: '', line: 0, column: 0, hint }, details: '' };
  }
  const loaded = await loadSource(request.specPath);
  const plan = planRelease({
    state,
    current: snapshotOf(request.ir),
    specDigest: createHash('sha256').update(JSON.stringify(loaded.document?.value ?? null)).digest('hex'),
    allowVersionMismatch: request.allowVersionMismatch,
    labels: { base: `${request.outLabel}/${STATE_FILE}`, head: request.specPath },
  });
  if (plan.problem) {
    const { line, column } = loaded.document?.locate('/info/version') ?? { line: 0, column: 0 };
    const diagnostic: Diagnostic = {
      code: 'version-step',
      severity: 'error',
      message: plan.problem.message,
      file: request.specPath,
      pointer: '/info/version',
      line,
      column,
      hint: plan.problem.hint,
    };
    return { diagnostic, details: plan.report ? renderText(plan.report) : '' };
  }
  return {
    files: [
      { path: STATE_FILE, content: serializeState(plan.state, request.header) },
      { path: CHANGELOG_FILE, content: updateChangelog(await read(CHANGELOG_FILE), plan.entry, request.header) },
    ],
  };
}
