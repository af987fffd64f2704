/**
 * What the query options cost an app, measured as bench/size measures bundles (esbuild for the
 * browser, minified, gzip): one query option brings its operation, the runtime's small query
 * helpers and no other operation; the client's entry point brings none of it. Byte budgets sit
 * just above today's sizes, so growth is raised here, in review.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleFromSources, modulesOf, type SourceBundle } from '../support/source-bundle.js';

/**
 * Gzipped bytes: what one read's options add to its call (63 today), and every option with
 * every operation it calls and the core (20,546 today, most of it the operations and guards).
 */
const BUDGETS = { one: 150, every: 21_000 } as const;

const QUERY_MODULES = ['query', 'runtime/query'].map((m) => `generated/src/${m}.ts`);

let call: SourceBundle;
let one: SourceBundle;
let every: SourceBundle;
let client: SourceBundle;
let whole: SourceBundle;
beforeAll(async () => {
  [call, one, every, client, whole] = await Promise.all([
    // The same call without the options, to tell the options' own bytes.
    bundleFromSources(
      "import { createConnectCore, usersRetrieve } from 'connect-api-client';\nconsole.log(usersRetrieve(createConnectCore(), 'u'));\n",
    ),
    bundleFromSources(
      "import { createConnectCore } from 'connect-api-client';\nimport { usersRetrieveQueryOptions } from 'connect-api-client/query';\nconsole.log(usersRetrieveQueryOptions(createConnectCore(), 'u'));\n",
    ),
    bundleFromSources(
      "import { createConnectCore } from 'connect-api-client';\nexport * from 'connect-api-client/query';\nconsole.log(createConnectCore());\n",
    ),
    bundleFromSources(
      "import { ConnectClient } from 'connect-api-client';\nexport const user = new ConnectClient({ token: 't' }).users.retrieve('user-123');\n",
    ),
    bundleFromSources("export * from 'connect-api-client';\n"),
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
      expect(modulesOf(b).filter((m) => QUERY_MODULES.includes(m))).toEqual([]);
    expect(whole.readable).not.toContain('leaveRetriesToClient');
  });
});
