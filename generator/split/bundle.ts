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
import { joinPointer, refPointer, resolvePointer } from '../document/pointer.js';
import { isObject } from '../document/read.js';
import { isUrl, type SpecFile } from './crawl.js';
import { nameTargets, type HoistTarget } from './names.js';
import { childKind, isComponentKind, type ComponentKind, type Kind } from './positions.js';

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

  /** The node with its `$ref` replaced by `local`, its other members walked. */
  const pointing = (
    node: Record<string, unknown>,
    local: string,
    kind: Kind,
    at: Origin,
    out: string,
  ) => ({
    ...members(node, kind, at, out),
    $ref: local,
  });

  const reference = (
    node: Record<string, unknown>,
    ref: string,
    kind: Kind,
    at: Origin,
    out: string,
  ): unknown => {
    const hash = ref.indexOf('#');
    const path = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    const file = path === '' ? at.file : resolve(dirname(at.file), decode(path));
    const pointer = refPointer(`#${fragment}`);
    if (pointer === undefined) {
      report(
        at,
        'unresolved-ref',
        `$ref '${ref}' has a fragment that is not a JSON pointer (#/...)`,
        'in a file other than the root, refer to a place by its JSON pointer',
      );
      return node;
    }
    const target = files.get(file);
    if (!target?.document) {
      if (target?.unreadable !== undefined || !target)
        report(
          at,
          'unresolved-ref',
          `$ref '${ref}' names ${target?.label ?? file}, which cannot be read: ${target?.unreadable ?? 'not found'}`,
          'check the path: it is relative to the file the $ref is written in',
        );
      return node;
    }
    const found = resolvePointer(target.document.value, pointer);
    if (!found.found) {
      report(
        at,
        'unresolved-ref',
        `$ref '${ref}' does not resolve: ${target.document.file} has no '#${pointer}'`,
      );
      return node;
    }
    if (file === root) return pointing(node, `#${fragment}`, kind, at, out);
    const origin = { file, pointer };
    if (isComponentKind(kind)) {
      const key = `${kind} ${file}#${pointer}`;
      const slot = joinPointer('', 'components', kind);
      // A root component that is only this ref: the target takes its name and place.
      if (at.file === root && at.pointer === out && out.startsWith(`${slot}/`)) {
        const name = out.slice(slot.length + 1);
        if (!claimedAt.has(key)) {
          claimedAt.set(key, out);
          claimed.set(key, unescape(name));
        }
      }
      if (!targets.has(key)) {
        targets.set(key, { key, kind, file, pointer });
        const place = claimedAt.get(key) ?? joinPointer(slot, nameOf(key));
        mounts.set(place, origin);
        hoisted.set(key, undefined);
        hoisted.set(key, walk(found.value, kind, origin, place));
      }
      if (claimedAt.get(key) === out)
        return { ...(hoisted.get(key) as object), ...members(node, kind, at, out, '$ref') };
      return pointing(
        node,
        `#${joinPointer(slot, nameOf(key)).split('/').map(encodeToken).join('/')}`,
        kind,
        at,
        out,
      );
    }
    const key = `${file}#${pointer}`;
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
    mounts.set(out, origin);
    const inlined = walk(found.value, kind, origin, out);
    inlining.delete(key);
    return isObject(inlined) ? { ...inlined, ...members(node, kind, at, out, '$ref') } : inlined;
  };

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

/** A pointer token as it may stand in a URI fragment. */
function encodeToken(token: string): string {
  return token.replace(/%/g, '%25').replace(/ /g, '%20');
}
