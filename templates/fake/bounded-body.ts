/**
 * Reading a request body without trusting it: at most a limit of bytes (past it the fake
 * answers 413 and reads no further, so an endless body costs nothing), and a count of how
 * deep its JSON nests that keeps its own list instead of recursing, so a hostile nesting is
 * refused before a validator or `JSON.stringify` walks it.
 */

/**
 * Levels of objects and arrays a body may have, itself the first. Services commonly parse
 * with a recursive reader (Python's json module gives up near 1000 frames, fewer under a web
 * framework's own); 512 stays well inside that, so a fake takes nothing such a service could
 * not parse, and is far beyond any real document.
 */
export const MAX_BODY_DEPTH = 512;

/**
 * The whole body, or undefined once it passes `limit` bytes (the rest is not read). A
 * declared `Content-Length` past the limit is refused before reading. A `Request` without
 * streams (whatwg-fetch's, React Native's `fetch`) has no `body` property at all, and is
 * read as text: what its `init.body` was, a JSON string or a form.
 */
export async function readBounded(
  request: Request,
  limit: number,
): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  const stream = request.body as ReadableStream<Uint8Array> | null | undefined;
  if (declared > limit) {
    await stream?.cancel().catch(() => undefined);
    return undefined;
  }
  if (stream === null) return new Uint8Array(0);
  if (stream === undefined) {
    const bytes = new TextEncoder().encode(await request.text());
    return bytes.byteLength > limit ? undefined : bytes;
  }
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * Levels of objects and arrays in `value` (none for a scalar), counted no further than one
 * past `limit`, with a list of what is left to visit instead of recursion: 20,000 levels cost
 * a loop, not 20,000 stack frames.
 */
export function nesting(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0 && deepest <= limit) {
    const [item, level] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, level);
    for (const child of Object.values(item)) pending.push([child, level + 1]);
  }
  return deepest;
}
