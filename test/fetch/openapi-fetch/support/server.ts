/**
 * The server the ported tests talk to: a real node:http server on 127.0.0.1 (the shared
 * runtime test server), plus small helpers for what these tests look at in a request.
 */
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { useTestServer, type Handler, type ReceivedRequest } from '../../../runtime/http-server.js';

export {
  json,
  raw,
  useTestServer,
  type Handler,
  type ReceivedRequest,
} from '../../../runtime/http-server.js';

/** The only request received so far; fails when there is none or more than one. */
export function onlyRequest(requests: readonly ReceivedRequest[]): ReceivedRequest {
  if (requests.length !== 1) throw new Error(`expected one request, received ${requests.length}`);
  return requests[0]!;
}

/** Answers with a status and no body at all (no content-type, content-length 0). */
export function empty(status: number, headers: Record<string, string> = {}): Handler {
  return (_req, res: ServerResponse) => {
    res.writeHead(status, { 'content-length': '0', ...headers });
    res.end();
  };
}

/** Answers with a JSON body sent in chunks, so the answer carries no content-length. */
export function chunkedJson(status: number, body: unknown): Handler {
  return (_req, res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    const text = JSON.stringify(body);
    res.write(text.slice(0, 1));
    res.end(text.slice(1));
  };
}

export type TestServer = ReturnType<typeof useTestServer>;

/** An origin nobody listens on (a port just given back), for connection failures. */
export async function closedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
