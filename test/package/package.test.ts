/**
 * The publishable package: built from a copy of generated/ and packed once, then checked the
 * way a registry consumer would meet it — manifest, publint, attw, tarball contents.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectClient } from '../../generated/src/index.js';
import {
  startFakeConnectApi,
  type FakeConnectApi,
} from '../../generated/src/connect/fake/index.js';
import { startPageServer, type PageServer } from './support/browser-page.js';
import { launchChromium } from './support/browser.js';
import { buildAndPack, REPO_ROOT, type BuiltPackage } from './support/built-package.js';
import { installConsumer, type ConsumerProject } from './support/consumer-project.js';
import { externalImports } from './support/imports.js';
import { attwReport, publintProblems } from './support/lint.js';
import { npm, run } from './support/run.js';
import { strayFiles, unbuiltSources } from './support/tarball-contents.js';

let pkg: BuiltPackage;

beforeAll(async () => {
  pkg = await buildAndPack();
}, 180_000);

afterAll(async () => {
  await pkg?.remove();
});

interface Conditions {
  readonly types: string;
  readonly default: string;
}

function exportsMap(): Record<string, { import: Conditions; require: Conditions } | string> {
  return pkg.manifest['exports'] as Record<
    string,
    { import: Conditions; require: Conditions } | string
  >;
}

describe('package manifest', () => {
  it('has no runtime dependencies, and TanStack Query only as an optional peer of ./react-query', () => {
    for (const field of ['dependencies', 'optionalDependencies', 'bundleDependencies']) {
      expect(pkg.manifest[field], field).toBeUndefined();
    }
    expect(pkg.manifest['peerDependencies']).toEqual({ '@tanstack/react-query': '^5.80.0' });
    expect(pkg.manifest['peerDependenciesMeta']).toEqual({
      '@tanstack/react-query': { optional: true },
    });
  });

  it('is side-effect free, needs Node 20 or later and lists what it publishes', () => {
    expect(pkg.manifest['sideEffects']).toBe(false);
    expect(pkg.manifest['engines']).toEqual({ node: '>=20' });
    expect(pkg.manifest['files']).toEqual(
      expect.arrayContaining(['dist/esm', 'dist/cjs', 'README.md', 'api.md']),
    );
  });

  it('exports the client, the fetch entry, the form validators and the fake entry points with ESM, CommonJS and types for each', () => {
    const map = exportsMap();
    expect(Object.keys(map).sort()).toEqual([
      '.',
      './fake',
      './fetch',
      './fetch/validators',
      './forms',
      './package.json',
      './query',
      './react-query',
      './testing',
    ]);
    for (const [subpath, entry] of Object.entries(map)) {
      if (typeof entry === 'string') continue;
      for (const [condition, target] of Object.entries(entry)) {
        const dir = condition === 'import' ? 'dist/esm/' : 'dist/cjs/';
        expect(target.types, `${subpath} ${condition}`).toMatch(
          new RegExp(`^\\./${dir}.+\\.d\\.ts$`),
        );
        expect(pkg.files, `${subpath} ${condition} types`).toContain(target.types.slice(2));
        expect(pkg.files, `${subpath} ${condition} code`).toContain(target.default.slice(2));
      }
    }
  });

  it('installs the fake server as a command, from a file in the tarball', () => {
    const bin = pkg.manifest['bin'] as Record<string, string>;
    const [target] = Object.values(bin);
    expect(target).toMatch(/^\.\/dist\/esm\/connect\/fake\/cli\.js$/);
    expect(pkg.files).toContain(target!.slice(2));
  });
});

describe('package lint', () => {
  it('publint finds nothing, not even a suggestion', async () => {
    expect(await publintProblems(pkg.tarball)).toEqual([]);
  }, 60_000);

  it('attw finds no type resolution problem for any entry point', async () => {
    const report = await attwReport(pkg.tarball);
    expect(report.entrypoints).toEqual(
      expect.arrayContaining([
        '.',
        './fake',
        './fetch',
        './fetch/validators',
        './forms',
        './query',
        './react-query',
        './testing',
      ]),
    );
    expect(report.problems).toEqual([]);
  }, 60_000);
});

describe('npm pack', () => {
  it('holds nothing stray', () => {
    expect(pkg.files.length).toBeGreaterThan(10);
    expect(strayFiles(pkg.files)).toEqual([]);
  });

  it('holds the ESM and CommonJS build of every source', () => {
    expect(unbuiltSources(pkg.files, 'dist/esm')).toEqual([]);
    // The CLI is an ES module entry point only; everything else is built both ways.
    expect(unbuiltSources(pkg.files, 'dist/cjs', ['src/connect/fake/cli.ts'])).toEqual([]);
    expect(pkg.files).toContain('dist/cjs/package.json');
  });

  it("loads nothing from outside the package, but Node built-ins in the fake's server and command line and TanStack Query in ./react-query", async () => {
    // The rest of the fake is the in-process fake's too (`./fake`), for browsers and Workers.
    const NODE_MODULES = ['fake/node/http.js', 'connect/fake/cli-main.js'];
    const allowed = (i: { file: string; specifier: string }) =>
      (NODE_MODULES.includes(i.file) && i.specifier.startsWith('node:')) ||
      (i.file === 'react-query/index.js' && i.specifier === '@tanstack/react-query');
    for (const build of ['dist/esm', 'dist/cjs']) {
      const outside = await externalImports(join(pkg.dir, build));
      expect(
        outside.filter((i) => i.file.startsWith('react-query/')),
        build,
      ).toEqual([{ file: 'react-query/index.js', specifier: '@tanstack/react-query' }]);
      const misplaced = outside.filter((i) => !allowed(i));
      expect(misplaced, build).toEqual([]);
    }
  });
});

describe('a project that installs the tarball', () => {
  let consumer: ConsumerProject;
  const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');

  beforeAll(async () => {
    consumer = await installConsumer(pkg.tarball);
    // Type-checks under strict (declarations included) and compiles usage.ts to ESM, usage-cjs.cts to CommonJS.
    await run(process.execPath, [tsc, '-p', consumer.dir], { cwd: consumer.dir });
  }, 120_000);

  afterAll(async () => {
    await consumer?.remove();
  });

  interface Seen {
    count: number;
    known: number;
    userId: string;
    missing: number;
    fetchMissing: number;
    /** Whether the /fetch entry, validating strictly with `./fetch/validators`, read the user back. */
    fetchValidated: boolean;
    /** The functions `./react-query`'s `createClient` returned, and the tag list its useQuery's queryFn read. */
    hooks: string;
  }

  async function runOutput(file: string): Promise<Seen> {
    const { stdout } = await run(process.execPath, [join(consumer.dir, 'out', file)], {
      cwd: consumer.dir,
    });
    return JSON.parse(stdout) as Seen;
  }

  it('imports it as an ES module and calls the fake server from its testing entry point', async () => {
    const seen = await runOutput('usage.js');
    expect(seen.count).toBeGreaterThan(0);
    expect(seen.known).toBeGreaterThan(0);
    expect(seen.userId).toMatch(/\S/);
    expect(seen.missing).toBe(404);
    // The /fetch entry answers the same 404 as { error, response }, without throwing.
    expect(seen.fetchMissing).toBe(404);
    expect(seen.fetchValidated).toBe(true);
    expect(seen.hooks).toBe(
      'queryOptions,useInfiniteQuery,useMutation,useQuery,useSuspenseQuery a,b',
    );
  }, 30_000);

  it('requires it from CommonJS and gets the same answers', async () => {
    const compiled = await readFile(join(consumer.dir, 'out', 'usage-cjs.cjs'), 'utf8');
    expect(compiled).toMatch(/require\("connect-api-client"\)/);
    expect(compiled).toMatch(/require\("connect-api-client\/testing"\)/);
    expect(compiled).toMatch(/require\("connect-api-client\/fetch"\)/);
    expect(compiled).toMatch(/require\("connect-api-client\/fetch\/validators"\)/);
    expect(compiled).toMatch(/require\("connect-api-client\/react-query"\)/);
    const [esm, cjs] = await Promise.all([runOutput('usage.js'), runOutput('usage-cjs.cjs')]);
    expect(cjs.count).toBe(esm.count);
    expect(cjs.hooks).toBe(esm.hooks);
    expect(cjs.missing).toBe(404);
    expect(cjs.fetchMissing).toBe(404);
    expect(cjs.fetchValidated).toBe(true);
  }, 30_000);

  it('type-checks every code sample of the published README and api.md', async () => {
    // The check itself ran in beforeAll with the usage files; here: every operation's sample was in it, and the README's.
    const operations =
      (await readFile(join(pkg.dir, 'api.md'), 'utf8')).match(/^### `client\./gm)?.length ?? 0;
    expect(operations).toBeGreaterThan(20);
    expect(consumer.snippets).toBeGreaterThanOrEqual(operations + 8);
  });

  it('installs the fake server command, which runs from the bin link', async () => {
    const bin = join(consumer.dir, 'node_modules', '.bin', 'connect-api-fake');
    const { stdout } = await run(bin, ['--help'], { cwd: consumer.dir });
    expect(stdout).toMatch(/^Usage: connect-api-fake \[options\]$/m);
    expect(stdout).toMatch(/--port <n>/);
  }, 30_000);
});

