/**
 * A page on 127.0.0.1 that loads the package's ESM build as browser modules and calls the
 * fake server through the client. The same server forwards `/api/` to the fake, so the page
 * talks to one origin, as an app behind its own backend would, and needs no CORS.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forwardTo, serveFile } from '../../../examples/serving.js';

export interface PageServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** Requests the page sent on to the fake server, as `METHOD /path`. */
  readonly forwarded: string[];
  close(): Promise<void>;
}

/** The page: what it shows is what the test asserts; `data-state` says when it is done. */
function pageHtml(token: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Connect API client in a browser</title>
<style>body { font: 15px system-ui, sans-serif; margin: 24px; } #error { color: #b00; }</style></head>
<body data-state="loading">
<h1>Stations near Berlin Mitte</h1>
<p id="summary">Loading…</p>
<ol id="stations"></ol>
<p id="not-found"></p>
<pre id="error"></pre>
<script type="module">
import { ConnectClient, NotFoundError } from '/pkg/index.js';
const show = (id, text) => { document.getElementById(id).textContent = text; };
try {
  const client = new ConnectClient({ baseUrl: location.origin, token: ${JSON.stringify(token)}, maxRetries: 0 });
  const page = await client.stations.around({ latitude: 52.52, longitude: 13.405, distance: 1000 });
  show('summary', page.count + ' stations within 1000 m');
  for (const station of page.results.slice(0, 5)) {
    const item = document.createElement('li');
    item.textContent = station.name;
    document.getElementById('stations').append(item);
  }
  try {
    await client.users.retrieve('no-such-user');
  } catch (error) {
    show('not-found', error instanceof NotFoundError ? 'NotFoundError ' + error.status : String(error));
  }
  document.body.dataset.state = 'done';
} catch (error) {
  show('error', String(error));
  document.body.dataset.state = 'failed';
}
</script>
</body>
</html>
`;
}

/** Serves the page, `/pkg/*` from `esmDir`, and forwards `/api/*` to `apiUrl`. */
export async function startPageServer(
  esmDir: string,
  apiUrl: string,
  token: string,
): Promise<PageServer> {
  const forwarded: string[] = [];
  const api = new URL(apiUrl);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page.invalid').pathname;
    if (path === '/')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(token));
    else if (path.startsWith('/pkg/')) void serveFile(esmDir, path.slice('/pkg/'.length), res);
    else if (path.startsWith('/api/')) {
      forwarded.push(`${req.method} ${path}`);
      forwardTo(api, req, res);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    forwarded,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
