/**
 * Lists in path parameters (OpenAPI's simple, label and matrix styles, RFC 6570): generated
 * from a document, type-checked, and sent over real HTTP to a server on 127.0.0.1 that
 * records the path exactly as it arrived.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateText, typeCheck, writeOutput } from './harness.js';
import { useScratchDir } from '../support/scratch.js';
import { json, useTestServer } from '../runtime/http-server.js';

const FIXTURE = 'test/fixtures/constructs/path-lists.yaml';
const scratch = useScratchDir('path-lists-');
const server = useTestServer(json(200, {}));

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
let client: Record<string, Call> & { createItemsCore: (o: object) => unknown };
let core: unknown;

beforeAll(async () => {
  const outcome = await generateText(FIXTURE, await readFile(FIXTURE, 'utf8'));
  if (outcome.kind !== 'generated')
    throw new Error(outcome.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('; '));
  const written = await writeOutput(scratch(), outcome.files);
  const errors = typeCheck(written.filter((f) => f.endsWith('/src/index.ts')));
  expect(errors).toEqual([]);
  client = await import(pathToFileURL(join(scratch(), 'src/index.ts')).href);
  core = client.createItemsCore({ baseUrl: server.origin, token: 'test-token' });
}, 60_000);

async function sentPath(call: () => Promise<unknown>): Promise<string> {
  const before = server.requests.length;
  await call();
  return server.requests[before]!.url;
}

describe('path parameters that are lists', () => {
  it('are comma-joined in the simple style, each element percent-encoded', async () => {
    expect(await sentPath(() => client.itemsGetItems!(core, [1, 2, 3]))).toBe('/items/1,2,3');
  });

  it('write the label style with and without explode, and the matrix style', async () => {
    expect(
      await sentPath(() => client.labelsGetLabels!(core, ['a b', 'c,d', 'é/'], ['x', 'y'])),
    ).toBe('/labels/.a%20b.c%2Cd.%C3%A9%2F/x/;names=x,y');
  });

  it('repeat the name for each element in the exploded matrix style', async () => {
    expect(await sentPath(() => client.tagsGetTag!(core, ['a', 'b c']))).toBe(
      '/tags/;tag=a;tag=b%20c',
    );
  });

  it('are checked before sending: an element of the wrong type names its place', async () => {
    const before = server.requests.length;
    await expect(client.itemsGetItems!(core, [1, 'two'])).rejects.toMatchObject({
      name: 'InvalidRequestError',
      argument: expect.stringContaining('ids'),
    });
    await expect(client.itemsGetItems!(core, [])).rejects.toMatchObject({
      name: 'InvalidRequestError',
    });
    expect(server.requests.length).toBe(before);
  });
});
