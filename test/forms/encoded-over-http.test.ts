/**
 * A urlencoded form whose `encoding` gives its fields styles (encoded.yaml, Stripe-shaped):
 * each field is written as OpenAPI defines it — deepObject with brackets, spaceDelimited and
 * pipeDelimited lists, a form object exploded or not, allowReserved, and a JSON field — sent by
 * a generated, type-checked client over real HTTP to a server on 127.0.0.1 that records the
 * exact body it received.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import {
  bundleOfOneCall,
  importWritten,
  sentBy,
  writeGeneratedPackage,
} from '../support/generated-package.js';
import { json, useTestServer } from '../runtime/http-server.js';

const SPEC = 'test/forms/encoded.yaml';
const scratch = useScratchDir('forms-encoded-');
const server = useTestServer(json(200, { id: 'price_1' }));

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createFormEncodingCore(options: object): unknown };

let pkg: Package;
let core: unknown;

beforeAll(async () => {
  const written = await writeGeneratedPackage(SPEC, scratch());
  expect(strictProblems(written.sources)).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  core = pkg.createFormEncodingCore({ baseUrl: server.origin, token: 't', maxRetries: 0 });
}, 120_000);

const price = {
  currency: 'eur',
  recurring: { interval: 'month', interval_count: 3 },
  lookup_keys: ['gold plan', 'eu'],
  ids: [1, 2, 3],
  color: { R: 100, G: 200 },
  shade: { R: 1, G: 2 },
  return_url: 'https://shop.example/a b?x+y',
  metadata: { crm: 'c&1', rank: 2 },
  tags: ['a', 'b'],
};

describe('a urlencoded form whose encoding styles its fields', () => {
  it('writes each field in its encoding, in the order the body gives them', async () => {
    const request = await sentBy(server, () => pkg.pricesCreate!(core, price));
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.text).toBe(
      [
        'currency=eur',
        'recurring%5Binterval%5D=month',
        'recurring%5Binterval_count%5D=3',
        // spaceDelimited and pipeDelimited, unexploded: one field, joined as the style table joins.
        'lookup_keys=gold%20plan%20eu',
        'ids=1|2|3',
        // form, unexploded: `name=k,v,k,v`; exploded: each member a field of its own.
        'color=R,100,G,200',
        'R=1',
        'G=2',
        // allowReserved: `:`, `/` and `?` as they are; a `+` stays a plus, not a space.
        'return_url=https://shop.example/a%20b?x%2By',
        // contentType application/json: the field is JSON text.
        'metadata=%7B%22crm%22%3A%22c%261%22%2C%22rank%22%3A2%7D',
        // No encoding: one field per item, as before.
        'tags=a',
        'tags=b',
      ].join('&'),
    );
    // A form decoder reads back what was meant.
    const read = new URLSearchParams(request.text);
    expect(read.get('return_url')).toBe('https://shop.example/a b?x+y');
    expect(JSON.parse(read.get('metadata')!)).toEqual({ crm: 'c&1', rank: 2 });
    expect(read.get('lookup_keys')).toBe('gold plan eu');
  });

  it('sends null as the empty field, and refuses a list member a style cannot write', async () => {
    const unchecked = pkg.createFormEncodingCore({
      baseUrl: server.origin,
      token: 't',
      validateRequests: false,
    });
    const request = await sentBy(server, () =>
      pkg.pricesCreate!(unchecked, { currency: 'eur', lookup_keys: null }),
    );
    expect(request.text).toBe('currency=eur&lookup_keys=');
    const before = server.requests.length;
    await expect(
      pkg.pricesCreate!(unchecked, { currency: 'eur', color: { R: { deep: 1 } } }),
    ).rejects.toMatchObject({ name: 'InvalidRequestError', argument: 'body.color.R' });
    expect(server.requests.length).toBe(before);
  });

  it('is generated without a form-encoding warning: every entry is honoured', async () => {
    const result = await generate({ specPath: SPEC, command: 'test' });
    expect(result.diagnostics).toEqual([]);
  });

  it('carries the style table only in the bundle of a call that needs it', async () => {
    const bundle = await bundleOfOneCall(scratch(), 'createFormEncodingCore', 'pricesCreate');
    expect(bundle).toContain('function encodeStyledFormBody(');
    expect(bundle).toContain('function encodeStyledQuery(');
  });
});

describe("the package's fake", () => {
  interface Fake {
    readonly url: string;
    fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  }
  const onFake = async (validate = true) => {
    const { createFakeApi } = await importWritten<{ createFakeApi(o: object): Fake }>(
      scratch(),
      'src/fake/index.ts',
    );
    const fake = createFakeApi({});
    return pkg.createFormEncodingCore({
      baseUrl: fake.url,
      token: 't',
      fetch: fake.fetch,
      validateRequests: validate,
    });
  };

  it('reads back every field the client writes, in its style, and accepts the body', async () => {
    await expect(pkg.pricesCreate!(await onFake(), price)).resolves.toBeTypeOf('object');
  });

  it('refuses a wrong field in each style, naming it, when the client does not check first', async () => {
    const client = await onFake(false);
    for (const [wrong, field] of [
      [{ recurring: { interval_count: 'three' } }, 'body.recurring.interval_count'],
      [{ ids: [1, 'two'] }, 'body.ids[1]'],
      [{ lookup_keys: ['x'], color: { R: 'red' } }, 'body.color.R'],
      [{ shade: { G: 'green' } }, 'body.shade.G'],
      [{ metadata: { rank: 'high' } }, 'body.metadata.rank'],
      [{ tags: ['a'] }, 'body.currency'],
    ] as const)
      await expect(
        pkg.pricesCreate!(client, {
          ...(field === 'body.currency' ? {} : { currency: 'eur' }),
          ...wrong,
        }),
        field,
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining(field) });
  });
});
