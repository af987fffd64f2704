/**
 * The app with no backend and no API server: the fake runs in the page (`connect-api-client/fake`),
 * and MSW's Service Worker answers the app's `/backend/*` calls from it as the app's backend
 * (server.ts) answers them from the API: the prefix taken off, the token added on the way.
 * The app itself (main.tsx, App.tsx) is the same; this entry starts the worker, then loads it.
 *
 *   npm run demo:app -- --msw
 */
import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import { createFakeConnectApi } from '../../generated/src/connect/fake/fake.js';

const BACKEND = '/backend';

/** Every request the fake answered, as `METHOD /path?query`: the backend's log in the other mode. */
const apiRequests: string[] = [];
(globalThis as { fakeApiRequests?: readonly string[] }).fakeApiRequests = apiRequests;

const fake = createFakeConnectApi({
  seed: 1,
  onRequest: (entry) => apiRequests.push(`${entry.method} ${entry.target}`),
});

/** What the backend does with a call: a real one checks the user's session first. */
async function asBackend(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${fake.tokens[0]}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const upstream = new Request(`${fake.url}${url.pathname.slice(BACKEND.length)}${url.search}`, {
    method: request.method,
    headers,
    // Read whole: a stream body would need `duplex`, and the fake reads it whole anyway.
    body: hasBody ? await request.arrayBuffer() : null,
  });
  return fake.handle(upstream);
}

const worker = setupWorker(http.all(`${BACKEND}/*`, ({ request }) => asBackend(request)));
// The page's own files go to the network as they are.
await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
await import('./main.js');
