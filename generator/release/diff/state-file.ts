/**
 * `generated/api-surface.json`: the release state as a file. One field, parameter or
 * exported name per line (see `layout`), so a pull request's diff of it shows which ones
 * changed, and no documentation, so rewording a description touches only the digests.
 */
import type { ExportedName } from '../../shared/module-exports.js';
import type { PackageState, ReleaseState } from './release.js';
import type { SurfaceSource } from './snapshot.js';

export const STATE_FILE = 'api-surface.json';
/** The release record's other half: the changelog, whose entries from the last release down are kept. */
export const CHANGELOG_FILE = 'CHANGELOG.md';

/**
 * Bumped when the stored shape changes incompatibly; an unknown format is refused with a
 * clear message. Format 1 (the package version was `info.version`) is still read: its
 * release counts as the last released package version.
 */
const FORMAT = 2;

export function serializeState(state: ReleaseState, header: string): string {
  const file = {
    '//': header,
    format: FORMAT,
    current: packageState(state.current),
    ...(state.released ? { released: packageState(state.released) } : {}),
  };
  return `${layout(file, '')}\n`;
}

/**
 * The release a state builds on (`released ?? current`, what the version is decided from) as
 * the file records it: two states with the same baseline give the same output for one spec.
 */
export function baselineRecord(state: ReleaseState): string {
  return JSON.stringify(packageState(state.released ?? state.current));
}

/** The stored fields of a package state, in the order the file lists them. */
function packageState(s: PackageState): Record<string, unknown> {
  return {
    version: s.version,
    apiVersion: s.surface.version,
    digest: s.digest,
    specDigest: s.specDigest,
    ...(s.specRevision !== undefined ? { specRevision: s.specRevision } : {}),
    ...(s.surface.level !== undefined ? { surfaceLevel: s.surface.level } : {}),
    schemas: s.surface.schemas,
    operations: s.surface.operations,
    ...(s.exports ? { exports: s.exports } : {}),
  };
}

/** A value written on one line when it fits in this many characters, indentation included. */
const LINE_WIDTH = 120;

/**
 * JSON laid out for review: a value that fits on a line is one line; a longer list or object
 * puts each item or member on a line of its own, and so on down. The rule looks at each value
 * alone, never at its neighbours, so adding a field (a property, a parameter, an exported
 * name) adds its own lines and rewrites none around it but the comma before it. It knows
 * nothing of what the state holds, so the surface can gain fields without a change here.
 */
export function layout(value: unknown, indent: string, prefix = ''): string {
  const out: string[] = [];
  layoutInto(value, indent, prefix, out);
  return out.join('');
}

/**
 * `layout`, written to `out` piece by piece: joining each level's lines into a string for its
 * parent copied GitHub's 300,000 lines once for every level they sit under.
 */
function layoutInto(value: unknown, indent: string, prefix: string, out: string[]): void {
  const room = LINE_WIDTH - indent.length - prefix.length - 1;
  // Stringifying every level whole made laying out GitHub's state quadratic in its depth
  // (most of a second): a value that surely does not fit is split without being stringified.
  if (value === null || typeof value !== 'object' || jsonLengthAtLeast(value, room) <= room) {
    const compact = JSON.stringify(value);
    if (value === null || typeof value !== 'object' || compact.length <= room) {
      // As a template writes it: a member JSON leaves out (`undefined`) reads `undefined`.
      out.push(`${compact}`);
      return;
    }
  }
  const inner = `${indent}  `;
  const list = Array.isArray(value);
  const members: [string | undefined, unknown][] = list
    ? value.map((item: unknown) => [undefined, item])
    : Object.entries(value);
  const [open, close] = list ? ['[', ']'] : ['{', '}'];
  if (members.length === 0) {
    out.push(open, close);
    return;
  }
  out.push(open, '\n');
  members.forEach(([key, member], index) => {
    out.push(index === 0 ? inner : `,\n${inner}`);
    if (key === undefined) return layoutInto(member, inner, '', out);
    const name = `${JSON.stringify(key)}: `;
    out.push(name);
    layoutInto(member, inner, name, out);
  });
  out.push('\n', indent, close);
}

