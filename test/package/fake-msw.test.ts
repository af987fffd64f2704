/**
 * The fake in a browser through MSW 2 and MSW 3 (what `npm install msw` gives today; MSW 3 needs
 * Node 22 to develop with, but its browser build runs in any Chromium), with no API server
 * anywhere: a page mounts
 * `createFakeConnectApi()`'s `handle` in MSW's Service Worker with the package README's
 * one-liner (`http.all(`${fake.url}/*`, …)`), and its client, on the browser's own fetch,
 * runs user → billing details → card → start → stop. The page's server only hands out files:
 * it must see none of the API's requests, and a file the page asks for must pass through MSW
 * untouched.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MswRun } from './msw/page.js';
import { launchChromium } from './support/browser.js';

const require = createRequire(import.meta.url);
const HELLO = 'a file from the page server';

/** Each MSW the README's lines are tested with: the package this repository installs it as. */
const VERSIONS = [
  { major: 2, module: 'msw' },
  { major: 3, module: 'msw3' },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** A page server for one MSW: the bundled page, MSW's worker script, and one plain file. */
async function pageServer(module: string) {
  const bundled = await build({
    entryPoints: [join(import.meta.dirname, 'msw/page.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
    // The page imports `msw` as the README does; here that is the MSW under test.
    alias: { msw: module },
  });
  const files: Record<string, readonly [string, string]> = {
    '/': [
      'text/html; charset=utf-8',
      '<!doctype html><html><head><meta charset="utf-8"><title>MSW</title></head><body><script type="module" src="/page.js"></script></body></html>',
    ],
    '/page.js': ['text/javascript; charset=utf-8', bundled.outputFiles[0]!.text],
    // MSW's worker, served from the page's origin as `npx msw init` puts it.
    '/mockServiceWorker.js': [
      'text/javascript; charset=utf-8',
      await readFile(require.resolve(`${module}/mockServiceWorker.js`), 'utf8'),
    ],
    '/hello.txt': ['text/plain; charset=utf-8', HELLO],
  };
  const served: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    served.push(path);
    const file = files[path];
    if (file) res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

describe.each(VERSIONS)('the fake mounted in MSW $major in Chromium', ({ module }) => {
  let site: Awaited<ReturnType<typeof pageServer>>;
  beforeAll(async () => {
    site = await pageServer(module);
  }, 120_000);
  afterAll(async () => {
    await site?.close();
  });

  it('serves the client a whole charging flow with no API server, and lets the rest pass', async () => {
    const { origin, served } = site;
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('requestfailed', (request) => problems.push(`${request.url()} failed`));
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => 'runOnMsw' in globalThis);
    const seen = await page.evaluate(() =>
      (globalThis as unknown as { runOnMsw(): Promise<MswRun> }).runOnMsw(),
    );
    expect(seen).toMatchObject({
      card: '4242',
      activeAfterStart: true,
      activeAfterStop: false,
      invoices: 1,
      passedThrough: HELLO,
    });
    // Through the Service Worker, to the fake in the page.
    expect(seen.handled).toEqual(
      expect.arrayContaining([
        'POST /api/v1/users/',
        'GET /api/v1/stations/around/',
        expect.stringMatching(/^POST \/api\/v1\/users\/[^/]+\/charging\/start\/$/),
      ]),
    );
    // The page's server handed out its files and nothing else.
    expect([...new Set(served)].sort()).toEqual([
      '/',
      '/hello.txt',
      '/mockServiceWorker.js',
      '/page.js',
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
