/**
 * The two things a page server on 127.0.0.1 does for the browser demos and the browser
 * tests: hand out files under one folder, and pass `/api/` on to the fake server so the page
 * talks to one origin and needs no CORS.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

/** Answers with the file at `path` under `root`, or 404. */
export async function serveFile(root: string, path: string, res: ServerResponse): Promise<void> {
  const file = normalize(join(root, path));
  // Only files under the root: a path with `..` gets a 404, not a file from elsewhere.
  const info = file.startsWith(root + sep) ? await stat(file).catch(() => undefined) : undefined;
  if (!info?.isFile()) {
    res.writeHead(404).end();
    return;
  }
  const type = TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';
  res.writeHead(200, { 'content-type': type });
  createReadStream(file).pipe(res);
}

/** How a backend changes a request it passes on. */
export interface Forwarding {
  /** The path to ask for, where it differs from the request's (a prefix taken off). */
  readonly path?: string;
  /** Headers to add or replace: the API token a proxy adds on the server. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Sends the request on to `target` as it came (its own Host), and its answer back. */
export function forwardTo(
  target: URL,
  req: IncomingMessage,
  res: ServerResponse,
  forwarding: Forwarding = {},
): void {
  const upstream = forward(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: forwarding.path ?? req.url,
      headers: { ...req.headers, ...forwarding.headers, host: target.host },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}
