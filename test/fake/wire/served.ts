/**
 * The package's fake behind the test server on 127.0.0.1: each request handed to its `handle`
 * as a Fetch `Request`, and its answer written back as it comes, chunk by chunk, so a streamed
 * answer reaches the client one event at a time. A client that goes away cancels the answer's
 * body; an answer whose body fails (its clock rejected) cuts the connection, as a server that
 * drops does.
 */
import type { Handler } from '../../runtime/http-server.js';

export interface Handles {
  handle(request: Request): Promise<Response>;
}

export function servedBy(fake: Handles): Handler {
  return async (received, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(received.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const withBody = received.method !== 'GET' && received.method !== 'HEAD';
    const response = await fake.handle(
      new Request(`http://${received.headers.host}${received.url}`, {
        method: received.method,
        headers,
        ...(withBody ? { body: new Uint8Array(received.body) } : {}),
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    // The head goes at once, as a stream's does, before the body's first event is let go.
    res.flushHeaders();
    if (response.body === null) return void res.end();
    const reader = response.body.getReader();
    res.on('close', () => void reader.cancel().catch(() => undefined));
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        res.write(value);
      }
      res.end();
    } catch {
      // Cut off after what was written reaches the client: the chunked body never ends.
      res.write('', () => res.socket?.end());
    }
  };
}
