/**
 * A split spec made one document: every `$ref` to another file is rewritten to a local one,
 * by its OpenAPI position (`positions.ts`). A target with a `components` slot (a schema, a
 * parameter, a response…) is hoisted there once under a stable name (`names.ts`) and each ref
 * to it points there; a path item or an operation (no slot in OpenAPI 3.0) is inlined where
 * it is referred to. Refs inside the root file stay as they are; refs inside another file are
 * relative to that file, `#/...` included. Cycles through files are fine for hoisted targets
 * (the second visit finds the name); a path item that contains itself is reported.
 *
 * Two passes over the same walk: the first finds every target, so names are chosen knowing
 * all of them (never by the order files were met), the second builds the value with them.
 * `mounts` says, for each subtree that came from somewhere else, which file and pointer it
 * came from: the source map `locate` reads.
 */
import { dirname, resolve } from 'node:path';
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { isUrl, joinPointer, refPointer, resolvePointer } from '../document/pointer.js';
import { isObject } from '../document/read.js';
import type { SpecFile } from './crawl.js';
import { nameTargets, type HoistTarget } from './names.js';
import type { ComponentKind } from '../document/components.js';
import { childKind, isComponentKind, type Kind } from './positions.js';

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
  const first = walkAll(root, files, undefined);
  const rootValue = files.get(root)?.document?.value;
  const taken = (kind: ComponentKind) =>
    new Set(Object.keys(asRecord(asRecord(asRecord(rootValue).components)[kind])));
  const names = nameTargets([...first.targets.values()], first.claimed, taken, dirname(root));
  return walkAll(root, files, names);
}

/** What a ref names: the file, the pointer in it (and as written) and the value there. */
interface Target {
  readonly file: string;
  readonly pointer: string;
  readonly fragment: string;
  readonly value: unknown;
}

interface Walked extends Bundle {
  readonly targets: ReadonlyMap<string, HoistTarget>;
  readonly claimed: ReadonlyMap<string, string>;
}

function walkAll(
  root: string,
  files: ReadonlyMap<string, SpecFile>,
  names: ReadonlyMap<string, string> | undefined,
): Walked {
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

  const walk = (node: unknown, kind: Kind, at: Origin, out: string): unknown => {
    if (kind === 'data' || typeof node !== 'object' || node === null) return node;
    if (Array.isArray(node)) {
      return node.map((item, i) =>
        walk(item, childKind(kind, String(i), item), step(at, i), joinPointer(out, i)),
      );
    }
    if (kind === 'mapping') return mapping(node as Record<string, unknown>, at);
    const ref = (node as Record<string, unknown>).$ref;
    if (typeof ref === 'string' && !isUrl(ref) && !(at.file === root && ref.startsWith('#')))
      return reference(node as Record<string, unknown>, ref, kind, at, out);
    return members(node as Record<string, unknown>, kind, at, out);
  };

  const members = (
    node: Record<string, unknown>,
    kind: Kind,
    at: Origin,
    out: string,
    except?: string,
  ): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node)
        .filter(([key]) => key !== except)
        .map(([key, value]) => [
          key,
          walk(value, childKind(kind, key, value), step(at, key), joinPointer(out, key)),
        ]),
    );

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
   * Hoists `target` into `components` once and returns its pointer there; `''` when it takes
   * the place of `claim`, the root component that is only a ref to it.
   */
  const hoist = (kind: ComponentKind, target: Target, claim?: string): string => {
    const key = `${kind} ${target.file}#${target.pointer}`;
    const slot = joinPointer('', 'components', kind);
    if (claim !== undefined && !claimedAt.has(key)) {
      claimedAt.set(key, claim);
      claimed.set(key, unescape(claim.slice(slot.length + 1)));
    }
    if (!targets.has(key)) {
      targets.set(key, { key, kind, file: target.file, pointer: target.pointer });
      const origin = { file: target.file, pointer: target.pointer };
      const place = claimedAt.get(key) ?? joinPointer(slot, nameOf(key));
      mounts.set(place, origin);
      hoisted.set(key, walk(target.value, kind, origin, place));
    }
    return claim !== undefined && claimedAt.get(key) === claim
      ? ''
      : joinPointer(slot, nameOf(key));
  };

  const reference = (
    node: Record<string, unknown>,
    ref: string,
    kind: Kind,
    at: Origin,
    out: string,
  ): unknown => {
    const target = follow(ref, at);
    if (!target) return node;
    const siblings = () => members(node, kind, at, out, '$ref');
    if (target.file === root)
      return { ...members(node, kind, at, out), $ref: `#${target.fragment}` };
    if (isComponentKind(kind)) {
      // A root component that is only this ref: the target takes its name and place.
      const slot = joinPointer('', 'components', kind);
      const claim =
        at.file === root &&
        at.pointer === out &&
        /^\/[^/]*$/.test(out.slice(slot.length)) &&
        out.startsWith(slot);
      const local = hoist(kind, target, claim ? out : undefined);
      if (local === '') {
        const value = hoisted.get(`${kind} ${target.file}#${target.pointer}`);
        return isObject(value) ? { ...value, ...siblings() } : value;
      }
      return { ...members(node, kind, at, out), $ref: asFragment(local) };
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
    const inlined = walk(target.value, kind, { file: target.file, pointer: target.pointer }, out);
    inlining.delete(key);
    return isObject(inlined) ? { ...inlined, ...siblings() } : inlined;
  };

  /**
   * A discriminator's `mapping`: a value with a `/` or `#` is a ref to a schema (a bare word is
   * a schema name), and one to another file is hoisted like a `$ref`.
   */
  const mapping = (node: Record<string, unknown>, at: Origin): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(node).map(([name, value]) => {
        if (typeof value !== 'string' || !/[/#]/.test(value) || isUrl(value)) return [name, value];
        if (at.file === root && value.startsWith('#')) return [name, value];
        const target = follow(value, { file: at.file, pointer: joinPointer(at.pointer, name) });
        if (!target) return [name, value];
        if (target.file === root) return [name, `#${target.fragment}`];
        return [name, asFragment(hoist('schemas', target))];
      }),
    );

  const rootValue = walk(
    files.get(root)?.document?.value,
    'document',
    { file: root, pointer: '' },
    '',
  );
  if (names) place(rootValue, targets, claimedAt, hoisted, nameOf);
  for (const [, file] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    diagnostics.push(...file.diagnostics);
  return { value: rootValue, mounts, diagnostics, targets, claimed };
}

/** Puts each hoisted target not standing in a root component's place under its name. */
function place(
  value: unknown,
  targets: ReadonlyMap<string, HoistTarget>,
  claimedAt: ReadonlyMap<string, string>,
  hoisted: ReadonlyMap<string, unknown>,
  nameOf: (key: string) => string,
): void {
  if (!isObject(value)) return;
  const document = value as Record<string, unknown>;
  for (const target of targets.values()) {
    if (claimedAt.has(target.key)) continue;
    const components = (document.components ??= {}) as Record<string, unknown>;
    const slot = (components[target.kind] ??= {}) as Record<string, unknown>;
    Object.defineProperty(slot, nameOf(target.key), {
      value: hoisted.get(target.key),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

function step(at: Origin, token: string | number): Origin {
  return { file: at.file, pointer: joinPointer(at.pointer, token) };
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