describe('the ESM build in a browser', () => {
  // Chromium from the npm package @sparticuz/chromium (see support/browser.ts): no system browser.
  let api: FakeConnectApi;
  let site: PageServer;
  let browser: Browser;

  beforeAll(async () => {
    api = await startFakeConnectApi({ host: '127.0.0.1', port: 0, seed: 5 });
    site = await startPageServer(join(pkg.dir, 'dist/esm'), api.url, api.tokens[0]!);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
  });

  it('shows stations and a typed error fetched through the client', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(site.url);
    await page.waitForSelector('body[data-state="done"], body[data-state="failed"]');
    await mkdir(join(REPO_ROOT, 'test/.artifacts'), { recursive: true });
    await page.screenshot({
      path: join(REPO_ROOT, 'test/.artifacts/browser-client.png'),
      fullPage: true,
    });

    expect(await page.textContent('#error')).toBe('');
    const client = new ConnectClient({ baseUrl: api.url, token: api.tokens[0], maxRetries: 0 });
    const expected = await client.stations.around({
      latitude: 52.52,
      longitude: 13.405,
      distance: 1000,
    });
    expect(await page.textContent('#summary')).toBe(`${expected.count} stations within 1000 m`);
    expect(await page.locator('#stations li').allTextContents()).toEqual(
      expected.results.slice(0, 5).map((s) => s.name),
    );
    expect(await page.textContent('#not-found')).toBe('NotFoundError 404');
    expect(site.forwarded).toEqual([
      'GET /api/v1/stations/around/',
      'GET /api/v1/users/no-such-user/',
    ]);
    // The 404 is logged by the browser as a failed resource load; nothing else may go wrong.
    expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    await page.close();
  }, 60_000);
});

