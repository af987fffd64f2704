/**
 * The generated query options driving Vue Query in headless Chromium: the Vue app of
 * `vue/App.ts`, bundled by esbuild from the package's sources (generated/src, not the built
 * package, to save the build; the options are the same code), against the fake behind the
 * app's own backend (proxy mode: no token in the page). Stations with "load more"
 * (`useInfiniteQuery`), a new user that the user count follows (`useMutation` invalidating a
 * `useQuery`), a 404 shown as the operation's NotFoundError, and options given as a `computed`
 * of a ref that fetch again when the ref changes.
 */
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../package/support/browser.js';
import type { AppBackend } from '../../examples/serving.js';
import { startVueApp } from './vue/server.js';

let app: AppBackend;
let browser: Browser;

beforeAll(async () => {
  app = await startVueApp();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The API requests the app sent whose `METHOD /path` starts with `prefix`. */
const sent = (prefix: string) => app.apiRequests.filter((r) => r.startsWith(prefix));

/**
 * What the page reported going wrong: uncaught errors, and Vue's warnings and errors (the
 * development build is bundled so they show). Chromium's own line for a 404 response is left
 * out: the lookup of an unknown user answers one on purpose.
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'warning' && message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(message.text());
  });
  return problems;
}

describe('Vue Query over the generated options, in a browser', () => {
  it('loads more, refreshes after a mutation, shows a typed error and follows a ref', async () => {
    const page = await browser.newPage();
    const problems = watchProblems(page);
    await page.goto(app.url);

    // Stations around a point, then "load more": page 2 with the first query's page size.
    await page.waitForSelector('#stations[data-count="5"]');
    await page.click('#more');
    await page.waitForSelector('#stations[data-count="10"]');
    expect(sent('GET /api/v1/stations/around/').at(-1)).toContain('page=2&page_size=5');

    // The lookup starts on an id the API does not know: the 404 arrives as the operation's
    // NotFoundError, asked for once (Vue Query's default of three retries is off, the client
    // owns retries and never retries a 4xx).
    await page.waitForSelector('#lookup[data-error="not-found"][data-status="404"]');
    const unknown = await page.inputValue('input[name=user-id]');
    expect(sent(`GET /api/v1/users/${unknown}/`)).toHaveLength(1);

    // A new user: the user list's count goes up, as the mutation invalidated it.
    await page.waitForSelector('#new-user[data-users]');
    const before = Number(await page.getAttribute('#new-user', 'data-users'));
    await page.fill('input[name=email]', 'driver@example.com');
    await page.click('#new-user button');
    const userId = await (await page.waitForSelector('#user')).textContent();
    await page.waitForSelector(`#new-user[data-users="${before + 1}"]`);
    expect(sent('POST /api/v1/users/')).toHaveLength(1);

    // The lookup's options are a computed of a ref: a new id is a new request, and its user.
    await page.fill('input[name=user-id]', userId!);
    await page.click('#lookup button');
    await page.waitForSelector('#lookup[data-email="driver@example.com"]');
    expect(await page.getAttribute('#lookup', 'data-error')).toBeNull();
    expect(sent(`GET /api/v1/users/${userId}/`)).toHaveLength(1);

    // Proxy mode: the page never saw the token, and called only its own backend.
    expect(await page.content()).not.toContain('Bearer');
    expect(problems).toEqual([]);
    await page.close();
  });
});
