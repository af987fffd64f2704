/**
 * A split spec made one document: every `$ref` to another file is rewritten to a local one,
 * by its OpenAPI position (`positions.ts`). A target with a `components` slot (a schema, a
 * parameter, a response…; in Swagger 2.0, `definitions`, `parameters` or `responses`) is
 * hoisted there once under a stable name (`names.ts`) and each ref to it points there; a path
 * item or an operation (no slot in OpenAPI 3.0) is inlined where it is referred to. Refs inside the root file stay as they are; refs inside another file are
 * relative to that file, `#/...` included. Cycles through files are fine for hoisted targets
 * (the second visit finds the name); a path item that contains itself is reported.
 *
 * Two passes over the same walk: the first finds every target, so names are chosen knowing
 * all of them (never by the order files were met), the second builds the value with them.
 * `mounts` says, for each subtree that came from somewhere else, which file and pointer it
 * came from: the source map `locate` reads.
 */
import { dirname, resolve } from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import {
  isUrl,
  joinPointer,
  refPointer,
  resolvePointer,
  splitPointer,
} from '../../shared/document/pointer.js';
import { isObject } from '../../shared/document/read.js';
import type { SpecFile } from './crawl.js';
import { nameTargets, type HoistTarget } from './names.js';
import type { ComponentKind } from '../../shared/document/components.js';
import { dialectOf, isComponentKind, type Dialect, type Kind } from './positions.js';

/** A place in a file: its absolute path and a pointer into it. */
export interface Origin {
  readonly file: string;
  readonly pointer: string;
}

export interface Bundle {
  readonly value: unknown;
  /** Bundled pointer → where that subtree came from; `''` is the root file. */
  readonly mounts: ReadonlyMap<string, Origin>;
  readonly diagnostics: readonly Diagnostic[];
}

export function bundleFiles(root: string, files: ReadonlyMap<string, SpecFile>): Bundle {
  const rootValue = files.get(root)?.document?.value;
  // A Swagger 2.0 spec hoists into its own top-level maps (`definitions`…), not `components`.
  const dialect = dialectOf(rootValue);
  const first = walkAll(root, files, dialect, undefined);
  const taken = (kind: ComponentKind) =>
    new Set(Object.keys(slotIn(rootValue, dialect.slot(kind) ?? [])));
  const names = nameTargets([...first.targets.values()], first.claimed, taken, dirname(root));
  return walkAll(root, files, dialect, names);
}

/** What a ref names: the file, the pointer in it (and as written) and the value there. */
interface Target {
  readonly file: string;
  readonly pointer: string;
  readonly fragment: string;
  readonly value: unknown;
  /** The whole of a text file (`isTextFile`): a string that stands only where a text may. */
  readonly text?: true;
}

interface Walked extends Bundle {
  readonly targets: ReadonlyMap<string, HoistTarget>;
  readonly claimed: ReadonlyMap<string, string>;
}

