/**
 * OpenAPI 3.2's `in: querystring` in JSON and in text/plain, and its `style: cookie`
 * (finder.yaml). The whole query string is the value's JSON text, or the string,
 * percent-encoded, as the 3.2 specification's own example writes it; a cookie-style value is
 * sent as it is, not percent-encoded. Sent by a generated client over real HTTP on 127.0.0.1,
 * and read back by the package's fake, which checks the values as it checks any.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import { importWritten, sentBy, writeGeneratedPackage } from '../support/generated-package.js';
import { json, useTestServer, type ReceivedRequest } from '../runtime/http-server.js';

const scratch = useScratchDir('oas32-query-text-');
const server = useTestServer(json(200, ['found']));

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createFinderCore(options: object): unknown };
interface Fake {
  readonly url: string;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

let pkg: Package;
let core: unknown;
let fake: Fake;
let files: ReadonlyMap<string, string>;

beforeAll(async () => {
  const written = await writeGeneratedPackage('test/oas32/finder.yaml', scratch());
  files = written.files;
  expect(strictProblems([...written.sources])).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  core = pkg.createFinderCore({ baseUrl: server.origin, token: 't', maxRetries: 0 });
  fake = (
    await importWritten<{ createFakeApi(o: object): Fake }>(scratch(), 'src/fake/index.ts')
  ).createFakeApi({});
}, 120_000);

const sent = (call: () => Promise<unknown>): Promise<ReceivedRequest> => sentBy(server, call);

describe('a whole query string in JSON or text', () => {
  it("sends the JSON text of the value as the query, as the 3.2 specification's example", async () => {
    const request = await sent(() =>
      pkg.searchSearch!(core, { filter: { numbers: [1, 2], flag: null } }),
    );
    expect(request.url).toBe('/search?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D');
  });

  it('sends a text/plain string percent-encoded, and nothing when it is left out', async () => {
    expect((await sent(() => pkg.lookupLookup!(core, { term: 'a b&c=d?' }))).url).toBe(
      '/lookup?a%20b%26c%3Dd%3F',
    );
    expect((await sent(() => pkg.lookupLookup!(core))).url).toBe('/lookup');
  });

  it('refuses a key that is not the querystring parameter, and a value with no JSON text', async () => {
    const before = server.requests.length;
    await expect(
      pkg.searchSearch!(core, { filter: { numbers: [1] }, numbers: [1] }),
    ).rejects.toThrow(/unknown query parameter "numbers"/);
    const client = pkg.createFinderCore({
      baseUrl: server.origin,
      token: 't',
      maxRetries: 0,
      validateRequests: false,
    });
    await expect(pkg.searchSearch!(client, { filter: () => 1 })).rejects.toThrow(
      /query\.filter has no JSON text/,
    );
    expect(server.requests.length).toBe(before);
  });

  it('names only the writer of whole query strings in the descriptor', () => {
    const search = files.get('src/operations/search.ts')!;
    expect(search).toContain("query: [{ name: 'filter', required: true, querystring: 'json' }]");
    expect(search).toContain('encodeQuery: encodeQueryText');
    expect(search).not.toContain('query-styles');
  });
});

describe("the package's fake", () => {
  const onFake = (validateRequests = true) =>
    pkg.createFinderCore({ baseUrl: fake.url, token: 't', fetch: fake.fetch, validateRequests });

  it('reads the JSON and the text back as the parameter', async () => {
    await expect(pkg.searchSearch!(onFake(), { filter: { numbers: [3] } })).resolves.toEqual(
      expect.any(Array),
    );
    await expect(pkg.lookupLookup!(onFake(), { term: 'x y' })).resolves.toEqual(expect.any(Array));
  });

  it('checks the value it read, naming the member at fault', async () => {
    await expect(
      pkg.searchSearch!(onFake(false), { filter: { numbers: ['one'] } }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('query.filter.numbers'),
    });
    await expect(pkg.searchSearch!(onFake(false), {})).rejects.toMatchObject({ status: 400 });
  });
});

describe('cookies in the 3.2 cookie style', () => {
  it('sends values as they are, in the form style pairs, beside a percent-encoded form cookie', async () => {
    const request = await sent(() =>
      pkg.sessionResume!(core, {
        session: 'a%20b=c',
        ids: ['1', '2'],
        prefs: { theme: 'dark', lang: 'en' },
        plain: 'x y',
      }),
    );
    expect(request.headers.cookie).toBe(
      'session=a%20b=c; ids=1,2; theme=dark; lang=en; plain=x%20y',
    );
    expect(files.get('src/operations/session.ts')).toContain(
      "{ name: 'session', required: true, style: 'cookie' }",
    );
    expect(files.get('src/operations/session.ts')).toContain('encodeParameters: encodeCookieStyle');
  });

  it('refuses a value holding the separator it would be read as, naming it', async () => {
    const before = server.requests.length;
    await expect(pkg.sessionResume!(core, { session: 'a;b' })).rejects.toThrow(
      /cookies\.session must not contain ";"/,
    );
    await expect(pkg.sessionResume!(core, { session: 's', ids: ['a,b'] })).rejects.toThrow(
      /cookies\.ids\[0\] must not contain ","/,
    );
    await expect(pkg.sessionResume!(core, { session: 's', prefs: { 'a=b': 'x' } })).rejects.toThrow(
      /must not contain "="/,
    );
    expect(server.requests.length).toBe(before);
  });

  it('is read back by the fake as sent, without percent-decoding', async () => {
    const client = pkg.createFinderCore({ baseUrl: fake.url, token: 't', fetch: fake.fetch });
    await expect(
      pkg.sessionResume!(client, { session: 'a%20b', ids: ['1'], prefs: { theme: 'x' } }),
    ).resolves.toEqual(expect.any(Array));
    // `a%20b` decoded would be `a b`, which the session's pattern refuses.
    const response = await fake.fetch(`${fake.url}/session`, {
      headers: { cookie: 'session=a%20b; plain=x%20y' },
    });
    expect(response.status).toBe(200);
    const refused = await fake.fetch(`${fake.url}/session`, {
      headers: { cookie: 'session=a b' },
    });
    expect(refused.status).toBe(400);
  });
});
