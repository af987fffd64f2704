/**
 * The client in Chromium against the fake on another origin, whose CORS answers are
 * django-cors-headers' defaults (templates/connect/fake/cors.ts): the default client gets through,
 * since in a browser it sends only headers those defaults allow; a client made to send its
 * `x-connect-client` header is blocked by the preflight, which shows the fake would catch a
 * client that sent it by default. And proxy mode as the README documents it: the page calls
 * its own backend with `auth: 'none'` and a relative `baseUrl`, its cookie goes along, and the
 * backend adds the token, so the page never holds one.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Sdk from '../../generated/src/index.js';
import {
  startFakeConnectApi,
  type FakeConnectApi,
  type RequestLogEntry,
} from '../../generated/src/connect/fake/index.js';
import { launchChromium } from './support/browser.js';
import { PROXY_PREFIX, SESSION_COOKIE, startCorsSite, type CorsSite } from './support/cors-site.js';

let api: FakeConnectApi;
let site: CorsSite;
let browser: Browser;
const answered: RequestLogEntry[] = [];

beforeAll(async () => {
  api = await startFakeConnectApi({ seed: 3, onRequest: (entry) => answered.push(entry) });
  site = await startCorsSite(api.url, api.tokens[0]!);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await api?.close();
});

interface Opened {
  readonly page: Page;
  /** What the browser reported: page errors and console errors. */
  readonly problems: string[];
}

/** A fresh page of the app's site (its own preflight cache), with the client loaded. */
async function open(): Promise<Opened> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(`${site.origin}/`);
  await page.waitForSelector('body[data-ready="yes"]', { state: 'attached' });
  return { page, problems };
}

/** The client's module, as the page put it on `window`. */
type Window = { sdk: typeof Sdk };

describe('the client in Chromium, cross-origin against the fake', () => {
  it('by default sends only headers the default CORS set-up allows, and gets through', async () => {
    const { page, problems } = await open();
    answered.length = 0;
    const seen = await page.evaluate(
      async ({ fake, token }) => {
        const { ConnectClient, NotFoundError } = (window as unknown as Window).sdk;
        const client = new ConnectClient({ baseUrl: fake, token, maxRetries: 0 });
        const stations = await client.stations.around({
          latitude: 52.52,
          longitude: 13.405,
          distance: 1000,
        });
        const user = await client.users.create({ email: 'cors@example.com' });
        let missing = '';
        try {
          await client.users.retrieve('no-such-user');
        } catch (error) {
          missing =
            error instanceof NotFoundError ? `NotFoundError ${error.status}` : String(error);
        }
        return { count: stations.count, email: user.email, missing };
      },
      { fake: api.url, token: api.tokens[0]! },
    );
    expect(seen.count).toBeGreaterThan(0);
    expect(seen.email).toBe('cors@example.com');
    expect(seen.missing).toBe('NotFoundError 404');
    expect(answered.map((e) => `${e.method} ${e.status}`)).toEqual([
      'GET 200',
      'POST 201',
      'GET 404',
    ]);
    expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('made to send x-connect-client, it is blocked by the preflight and reaches no operation', async () => {
    const { page, problems } = await open();
    answered.length = 0;
    const failure = await page.evaluate(
      async ({ fake, token }) => {
        const { ConnectClient } = (window as unknown as Window).sdk;
        const client = new ConnectClient({
          baseUrl: fake,
          token,
          maxRetries: 0,
          sendClientHeader: true,
        });
        try {
          await client.stations.partners();
          return 'sent';
        } catch (error) {
          return (error as Error).name;
        }
      },
      { fake: api.url, token: api.tokens[0]! },
    );
    expect(failure).toBe('ConnectionError');
    expect(answered).toEqual([]);
    expect(problems.join('\n')).toMatch(
      /Request header field x-connect-client is not allowed by Access-Control-Allow-Headers in preflight response/,
    );
    await page.context().close();
  }, 60_000);
});

describe('proxy mode in Chromium', () => {
  it("calls the app's backend with its cookie and no token, walking pages through it", async () => {
    const { page, problems } = await open();
    site.proxied.length = 0;
    const seen = await page.evaluate(async (prefix) => {
      const { ConnectClient } = (window as unknown as Window).sdk;
      const client = new ConnectClient({ auth: 'none', baseUrl: prefix, maxRetries: 0 });
      const names: string[] = [];
      const query = { latitude: 52.52, longitude: 13.405, distance: 5000, page_size: 2 };
      for await (const station of client.stations.around(query)) {
        names.push(station.name);
        if (names.length === 5) break;
      }
      const first = await client.stations.around(query);
      const user = await client.users.create({ email: 'proxy@example.com' });
      return {
        names: names.length,
        nextPageParams: JSON.parse(JSON.stringify(first)).nextPageParams,
        email: user.email,
        baseUrl: client.baseUrl,
      };
    }, PROXY_PREFIX);
    expect(seen).toEqual({
      names: 5,
      nextPageParams: { page: 2 },
      email: 'proxy@example.com',
      baseUrl: `${site.origin}${PROXY_PREFIX}`,
    });
    // The fake's next links name its own origin; the client asked its backend for those pages.
    expect(
      site.proxied.map((p) => `${p.method} ${p.path.replace(/\?.*page=(\d).*/, ' page $1')}`),
    ).toEqual([
      `GET ${PROXY_PREFIX}/api/v1/stations/around/?latitude=52.52&longitude=13.405&distance=5000&page_size=2`,
      `GET ${PROXY_PREFIX}/api/v1/stations/around/ page 2`,
      `GET ${PROXY_PREFIX}/api/v1/stations/around/ page 3`,
      `GET ${PROXY_PREFIX}/api/v1/stations/around/?latitude=52.52&longitude=13.405&distance=5000&page_size=2`,
      `POST ${PROXY_PREFIX}/api/v1/users/`,
    ]);
    expect(site.proxied.every((p) => p.authorization === undefined)).toBe(true);
    expect(site.proxied.every((p) => p.cookie?.includes(SESSION_COOKIE))).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
