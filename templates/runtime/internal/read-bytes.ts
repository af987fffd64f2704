/**
 * Reading a response body with a bound on its size, apart from the rest of the response
 * handling: the `/fetch` entry reads its bodies with it too, and an app bundling that alone
 * should not carry the package client's decoding, validation and hooks.
 */

/** Where a body being read keeps its reader, so that whoever ends the attempt can cancel it. */
export interface BodyReading {
  reader?: ReadableStreamDefaultReader<Uint8Array> | undefined;
}

/**
 * The whole body as bytes, read off its stream, or undefined once it passes `limit` bytes
 * (after decompression: what fetch hands over), the stream then cancelled so that nothing
 * more is downloaded or inflated. `arrayBuffer()` would read without bound, and copies the
 * bytes once more after joining the chunks; most bodies come in one chunk, kept as it is.
 * The reader is kept on `reading`: Node 20's fetch leaves a read pending after an abort when
 * a compressed body ends with its connection, so ending the attempt cancels the reader too,
 * and a read ended that way is not taken for the end of the body.
 */
export async function readBytes(
  response: Response,
  limit: number,
  reading: BodyReading,
  signal: AbortSignal,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const stream = response.body;
  // No body, or one that is not a web stream (node-fetch, React Native): read as it can be,
  // and checked once read.
  if (typeof stream?.getReader !== 'function') {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.byteLength > limit ? undefined : bytes;
  }
  const reader = (reading.reader = stream.getReader());
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      if (signal.aborted) throw signal.reason;
      break;
    }
    length += value.byteLength;
    if (length > limit) {
      void reader.cancel().catch((): undefined => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const first = chunks[0]!;
  // A chunk that fills its whole buffer is the body; a view into a larger one is copied out.
  if (chunks.length === 1 && length === first.buffer.byteLength)
    return first as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
