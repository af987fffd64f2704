/**
 * A proxy on 127.0.0.1 in front of the fake server that plays the faults the flow needs and
 * the fake has no switch for. A request with `x-runtime-matrix: hold` is never answered (the
 * flow aborts it); one with `fail-once` gets a 503 with `Retry-After: 0` the first time its
 * path is seen, then goes through. `GET /_matrix/held` answers once a held request has
 * arrived, so the flow aborts a request the proxy has seen, never one still on its way.
 * Everything else is passed on untouched.
 */
import {
  createServer,
  request as forward,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAULT_HEADER, HELD_PATH } from '../flow.js';

export interface FaultProxy {
  readonly url: string;
  /** `fault METHOD path → status` for every request that carried the fault header. */
  readonly faults: string[];
  close(): Promise<void>;
}

function pass(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const upstream = forward(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      // The Host header stays the proxy's: the fake builds its `next` links from it.
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

export async function startFaultProxy(apiUrl: string): Promise<FaultProxy> {
  const target = new URL(apiUrl);
  const faults: string[] = [];
  const failedOnce = new Set<string>();
  let held = false;
  const waitingForHeld: ServerResponse[] = [];
  const answerHeld = (res: ServerResponse) => res.writeHead(204).end();
  const server = createServer((req, res) => {
    const fault = req.headers[FAULT_HEADER];
    const path = req.url ?? '/';
    if (path === HELD_PATH) {
      if (held) answerHeld(res);
      else waitingForHeld.push(res);
      return;
    }
    if (fault === 'hold') {
      faults.push(`hold ${req.method} ${path} → held`);
      req.resume();
      held = true;
      waitingForHeld.splice(0).forEach(answerHeld);
      return;
    }
    if (fault === 'fail-once' && !failedOnce.has(path)) {
      failedOnce.add(path);
      faults.push(`fail-once ${req.method} ${path} → 503`);
      res
        .writeHead(503, { 'content-type': 'application/json', 'retry-after': '0' })
        .end(JSON.stringify({ detail: 'Service unavailable, try again.' }));
      return;
    }
    if (fault === 'fail-once') faults.push(`fail-once ${req.method} ${path} → passed`);
    pass(target, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
