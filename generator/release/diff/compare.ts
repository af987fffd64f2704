/**
 * Surface × Surface → the changes between them, as neutral facts ("this field became
 * optional"). Whether a fact breaks a client is decided separately, by the rules table.
 */
import { compareLimits, LATER_KEYS, type Limits } from './limits.js';
import { code, joinPhrases, specText, type Phrase } from './phrase.js';
import type { Surface, SurfaceEntry } from './surface-model.js';

export type ChangeKind =
  | 'added'
  | 'removed'
  | 'made-required'
  | 'made-optional'
  | 'made-nullable'
  | 'made-non-nullable'
  | 'type-changed'
  | 'body-added'
  | 'body-removed'
  | 'value-added'
  | 'value-removed'
  | 'variant-added'
  | 'variant-removed'
  | 'client-renamed'
  | 'deprecated'
  | 'constraint-narrowed'
  | 'constraint-widened'
  | 'constraint-replaced'
  | 'media-type-added'
  | 'media-type-removed';

export interface Change {
  readonly kind: ChangeKind;
  /** The entry as the head spec has it (as the base had it, for removals). */
  readonly entry: SurfaceEntry;
  /** What changed, for the reader: `string → integer`, the enum values, the old and new client names. */
  readonly detail?: Phrase;
}

const NO_BODY = 'no body';

/** Changes whose descendants are not worth listing separately: the whole subtree is new, gone or different. */
const COVERS_SUBTREE: ReadonlySet<ChangeKind> = new Set([
  'added',
  'removed',
  'type-changed',
  'body-added',
  'body-removed',
]);

/** What both sides recorded: a surface from an older record leaves out what it did not hold. */
interface Recorded {
  readonly skipLimits: ReadonlySet<keyof Limits>;
  readonly mediaTypes: boolean;
}

export function compareSurfaces(base: Surface, head: Surface): Change[] {
  const before = new Map(base.entries.map((e) => [e.key, e]));
  const after = new Map(head.entries.map((e) => [e.key, e]));
  const both = Math.min(base.level ?? 1, head.level ?? 1) >= 2;
  const recorded: Recorded = {
    skipLimits: new Set(both ? [] : LATER_KEYS),
    mediaTypes: both,
  };
  // Loops rather than `flatMap`s and spreads: a large surface (Jira's, GitHub's) has a hundred
  // thousand entries or more, nearly all unchanged, and each one's arrays and closures added up.
  const changes: Change[] = [];
  for (const entry of head.entries) {
    const old = before.get(entry.key);
    if (!old) changes.push({ kind: 'added', entry });
    else if (!unchanged(old, entry, recorded)) changes.push(...entryChanges(old, entry, recorded));
  }
  for (const entry of base.entries)
    if (!after.has(entry.key)) changes.push({ kind: 'removed', entry });
  // Either side's entry by key, the head's first: a merged copy of both maps cost as much again.
  const either = (key: string) => after.get(key) ?? before.get(key);
  const silent = new Set(
    changes
      .filter((c) => c.entry.member && (c.kind === 'added' || c.kind === 'removed'))
      .map((c) => c.entry.key),
  );
  return withoutCoveredDescendants(changes, either).filter((c) => !silent.has(c.entry.key));
}

/**
 * Whether `entryChanges` would find nothing, said without building its lists: true only when
 * every field it compares is the same (equal lists give no media type, value or variant change;
 * no limits on either side give no constraint change).
 */
function unchanged(old: SurfaceEntry, now: SurfaceEntry, recorded: Recorded): boolean {
  return (
    old.type === now.type &&
    old.client === now.client &&
    old.required === now.required &&
    old.nullable === now.nullable &&
    (old.deprecated || !now.deprecated) &&
    old.limits === undefined &&
    now.limits === undefined &&
    sameList(old.values, now.values) &&
    sameList(old.variants, now.variants) &&
    (!recorded.mediaTypes || sameList(old.mediaTypes, now.mediaTypes))
  );
}

function sameList<T>(old: readonly T[] = [], now: readonly T[] = []): boolean {
  return old.length === now.length && old.every((v, i) => v === now[i]);
}

