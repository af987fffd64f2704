/**
 * `generated/api-surface.json`: the release state as a file. One schema or operation per
 * line, so a pull request's diff of it shows which ones changed, and no documentation, so
 * rewording a description touches only the spec's digest.
 */
import type { ReleaseState } from './release.js';
import type { SurfaceSource } from './snapshot.js';

export const STATE_FILE = 'api-surface.json';

/** Bumped when the stored shape changes incompatibly; an older file is then refused with a clear message. */
const FORMAT = 1;

export function serializeState(state: ReleaseState, header: string): string {
  const lines = [
    '{',
    `  "//": ${JSON.stringify(header)},`,
    `  "format": ${FORMAT},`,
    ...(state.versionCheckOverridden ? ['  "versionCheckOverridden": true,'] : []),
    ...(state.specDigest !== undefined ? [`  "specDigest": ${JSON.stringify(state.specDigest)},`] : []),
    `  "release": ${source(state.release)}${state.previous ? ',' : ''}`,
    ...(state.previous ? [`  "previous": ${source(state.previous)}`] : []),
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

function source(s: SurfaceSource): string {
  const list = (items: readonly unknown[]) => (items.length === 0 ? '[]' : `[\n${items.map((i) => `      ${JSON.stringify(i)}`).join(',\n')}\n    ]`);
  return `{\n    "version": ${JSON.stringify(s.version)},\n    "schemas": ${list(s.schemas)},\n    "operations": ${list(s.operations)}\n  }`;
}

/** The state, or a sentence saying why the text is not one. */
export function parseState(text: string): ReleaseState | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `it is not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const record = value as { format?: unknown; release?: unknown; previous?: unknown; versionCheckOverridden?: unknown; specDigest?: unknown } | null;
  if (typeof record !== 'object' || record === null) return 'it is not a JSON object';
  if (record.format !== FORMAT) return `it has format ${JSON.stringify(record.format)}, and this generator reads format ${FORMAT}`;
  if (!isSource(record.release)) return '"release" is not a recorded surface';
  if (record.previous !== undefined && !isSource(record.previous)) return '"previous" is not a recorded surface';
  return {
    release: record.release,
    ...(record.previous !== undefined ? { previous: record.previous as SurfaceSource } : {}),
    ...(record.versionCheckOverridden === true ? { versionCheckOverridden: true } : {}),
    ...(typeof record.specDigest === 'string' ? { specDigest: record.specDigest } : {}),
  };
}

function isSource(value: unknown): value is SurfaceSource {
  const s = value as Partial<Record<keyof SurfaceSource, unknown>> | null;
  return typeof s === 'object' && s !== null && typeof s.version === 'string' && Array.isArray(s.schemas) && Array.isArray(s.operations);
}
