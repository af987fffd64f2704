/**
 * Header, cookie and path parameters that are lists and objects, from a document written for
 * the test (wire-forms.yaml): generated with the pipeline, type-checked, sent over real HTTP
 * to a server on 127.0.0.1 that records each request as it arrived, and read back by the
 * package's own fake, which must accept what the client sends and refuse what it should.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import { importWritten, sentBy, writeGeneratedPackage } from '../support/generated-package.js';
import { raw, useTestServer, type ReceivedRequest } from '../runtime/http-server.js';

const SPEC = 'test/params/wire-forms.yaml';
const scratch = useScratchDir('wire-forms-');
const server = useTestServer(raw(204, ''));

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createWireFormsCore(options: object): unknown };
interface Fake {
  readonly url: string;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

let pkg: Package;
let core: unknown;
let fake: Fake;

beforeAll(async () => {
  const { sources } = await writeGeneratedPackage(SPEC, scratch());
  expect(strictProblems(sources)).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  core = pkg.createWireFormsCore({ baseUrl: server.origin, token: 'test-token' });
  const fakes = await importWritten<{ createFakeApi(o: object): Fake }>(
    scratch(),
    'src/fake/index.ts',
  );
  fake = fakes.createFakeApi({});
}, 120_000);

const sent = (call: () => Promise<unknown>): Promise<ReceivedRequest> => sentBy(server, call);

const point = { x: 1, y: -2 };

describe('header parameters', () => {
  it('write lists comma-joined (explode changes nothing) and objects in the simple style', async () => {
    const request = await sent(() =>
      pkg.headersSendHeaders!(core, {
        'openai-beta': ['assistants=v2', 'realtime=v1'],
        'x-ids': [1, 2],
        'x-point': point,
        'x-point-exploded': point,
      }),
    );
    expect(request.headers['openai-beta']).toBe('assistants=v2,realtime=v1');
    expect(request.headers['x-ids']).toBe('1,2');
    expect(request.headers['x-point']).toBe('x,1,y,-2');
    expect(request.headers['x-point-exploded']).toBe('x=1,y=-2');
  });

  it('refuse an item holding the separator before anything is sent', async () => {
    const before = server.requests.length;
    await expect(pkg.headersSendHeaders!(core, { 'openai-beta': ['a,b'] })).rejects.toMatchObject({
      name: 'InvalidRequestError',
      argument: 'headers.openai-beta[0]',
    });
    expect(server.requests.length).toBe(before);
  });
});

describe('cookie parameters', () => {
  it('write the form style: exploded lists and objects as pairs, the others comma-joined', async () => {
    const request = await sent(() =>
      pkg.cookiesSendCookies!(core, {
        ids: [1, 2],
        tags: ['a b', 'c,d'],
        point,
        spot: { lat: 1.5, name: 'é;' },
      }),
    );
    expect(request.headers.cookie).toBe(
      'ids=1; ids=2; tags=a%20b,c%2Cd; point=x,1,y,-2; lat=1.5; name=%C3%A9%3B',
    );
  });
});

describe('path parameters that are objects', () => {
  it('write the simple, label and matrix styles, exploded or not', async () => {
    const request = await sent(() => pkg.pointsGetPoint!(core, point, point, point, point));
    expect(request.url).toBe('/points/x,1,y,-2/x=1,y=-2/.x=1.y=-2/;matrix=x,1,y,-2');
    const matrix = await sent(() => pkg.matrixGetMatrix!(core, { x: 3, y: 4 }));
    expect(matrix.url).toBe('/matrix/;x=3;y=4');
  });

  it('are checked before sending: a member of the wrong type names its place', async () => {
    const before = server.requests.length;
    await expect(pkg.matrixGetMatrix!(core, { x: 'three', y: 4 })).rejects.toMatchObject({
      name: 'InvalidRequestError',
      argument: expect.stringContaining('x'),
    });
    expect(server.requests.length).toBe(before);
  });
});

describe("the package's fake", () => {
  const onFake = (validate = true) =>
    pkg.createWireFormsCore({
      baseUrl: fake.url,
      token: 't',
      fetch: fake.fetch,
      validateRequests: validate,
    });

  it('reads back every form the client writes', async () => {
    const client = onFake();
    await pkg.headersSendHeaders!(client, {
      'openai-beta': ['a'],
      'x-ids': [1, 2],
      'x-point': point,
      'x-point-exploded': point,
    });
    await pkg.cookiesSendCookies!(client, { ids: [1, 2], tags: ['a'], point, spot: { lat: 2 } });
    await pkg.pointsGetPoint!(client, point, point, point, point);
    await pkg.matrixGetMatrix!(client, point);
  });

  it('refuses a wrong member, naming it, when the client does not check first', async () => {
    const client = onFake(false);
    await expect(
      pkg.headersSendHeaders!(client, { 'x-point-exploded': { x: 'one', y: 2 } }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('headers["x-point-exploded"].x: must be a whole number'),
    });
    await expect(pkg.cookiesSendCookies!(client, { spot: { name: 'n' } })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('cookies.spot.lat: required'),
    });
  });
});
