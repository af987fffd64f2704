/**
 * OpenAPI 3.2's `$self`: the document's own URI, and the base its references resolve against
 * (3.2 §4.3 "Relative References in API Description URIs", resolved against the file's own
 * location when `$self` is itself relative). A `$ref` whose URI, so resolved, is `$self` names
 * this very document: `https://api.example.com/openapi.yaml#/components/schemas/Pet`, or
 * `openapi.yaml#/...` beside it, is `#/components/schemas/Pet`. Such refs are made local before
 * anything reads them, so that they are neither refused as URLs nor read as a file that happens
 * to sit next to this one. Refs to other documents keep their reading (against the file that
 * holds them), which the generator warns of (`self-not-read`).
 */
import { pathToFileURL } from 'node:url';

/**
 * Rewrites, in place, every `$ref` of the document at `absolutePath` that names the document
 * itself through its `$self` into its fragment; returns how many it rewrote. A schema with an
 * `$id` sets another base for what is under it (JSON Schema), so that subtree is left alone.
 */
export function localizeSelfRefs(document: unknown, absolutePath: string): number {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return 0;
  const { $self: self, openapi } = document as Record<string, unknown>;
  // `$self` is OpenAPI 3.2's; an older document's is no field of its own.
  if (typeof self !== 'string' || typeof openapi !== 'string' || !openapi.startsWith('3.2.'))
    return 0;
  let base: URL;
  try {
    base = new URL(self, pathToFileURL(absolutePath));
  } catch {
    return 0; // Not a URI reference: the validator reports it.
  }
  const selfUri = withoutFragment(base.href);
  let rewritten = 0;
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const object = node as Record<string, unknown>;
    if (node !== document && typeof object.$id === 'string') continue;
    for (const [key, member] of Object.entries(object)) {
      if (key === '$ref' && typeof member === 'string' && !member.startsWith('#')) {
        const local = localRef(member, base, selfUri);
        if (local !== undefined) {
          object.$ref = local;
          rewritten++;
        }
      } else if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  return rewritten;
}

/** `#fragment` (as written) when `ref` resolves to `selfUri`; undefined otherwise. */
function localRef(ref: string, base: URL, selfUri: string): string | undefined {
  let target: URL;
  try {
    target = new URL(ref, base);
  } catch {
    return undefined;
  }
  if (withoutFragment(target.href) !== selfUri) return undefined;
  const at = ref.indexOf('#');
  return at < 0 ? '#' : ref.slice(at);
}

function withoutFragment(uri: string): string {
  const at = uri.indexOf('#');
  return at < 0 ? uri : uri.slice(0, at);
}