/**
 * A lower bound on the length of `JSON.stringify(value)`, counted only until it passes
 * `limit`: what every string, number, literal and bracket surely adds (escapes, commas
 * between members and anything `JSON.stringify` might leave out or replace are not counted).
 */
function jsonLengthAtLeast(value: unknown, limit: number): number {
  let length = 0;
  const count = (v: unknown): void => {
    if (length > limit) return;
    if (typeof v === 'string') length += v.length + 2;
    else if (typeof v === 'number') length += 1;
    else if (typeof v === 'boolean' || v === null) length += 4;
    else if (!surelyWritten(v)) return;
    else if (Array.isArray(v)) {
      length += 1 + v.length;
      for (let i = 0; i < v.length && length <= limit; i++) count(v[i]);
    } else {
      length += 2;
      const members = v as Readonly<Record<string, unknown>>;
      for (const key of Object.keys(members)) {
        if (length > limit) break;
        if (!memberWritten(members[key])) continue;
        length += key.length + 3;
        count(members[key]);
      }
    }
  };
  count(value);
  return length;
}

/** A member `JSON.stringify` surely writes (it leaves out `undefined`, functions, symbols). */
function memberWritten(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null ||
    surelyWritten(value)
  );
}

/** An object `JSON.stringify` writes as its members: one without a `toJSON` of its own. */
function surelyWritten(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function'
  );
}

/** The state, or a sentence saying why the text is not one. */
export function parseState(text: string): ReleaseState | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `it is not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const record = value as Record<string, unknown> | null;
  if (typeof record !== 'object' || record === null) return 'it is not a JSON object';
  if (record.format === 1) return fromFormat1(record);
  if (record.format !== FORMAT)
    return `it has format ${JSON.stringify(record.format)}, and this generator reads formats 1 and ${FORMAT}`;
  const current = readPackage(record.current);
  if (!current) return '"current" is not a recorded package version';
  if (record.released === undefined) return { current };
  const released = readPackage(record.released);
  return released ? { current, released } : '"released" is not a recorded package version';
}

function readPackage(value: unknown): PackageState | undefined {
  const p = value as Record<string, unknown> | null;
  if (typeof p !== 'object' || p === null) return undefined;
  const strings = ['version', 'apiVersion', 'digest', 'specDigest'].every(
    (k) => typeof p[k] === 'string',
  );
  if (
    !strings ||
    !Array.isArray(p.schemas) ||
    !Array.isArray(p.operations) ||
    (p.exports !== undefined && !Array.isArray(p.exports))
  )
    return undefined;
  const surface = {
    version: p.apiVersion,
    ...(typeof p.surfaceLevel === 'number' ? { level: p.surfaceLevel } : {}),
    schemas: p.schemas,
    operations: p.operations,
  } as SurfaceSource;
  return {
    version: p.version as string,
    digest: p.digest as string,
    specDigest: p.specDigest as string,
    ...(typeof p.specRevision === 'number' ? { specRevision: p.specRevision } : {}),
    surface,
    ...(p.exports !== undefined ? { exports: p.exports as ExportedName[] } : {}),
  };
}

/** Format 1 kept the API surface under `release` and used `info.version` as the package version; it had no file digest. */
function fromFormat1(record: Record<string, unknown>): ReleaseState | string {
  const release = record.release as Partial<SurfaceSource> | null;
  if (
    typeof release !== 'object' ||
    release === null ||
    typeof release.version !== 'string' ||
    !Array.isArray(release.schemas) ||
    !Array.isArray(release.operations)
  ) {
    return '"release" is not a recorded surface';
  }
  const specDigest = typeof record.specDigest === 'string' ? record.specDigest : '';
  return {
    current: {
      version: release.version,
      digest: '',
      specDigest,
      surface: release as SurfaceSource,
    },
  };
}