function entryChanges(old: SurfaceEntry, now: SurfaceEntry, recorded: Recorded): Change[] {
  const changes: Change[] = [];
  const add = (kind: ChangeKind, detail?: Phrase) =>
    changes.push({ kind, entry: now, ...(detail !== undefined ? { detail } : {}) });
  // A body read another way (JSON → text, bytes → JSON) is a change of its media types even
  // where its type changed too, or where one side's type is not described (bytes).
  if (recorded.mediaTypes && old.mediaTypes?.length && now.mediaTypes?.length)
    mediaTypeChanges(old.mediaTypes, now.mediaTypes, now.side).forEach((c) =>
      add(c.kind, c.detail),
    );
  if (old.type !== now.type) {
    if (old.type === NO_BODY) add('body-added', [specText(now.type)]);
    else if (now.type === NO_BODY) add('body-removed', [specText(old.type)]);
    else add('type-changed', [specText(old.type), ' → ', specText(now.type)]);
    return changes;
  }
  for (const c of compareLimits(old.limits, now.limits, recorded.skipLimits))
    add(`constraint-${c.direction}`, c.detail);
  if (old.client !== now.client)
    add('client-renamed', [specText(old.client ?? ''), ' → ', specText(now.client ?? '')]);
  if (!old.deprecated && now.deprecated) add('deprecated');
  if (old.required !== now.required) add(now.required ? 'made-required' : 'made-optional');
  if (old.nullable !== now.nullable) add(now.nullable ? 'made-nullable' : 'made-non-nullable');
  listChanges(old.values, now.values, 'value-added', 'value-removed').forEach((c) =>
    add(c.kind, c.detail),
  );
  listChanges(old.variants, now.variants, 'variant-added', 'variant-removed').forEach((c) =>
    add(c.kind, c.detail),
  );
  return changes;
}

function listChanges<T extends string | number>(
  old: readonly T[] = [],
  now: readonly T[] = [],
  added: ChangeKind,
  removed: ChangeKind,
): { kind: ChangeKind; detail: Phrase }[] {
  // Most lists are unchanged: said without a search. Sets, as enums run to hundreds of values.
  if (old.length === now.length && old.every((v, i) => v === now[i])) return [];
  const had = new Set(old);
  const has = new Set(now);
  const gained = now.filter((v) => !had.has(v));
  const lost = old.filter((v) => !has.has(v));
  const show = (values: readonly T[]) => list(values.map(String));
  return [
    ...(gained.length > 0 ? [{ kind: added, detail: show(gained) }] : []),
    ...(lost.length > 0 ? [{ kind: removed, detail: show(lost) }] : []),
  ];
}

/** `` `a`, `b` ``: values, variants, media types. */
function list(items: readonly string[]): Phrase {
  return joinPhrases(
    items.map((item) => [code(item)]),
    ', ',
  );
}

/** `*\/*` and `image/*` cover the types they name; a type covers itself. */
function covers(range: string, type: string): boolean {
  if (range === type || range === '*/*') return true;
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1));
}

/**
 * Media types gained and lost, where a wildcard counts for the types it covers: a request
 * body still accepts a type a new wildcard covers, and a response whose wildcard became the
 * types inside it (as springdoc's `*\/*` becomes `application/json`) only narrowed.
 */
function mediaTypeChanges(
  old: readonly string[],
  now: readonly string[],
  side: SurfaceEntry['side'],
): { kind: ChangeKind; detail: Phrase }[] {
  const kept = (type: string) =>
    now.some((n) => covers(n, type) || (side === 'response' && covers(type, n)));
  const show = list;
  const gained = now.filter((t) => !old.includes(t));
  const lost = old.filter((t) => !kept(t));
  return [
    ...(gained.length > 0 ? [{ kind: 'media-type-added' as const, detail: show(gained) }] : []),
    ...(lost.length > 0 ? [{ kind: 'media-type-removed' as const, detail: show(lost) }] : []),
  ];
}

/** A new object is one change, not one per field in it. */
function withoutCoveredDescendants(
  changes: readonly Change[],
  entryAt: (key: string) => SurfaceEntry | undefined,
): Change[] {
  const covering = new Set(
    changes.filter((c) => COVERS_SUBTREE.has(c.kind)).map((c) => c.entry.key),
  );
  const covered = (entry: SurfaceEntry): boolean => {
    for (let parent = entry.parent; parent !== undefined; parent = entryAt(parent)?.parent) {
      if (covering.has(parent)) return true;
    }
    return false;
  };
  return changes.filter((c) => !covered(c.entry));
}
