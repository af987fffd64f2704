/**
 * JSON pointers (RFC 6901) and the local `$ref`s that name them: the one place that escapes,
 * unescapes, joins and follows them, for the validator and the IR builder alike.
 */

/** Escapes one reference token: `~` → `~0`, `/` → `~1`. */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unescapes one reference token. `~1` goes before `~0`, so `~01` becomes `~1`, not `/` (section 4). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** `joinPointer('/paths', '/users/', 'get')` → `/paths/~1users~1/get`. */
export function joinPointer(base: string, ...tokens: readonly (string | number)[]): string {
  return base + tokens.map((t) => `/${escapePointerToken(t)}`).join('');
}

/**
 * Splits a JSON pointer into unescaped reference tokens: `/paths/~1users/get` →
 * `['paths', '/users', 'get']`. `''` is the root (`[]`). Returns `undefined` for text that
 * is not a pointer (it must be empty or start with `/`).
 */
export function splitPointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map(unescapePointerToken);
}

/**
 * The JSON pointer a local `$ref` names (`#/components/schemas/User%20Id` →
 * `/components/schemas/User Id`), or `undefined` if the ref is not local or not a pointer.
 * A URI fragment is percent-decoded before its tokens are unescaped (section 6).
 */
export function refPointer(ref: string): string | undefined {
  if (!ref.startsWith('#')) return undefined;
  const fragment = percentDecode(ref.slice(1));
  return fragment === undefined || (fragment !== '' && !fragment.startsWith('/'))
    ? undefined
    : fragment;
}

/** The value at a pointer, if every step exists. Own members only: `constructor` is not found on `{}`. */
export function resolvePointer(
  root: unknown,
  pointer: string,
): { found: boolean; value?: unknown } {
  const tokens = splitPointer(pointer);
  if (!tokens) return { found: false };
  let node = root;
  for (const token of tokens) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token) && Number(token) < node.length) {
      node = node[Number(token)];
    } else if (
      typeof node === 'object' &&
      node !== null &&
      !Array.isArray(node) &&
      Object.hasOwn(node, token)
    ) {
      node = (node as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: node };
}

/** The value a local `$ref` names, or `undefined` when it names nothing. */
export function resolveRef(root: unknown, ref: string): unknown {
  const pointer = refPointer(ref);
  return pointer === undefined ? undefined : resolvePointer(root, pointer).value;
}

/** `decodeURIComponent` without its URIError on a malformed escape (`%zz`, a cut UTF-8 sequence). */
function percentDecode(text: string): string | undefined {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** A ref with a scheme (`https:`, `urn:`) rather than a path; a single letter is a Windows drive. */
export function isUrl(ref: string): boolean {
  return /^[a-z][a-z0-9+.-]+:/i.test(ref);
}
