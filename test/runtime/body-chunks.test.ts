/**
 * The request loop reads a body off its stream and keeps a one-chunk body without copying
 * it: whatever the chunks, the data and the unread copy must hold exactly the bytes sent.
 */
import { describe, expect, it } from 'vitest';
import { ClientCore, type FetchLike } from '../../templates/runtime/index.js';
import { getUser, MARKER_TOKEN, META } from './fixtures.js';

const TEXT = '{"id":"u1","name":"Zoë"}';
const BYTES = new TextEncoder().encode(TEXT);

/** A fetch whose response body arrives as the given chunks. */
function chunked(chunks: () => Uint8Array[]): FetchLike {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks()) controller.enqueue(chunk);
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
}

const call = (fetch: FetchLike) =>
  new ClientCore({ token: MARKER_TOKEN, baseUrl: 'http://127.0.0.1:8080', fetch }, META)
    .request<{ id: string; name: string }>(getUser, { path: { user_id: 'u1' } })
    .withResponse();

describe('reading a body off its stream', () => {
  it.each([
    ['one chunk', () => [BYTES.slice()]],
    [
      'several chunks, one split inside a character',
      () => [BYTES.slice(0, 5), BYTES.slice(5, 22), BYTES.slice(22)],
    ],
    [
      'one chunk that is a view into a larger buffer',
      () => {
        const buffer = new Uint8Array(BYTES.length + 8);
        buffer.set(BYTES, 4);
        return [buffer.subarray(4, 4 + BYTES.length)];
      },
    ],
  ])('%s', async (_name, chunks) => {
    const { data, response } = await call(chunked(chunks));
    expect(data).toEqual({ id: 'u1', name: 'Zoë' });
    const copy = new Uint8Array(await response.arrayBuffer());
    expect([...copy]).toEqual([...BYTES]);
  });

  it('finds a stream without chunks an empty body', async () => {
    await expect(call(chunked(() => []))).rejects.toThrow(/empty body/);
  });
});
