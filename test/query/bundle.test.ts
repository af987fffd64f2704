/**
 * What the query options cost an app, measured as bench/size measures bundles (esbuild for the
 * browser, minified, gzip): one query option brings its operation, the runtime's small query
 * helpers and no other operation; the client's entry point brings none of it. Byte budgets sit
 * just above today's sizes, so growth is raised here, in review.
 */
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_BUNDLE, bundleSize, type BundleSize } from '../../bench/size/measure.js';

const ROOT = join(import.meta.dirname, '../..');

/**
 * Gzipped bytes: what one read's options add to its call (63 today), and every option with
 * every operation it calls and the core (20,546 today, most of it the operations and guards).
 */
const BUDGETS = { one: 150, every: 21_000 } as const;

const QUERY_MODULES = ['query', 'runtime/query'].map((m) => `generated/src/${m}.ts`);

/** Resolves the package's two entry points to the generated sources, as an installed package would be. */
const packageSource: Plugin = {
  name: 'package-source',
  setup(b) {
    b.onResolve({ filter: /^connect-api-client(\/query)?$/ }, (args) => ({
      path: join(ROOT, 'generated/src', args.path.endsWith('/query') ? 'query.ts' : 'index.ts'),
    }));
  },
};

async function bundle(code: string): Promise<BundleSize & { readable: string }> {
  const size = await bundleSize(
    { code, dir: ROOT },
    { plugins: [packageSource], absWorkingDir: ROOT },
  );
  const readable = await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    ...BROWSER_BUNDLE,
    plugins: [packageSource],
  });
  return { ...size, readable: readable.outputFiles[0]!.text };
}

const modules = (b: BundleSize) => b.inputs.map(([file]) => file);

let call: Awaited<ReturnType<typeof bundle>>;
let one: Awaited<ReturnType<typeof bundle>>;
let every: Awaited<ReturnType<typeof bundle>>;
let client: Awaited<ReturnType<typeof bundle>>;
let whole: Awaited<ReturnType<typeof bundle>>;
beforeAll(async () => {
  [call, one, every, client, whole] = await Promise.all([
    // The same call without the options, to tell the options' own bytes.
    bundle(
      "import { createConnectCore, usersRetrieve } from 'connect-api-client';\nconsole.log(usersRetrieve(createConnectCore(), 'u'));\n",
    ),
    bundle(
      "import { createConnectCore } from 'connect-api-client';\nimport { usersRetrieveQueryOptions } from 'connect-api-client/query';\nconsole.log(usersRetrieveQueryOptions(createConnectCore(), 'u'));\n",
    ),
    bundle(
      "import { createConnectCore } from 'connect-api-client';\nexport * from 'connect-api-client/query';\nconsole.log(createConnectCore());\n",
    ),
    bundle(
      "import { ConnectClient } from 'connect-api-client';\nexport const user = new ConnectClient({ token: 't' }).users.retrieve('user-123');\n",
    ),
    bundle("export * from 'connect-api-client';\n"),
  ]);
}, 60_000);

describe('the query entry point', () => {
  it(`one read's options add at most ${BUDGETS.one} bytes to its call, and hold no other operation`, () => {
    expect(one.gzipped - call.gzipped).toBeLessThanOrEqual(BUDGETS.one);
    expect(one.readable).toContain('usersRetrieveOperation');
    for (const other of [
      'usersListOperation',
      'usersCreateOperation',
      'usersListQueryOptions',
      'invalidateAfter',
      'nextPageNumber',
      'requestPage',
    ])
      expect(one.readable, other).not.toContain(other);
  });

  it(`every option, with the operations they call, takes at most ${BUDGETS.every} bytes`, () => {
    expect(every.gzipped).toBeLessThanOrEqual(BUDGETS.every);
    // Less than every export of the client's entry point: no client class, resources or fake.
    expect(every.gzipped).toBeLessThan(whole.gzipped);
  });
});

describe("the client's entry point", () => {
  it('brings no query option nor their helpers, for one call or for every export', () => {
    for (const b of [client, whole])
      expect(modules(b).filter((m) => QUERY_MODULES.includes(m))).toEqual([]);
    expect(whole.readable).not.toContain('leaveRetriesToClient');
  });
});