function walkAll(
  root: string,
  files: ReadonlyMap<string, SpecFile>,
  dialect: Dialect,
  names: ReadonlyMap<string, string> | undefined,
): Walked {
  const { childKind } = dialect;
  const targets = new Map<string, HoistTarget>();
  /** Target key → the root component (`/components/<kind>/<name>`) that is only a ref to it. */
  const claimedAt = new Map<string, string>();
  const claimed = new Map<string, string>();
  const hoisted = new Map<string, unknown>();
  const mounts = new Map<string, Origin>([['', { file: root, pointer: '' }]]);
  const diagnostics: Diagnostic[] = [];
  const inlining = new Set<string>();
  const nameOf = (key: string) => names?.get(key) ?? '';

  const report = (at: Origin, code: string, message: string, hint?: string): void => {
    const document = files.get(at.file)?.document;
    const pointer = joinPointer(at.pointer, '$ref');
    const where = document?.locate(pointer) ?? { line: 0, column: 0 };
    const file = document?.file ?? at.file;
    diagnostics.push(
      diagnostic({
        code,
        message,
        file,
        pointer,
        line: where.line,
        column: where.column,
        ...(hint ? { hint } : {}),
      }),
    );
  };

  /** One node to walk: `yield visit(...)` in a walker is a recursive call run by `drive`. */
  const visit = (node: unknown, kind: Kind, at: Origin, out: string): Visit => ({
    node,
    kind,
    at,
    out,
  });

  function* walk({ node, kind, at, out }: Visit): Walker<unknown> {
    if (Array.isArray(node)) {
      const items: unknown[] = [];
      for (const [i, item] of node.entries())
        items.push(
          yield visit(item, childKind(kind, String(i), item), step(at, i), joinPointer(out, i)),
        );
      return items;
    }
    const record = node as Record<string, unknown>;
    if (kind === 'mapping') return yield* mapping(record, at);
    const ref = record.$ref;
    if (typeof ref === 'string' && !isUrl(ref) && !(at.file === root && ref.startsWith('#')))
      return yield* reference(record, ref, kind, at, out);
    return yield* members(record, kind, at, out);
  }

  function* members(
    node: Record<string, unknown>,
    kind: Kind,
    at: Origin,
    out: string,
    except?: string,
  ): Walker<Record<string, unknown>> {
    const entries: [string, unknown][] = [];
    for (const [key, value] of Object.entries(node)) {
      if (key === except) continue;
      const child = visit(value, childKind(kind, key, value), step(at, key), joinPointer(out, key));
      entries.push([key, yield child]);
    }
    return Object.fromEntries(entries);
  }

  /** The place a ref names, or `undefined` once the reason it names none is reported. */
  const follow = (ref: string, at: Origin): Target | undefined => {
    const hash = ref.indexOf('#');
    const path = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    const file = path === '' ? at.file : resolve(dirname(at.file), decode(path));
    const pointer = refPointer(`#${fragment}`);
    if (pointer === undefined) {
      const hint = 'in a file other than the root, refer to a place by its JSON pointer';
      const message = `$ref '${ref}' has a fragment that is not a JSON pointer (#/...)`;
      return void report(at, 'unresolved-ref', message, hint);
    }
    const target = files.get(file);
    if (target?.text !== undefined) {
      if (pointer !== '' && pointer !== '/') {
        const message = `$ref '${ref}' points into ${target.label}, a text file, which has no parts to point to`;
        const hint = 'refer to the whole file, without a #fragment';
        return void report(at, 'unresolved-ref', message, hint);
      }
      return { file, pointer: '', fragment: '', value: target.text, text: true };
    }
    if (!target?.document) {
      // A file that failed to parse has reported its own syntax errors.
      if (target?.unreadable === undefined && target) return undefined;
      const why = target?.unreadable ?? 'not found';
      const message = `$ref '${ref}' names ${target?.label ?? file}, which cannot be read: ${why}`;
      const hint = 'check the path: it is relative to the file the $ref is written in';
      return void report(at, 'unresolved-ref', message, hint);
    }
    let found = resolvePointer(target.document.value, pointer);
    // `file.yaml#/` strictly names a member called '' (RFC 6901); written to another file it
    // means the whole file, as Redocly and json-schema-ref-parser read it.
    if (!found.found && pointer === '/') {
      found = resolvePointer(target.document.value, '');
      if (found.found) return { file, pointer: '', fragment: '', value: found.value };
    }
    if (!found.found) {
      const message = `$ref '${ref}' does not resolve: ${target.document.file} has no '#${pointer}'`;
      return void report(at, 'unresolved-ref', message);
    }
    return { file, pointer, fragment, value: found.value };
  };

  /**
   * Whether the text of a text file may stand where a `$ref` of `kind` is: as a description
   * or a summary, whose text no rule checks and no message quotes (the file is the spec's
   * author's, but a message must not print what a file holds); reported when not.
   */
  const textMayStand = (kind: Kind, ref: string, at: Origin): boolean => {
    const key = splitPointer(at.pointer)?.at(-1);
    if (kind === 'other' && key !== undefined && TEXT_KEYS.has(key)) return true;
    const what = kind === 'other' && key !== undefined ? `'${key}'` : expected(kind);
    const message = `$ref '${ref}' names a text file, which stands only for a description or a summary, not for ${what}`;
    const hint = 'refer to a .yaml or .json file here; a .md or .txt file fits a description';
    report(at, 'unsupported-ref', message, hint);
    return false;
  };

  /**
   * Hoists `target` into `components` once and returns its pointer there; `''` when it takes
   * the place of `claim`, the root component that is only a ref to it.
   */
  function* hoist(kind: ComponentKind, target: Target, claim?: string): Walker<string> {
    const key = `${kind} ${target.file}#${target.pointer}`;
    // Only a kind with a slot is hoisted (`reference`, `mapped`).
    const slot = joinPointer('', ...dialect.slot(kind)!);
    if (claim !== undefined && !claimedAt.has(key)) {
      claimedAt.set(key, claim);
      claimed.set(key, unescape(claim.slice(slot.length + 1)));
    }
    if (!targets.has(key)) {
      targets.set(key, { key, kind, file: target.file, pointer: target.pointer });
      const origin = { file: target.file, pointer: target.pointer };
      const place = claimedAt.get(key) ?? joinPointer(slot, nameOf(key));
      mounts.set(place, origin);
      hoisted.set(key, yield visit(target.value, kind, origin, place));
    }
    return claim !== undefined && claimedAt.get(key) === claim
      ? ''
      : joinPointer(slot, nameOf(key));
  }

  function* reference(
    node: Record<string, unknown>,
    ref: string,
    kind: Kind,
    at: Origin,
    out: string,
  ): Walker<unknown> {
    const target = follow(ref, at);
    if (!target) return node;
    if (target.text && !textMayStand(kind, ref, at)) return node;
    const siblings = () => members(node, kind, at, out, '$ref');
    if (target.file === root)
      return { ...(yield* members(node, kind, at, out)), $ref: `#${target.fragment}` };
    const slotTokens = isComponentKind(kind) ? dialect.slot(kind) : undefined;
    if (isComponentKind(kind) && slotTokens) {
      // A root component that is only this ref: the target takes its name and place.
      const slot = joinPointer('', ...slotTokens);
      const claim =
        at.file === root &&
        at.pointer === out &&
        /^\/[^/]*$/.test(out.slice(slot.length)) &&
        out.startsWith(slot);
      const local = yield* hoist(kind, target, claim ? out : undefined);
      if (local === '') {
        const value = hoisted.get(`${kind} ${target.file}#${target.pointer}`);
        return isObject(value) ? { ...value, ...(yield* siblings()) } : value;
      }
      return { ...(yield* members(node, kind, at, out)), $ref: asFragment(local) };
    }
    const key = `${target.file}#${target.pointer}`;
    if (inlining.has(key)) {
      report(
        at,
        'ref-cycle',
        `$ref '${ref}' leads back to itself through other files`,
        'a path item or operation cannot contain itself; only schemas and other components may refer to themselves',
      );
      return node;
    }
    inlining.add(key);
    mounts.set(out, { file: target.file, pointer: target.pointer });
    const origin = { file: target.file, pointer: target.pointer };
    const inlined = yield visit(target.value, kind, origin, out);
    inlining.delete(key);
    return isObject(inlined) ? { ...inlined, ...(yield* siblings()) } : inlined;
  }

  /**
   * A discriminator's `mapping`: a value with a `/` or `#` is a ref to a schema (a bare word is
   * a schema name), and one to another file is hoisted like a `$ref`.
   */
  function* mapping(node: Record<string, unknown>, at: Origin): Walker<Record<string, unknown>> {
    const entries: [string, unknown][] = [];
    for (const [name, value] of Object.entries(node)) {
      entries.push([name, yield* mapped(name, value, at)]);
    }
    return Object.fromEntries(entries);
  }

  function* mapped(name: string, value: unknown, at: Origin): Walker<unknown> {
    if (typeof value !== 'string' || !/[/#]/.test(value) || isUrl(value)) return value;
    if (at.file === root && value.startsWith('#')) return value;
    const where = { file: at.file, pointer: joinPointer(at.pointer, name) };
    const target = follow(value, where);
    if (!target || (target.text && !textMayStand('schemas', value, where))) return value;
    if (target.file === root) return `#${target.fragment}`;
    return asFragment(yield* hoist('schemas', target));
  }

  const rootValue = drive(
    visit(files.get(root)?.document?.value, 'document', { file: root, pointer: '' }, ''),
    walk,
  );
  if (names) place(rootValue, dialect, targets, claimedAt, hoisted, nameOf);
  for (const [, file] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    diagnostics.push(...file.diagnostics);
  return { value: rootValue, mounts, diagnostics, targets, claimed };
}

/** A call of the walk: a node, its kind, where it came from and where it goes in the bundle. */
interface Visit {
  readonly node: unknown;
  readonly kind: Kind;
  readonly at: Origin;
  readonly out: string;
}

/** A step of the walk that returns `T`; each `Visit` it yields is answered with that node walked. */
type Walker<T> = Generator<Visit, T, unknown>;

/**
 * Runs `walk` on `first` and every node it visits on a stack of its own, not the call stack:
 * a spec may be nested or chained through files to any depth (a chain of 500 files, each
 * referring to the next, overflowed the call stack). The order of every step is the
 * recursion's, so names, mounts and diagnostics come out as they would.
 */
function drive(first: Visit, walk: (visit: Visit) => Walker<unknown>): unknown {
  const leaf = (visit: Visit) =>
    visit.kind === 'data' || typeof visit.node !== 'object' || visit.node === null;
  if (leaf(first)) return first.node;
  const stack = [walk(first)];
  let answer: unknown;
  for (;;) {
    const step = stack[stack.length - 1]!.next(answer);
    if (step.done) {
      stack.pop();
      if (stack.length === 0) return step.value;
      answer = step.value;
    } else if (leaf(step.value)) {
      answer = step.value.node;
    } else {
      stack.push(walk(step.value));
      answer = undefined;
    }
  }
}

/** Puts each hoisted target not standing in a root component's place under its name. */
function place(
  value: unknown,
  dialect: Dialect,
  targets: ReadonlyMap<string, HoistTarget>,
  claimedAt: ReadonlyMap<string, string>,
  hoisted: ReadonlyMap<string, unknown>,
  nameOf: (key: string) => string,
): void {
  if (!isObject(value)) return;
  const document = value as Record<string, unknown>;
  for (const target of targets.values()) {
    if (claimedAt.has(target.key)) continue;
    let slot = document;
    for (const token of dialect.slot(target.kind)!)
      slot = (slot[token] ??= {}) as Record<string, unknown>;
    Object.defineProperty(slot, nameOf(target.key), {
      value: hoisted.get(target.key),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

/** The members whose value a text file may be: free text, never checked against a list. */
const TEXT_KEYS = new Set(['description', 'summary']);

/** What stands at a position of `kind`, for messages: "a schema", "a path item"… */
function expected(kind: Kind): string {
  const base = kind.replace(/^(?:map|list):/, '');
  const words: Readonly<Record<string, string>> = {
    schemas: 'a schema',
    parameters: 'a parameter',
    responses: 'a response',
    requestBodies: 'a request body',
    headers: 'a header',
    examples: 'an example',
    securitySchemes: 'a security scheme',
    links: 'a link',
    callbacks: 'a callback',
    pathItem: 'a path item',
    operation: 'an operation',
    mediaType: 'a media type',
    encoding: 'an encoding',
    server: 'a server',
    mapping: 'a schema',
  };
  return words[base] ?? 'an object';
}

function step(at: Origin, token: string | number): Origin {
  return { file: at.file, pointer: joinPointer(at.pointer, token) };
}

/** The map at `tokens` in `value` (empty when there is none). */
function slotIn(value: unknown, tokens: readonly string[]): Record<string, unknown> {
  return tokens.reduce<Record<string, unknown>>(
    (node, token) => asRecord(node[token]),
    asRecord(value),
  );
}

function asRecord(value: unknown): Record<string, unknown> {
  return isObject(value) ? (value as Record<string, unknown>) : {};
}

function decode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A local pointer as a ref: `#` and the pointer, with what a URI fragment cannot hold escaped. */
function asFragment(pointer: string): string {
  return `#${pointer.replace(/%/g, '%25').replace(/ /g, '%20')}`;
}