describe('a project without TanStack Query that installs the tarball', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'connect-no-tanstack-'));
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'plain', private: true, type: 'module' }),
    );
    // Offline: an optional peer is not fetched, so nothing but the tarball is needed.
    await npm(['install', pkg.tarball, '--offline', '--ignore-scripts'], dir);
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('installs without TanStack Query and uses the client and the fake', async () => {
    expect(existsSync(join(dir, 'node_modules/@tanstack'))).toBe(false);
    const script = `
      import { ConnectClient } from 'connect-api-client';
      import { startFakeConnectApi } from 'connect-api-client/testing';
      const api = await startFakeConnectApi({ seed: 3 });
      try {
        const client = new ConnectClient({ baseUrl: api.url, token: api.tokens[0] });
        const page = await client.stations.around({ latitude: 52.52, longitude: 13.405, distance: 800 });
        console.log(page.count >= 0 ? 'ok' : 'no');
      } finally {
        await api.close();
      }
    `;
    await writeFile(join(dir, 'use.mjs'), script);
    const { stdout } = await run(process.execPath, [join(dir, 'use.mjs')], { cwd: dir });
    expect(stdout.trim()).toBe('ok');
  }, 60_000);

  it('says what is missing only when ./react-query itself is imported', async () => {
    await writeFile(join(dir, 'hooks.mjs'), "await import('connect-api-client/react-query');");
    await expect(run(process.execPath, [join(dir, 'hooks.mjs')], { cwd: dir })).rejects.toThrow(
      /@tanstack\/react-query/,
    );
  }, 60_000);
});
