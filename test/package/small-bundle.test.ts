/**
 * The README's small-bundle snippet is the small way in: bundled exactly as the README shows
 * it (esbuild, minified, gzip, as bench/size measures), it is smaller than the same call
 * through `new ConnectClient()` and holds no other operation or its guards.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'generated/package.json'), 'utf8')) as {
  name: string;
};
const README = readFileSync(join(ROOT, 'generated/README.md'), 'utf8');

/** The first `ts` code block under `heading`. */
function snippetUnder(heading: string): string {
  const section = README.split(/^## /m).find((s) =>
    s.startsWith(`${heading.replace(/^## /, '')}\n`),
  );
  const block = section?.split('```ts\n')[1]?.split('```')[0];
  if (block === undefined)
    throw new Error(`generated/README.md has no code block under "${heading}"`);
  return block;
}

/** Resolves the package name to the generated sources, as an installed package would be. */
const packageSource: Plugin = {
  name: 'package-source',
  setup(b) {
    b.onResolve({ filter: new RegExp(`^${PACKAGE.name}$`) }, () => ({
      path: join(ROOT, 'generated/src/index.ts'),
    }));
  },
};

interface Bundle {
  readonly gzipped: number;
  /** Unminified, so names can be looked for. */
  readonly readable: string;
}

async function bundle(code: string): Promise<Bundle> {
  const options = {
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts' as const, sourcefile: 'entry.ts' },
    bundle: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: 'es2022',
    write: false,
    logLevel: 'silent' as const,
    plugins: [packageSource],
  };
  const minified = await build({ ...options, minify: true });
  const readable = await build(options);
  return {
    gzipped: gzipSync(minified.outputFiles![0]!.contents, { level: 9 }).byteLength,
    readable: readable.outputFiles![0]!.text,
  };
}

describe("the README's small-bundle snippet", () => {
  let snippet: string;
  let small: Bundle;
  let whole: Bundle;
  beforeAll(async () => {
    snippet = snippetUnder('## Small bundles');
    small = await bundle(snippet);
    // The same call through the client class, as the README's "Configure" and "First call" show it.
    whole = await bundle(
      `import { ConnectClient } from '${PACKAGE.name}';\nconst client = new ConnectClient({ token: process.env.CONNECT_API_TOKEN });\nconst user = await client.users.retrieve('user-123');\nconsole.log(user);\n`,
    );
  }, 60_000);

  it('calls one standalone function on the core the factory makes', () => {
    expect(snippet).toContain('createConnectCore(');
    expect(snippet).toContain('usersRetrieve(client');
    expect(snippet).not.toContain('new ConnectClient');
  });

  it('bundles smaller than the same call through new ConnectClient()', () => {
    expect(small.gzipped).toBeLessThan(whole.gzipped);
    // What makes the difference: every other operation and its guards.
    expect(whole.readable).toContain('checkStation(');
  });

  it("holds its own operation and no other, nor other operations' guards", () => {
    expect(small.readable).toContain('usersRetrieveOperation');
    expect(small.readable).toContain('function checkUser(');
    for (const other of [
      'stationsAroundOperation',
      'usersListOperation',
      'checkStation(',
      'checkPaginatedUserList(',
      'checkBillingDetails(',
      'UsersResource',
      'ConnectClient',
    ])
      expect(small.readable, other).not.toContain(other);
  });
});
