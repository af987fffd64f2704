/**
 * The app with no backend and no API server: the fake runs in the page (`connect-api-client/fake`),
 * mounted under the app's proxy path as the README's "Testing" teaches (`proxyPath`), so MSW's
 * Service Worker answers the app's `/api/connect/*` calls as the app's backend (server.ts)
 * answers them from the API: the path taken off, the token added on the way. The app itself
 * (main.tsx, App.tsx) is the same; this entry starts the worker, then loads it.
 *
 *   npm run demo:app -- --msw
 */
import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import { createFakeConnectApi } from '../../generated/src/connect/fake/fake.js';

/** Every request the fake answered, as `METHOD /path?query`: the backend's log in the other mode. */
const apiRequests: string[] = [];
(globalThis as { fakeApiRequests?: readonly string[] }).fakeApiRequests = apiRequests;

const fake = createFakeConnectApi({
  seed: 1,
  proxyPath: '/api/connect',
  onRequest: (entry) => apiRequests.push(`${entry.method} ${entry.target}`),
});
const worker = setupWorker(http.all('/api/connect/*', ({ request }) => fake.handle(request)));
// The page's own files go to the network as they are.
await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
await import('./main.js');
