/**
 * Swagger 2.0's schemas are JSON Schema draft 4, whose `type` may be a list and whose `items`
 * may be a list (a tuple). OpenAPI 3.0 has neither: the conversion reads a type list with its
 * plain meaning (`[X, "null"]` is a nullable X, several types a union) and a tuple as an array
 * of any of its schemas, with a warning located in the 2.0 file. The client is generated,
 * type-checked with a consumer that uses the types, and called over HTTP on 127.0.0.1.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { sortDiagnostics, type Diagnostic } from '../../generator/shared/diagnostics.js';
import { buildIr } from '../../generator/ir/build.js';
import { parseDocument } from '../../generator/load/swagger/load.js';
import { validateDocument } from '../../generator/validate/index.js';
import { generateText, typeCheck, writeOutput } from '../robustness/harness.js';
import { json, useTestServer } from '../runtime/http-server.js';
import { useScratchDir } from '../support/scratch.js';

const FILE = 'draft4.yaml';
const DOCUMENT = `swagger: "2.0"
info: {title: Things, version: "1"}
host: example.com
paths:
  /things:
    get:
      operationId: listThings
      tags: [things]
      responses:
        "200":
          description: ok
          schema:
            type: array
            items:
              - $ref: "#/definitions/Thing"
    post:
      operationId: createThing
      tags: [things]
      parameters:
        - $ref: "#/parameters/note"
      responses:
        "204":
          description: done
parameters:
  note:
    name: note
    in: body
    required: true
    schema:
      type: [object, "null"]
      properties:
        text: {type: string}
definitions:
  Thing:
    type: object
    required: [name]
    properties:
      name:
        type: ["null", string]
        maxLength: 10
      size:
        type: [integer, string]
        minimum: 1
        pattern: "^[0-9]+$"
      nothing:
        type: "null"
      pair:
        type: array
        items:
          - type: string
          - type: integer
      labels:
        type: array
        items:
          - type: string
        additionalItems: false
`;

/** The line (1-based) of the first `items:` after the first line that `pattern` matches. */
function itemsAfter(pattern: RegExp): number {
  const lines = DOCUMENT.split('\n');
  const start = lines.findIndex((l) => pattern.test(l));
  return lines.findIndex((l, i) => i > start && /^ *items:/.test(l)) + 1;
}

/** What `generate` reports: the conversion's warnings, the validator's and the IR builder's. */
async function check(): Promise<{ value: any; diagnostics: Diagnostic[] }> {
  const { document, diagnostics } = await parseDocument(FILE, DOCUMENT);
  if (!document) return { value: undefined, diagnostics };
  const problems = validateDocument(document);
  const built = problems.some((d) => d.severity === 'error') ? [] : buildIr(document).diagnostics;
  return {
    value: document.value,
    diagnostics: sortDiagnostics([...diagnostics, ...problems, ...built]),
  };
}

describe('draft-4 type lists', () => {
  it('read [X, "null"] as a nullable X, "null" alone as only null, and several types as a union', async () => {
    const { value, diagnostics } = await check();
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const thing = value.components.schemas.Thing.properties;
    expect(thing.name).toEqual({ type: 'string', nullable: true, maxLength: 10 });
    expect(thing.nothing).toEqual({ nullable: true, enum: [null] });
    // Each branch keeps the keywords of its own type: `minimum` says nothing about a string.
    expect(thing.size).toEqual({
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', pattern: '^[0-9]+$' },
      ],
    });
    expect(value.components.requestBodies.note.content['application/json'].schema).toEqual({
      type: 'object',
      nullable: true,
      properties: { text: { type: 'string' } },
    });
  });
});

describe('draft-4 tuples', () => {
  it('are arrays of any of their schemas, each with a warning at its place in the 2.0 file', async () => {
    const { value, diagnostics } = await check();
    const thing = value.components.schemas.Thing.properties;
    expect(thing.pair).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    });
    // `additionalItems: false`: no items past the one position listed.
    expect(thing.labels).toEqual({ type: 'array', items: { type: 'string' }, maxItems: 1 });
    const response = value.paths['/things'].get.responses['200'].content['application/json'];
    expect(response.schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Thing' },
    });
    const tuple = (pointer: string, line: number, column: number) => ({
      code: 'swagger-tuple-items',
      severity: 'warning',
      file: FILE,
      pointer,
      line,
      column,
    });
    expect(
      diagnostics.map(({ code, severity, file, pointer, line, column }) => ({
        code,
        severity,
        file,
        pointer,
        line,
        column,
      })),
    ).toEqual([
      tuple('/paths/~1things/get/responses/200/schema/items', itemsAfter(/^ {10}schema:/), 13),
      tuple('/definitions/Thing/properties/pair/items', itemsAfter(/^ {6}pair:/), 9),
      tuple('/definitions/Thing/properties/labels/items', itemsAfter(/^ {6}labels:/), 9),
    ]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining('read as an array of the one schema it lists'),
      expect.stringContaining('read as an array whose items are any of the 2 schemas it lists'),
      expect.stringContaining('read as an array of the one schema it lists'),
    ]);
  });
});

describe('the client of a document with type lists and tuples', () => {
  const scratch = useScratchDir('swagger-draft4-');
  const server = useTestServer(json(200, []));
  let client: any;

  beforeAll(async () => {
    const outcome = await generateText(FILE, DOCUMENT);
    if (outcome.kind !== 'generated')
      throw new Error(outcome.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('; '));
    const written = await writeOutput(scratch(), outcome.files);
    // A consumer holds the types to what the document allows, and refuses what it does not.
    const consumer = join(scratch(), 'consumer.ts');
    await writeFile(
      consumer,
      `import type { Thing } from './src/index.js';
export const allowed: Thing[] = [
  { name: null, size: 3, nothing: null, pair: ['a', 1], labels: ['x'] },
  { name: 'n', size: '3' },
];
// @ts-expect-error a name is a string or null
export const badName: Thing = { name: 1 };
// @ts-expect-error a size is a number or a string
export const badSize: Thing = { name: null, size: true };
// @ts-expect-error a pair holds strings and numbers
export const badPair: Thing = { name: null, pair: [true] };
`,
    );
    const index = written.find((f) => f.endsWith('/src/index.ts'))!;
    expect(typeCheck([index, consumer]).map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([]);
    const module = await import(pathToFileURL(index).href);
    // Strict: a response the document does not allow throws, so one that comes back was checked.
    client = new module.ThingsClient({
      baseUrl: server.origin,
      token: 'test-token',
      validateResponses: 'strict',
    });
  }, 120_000);

  it('takes nulls, either type and mixed tuples from the server as the document allows', async () => {
    const things = [
      { name: null, size: 3, nothing: null, pair: ['a', 1] },
      { name: 'n', size: '3', labels: ['x'] },
    ];
    server.reply(json(200, things));
    expect(await client.things.listThings()).toEqual(things);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /things']);
  });

  it('refuses from the server what the document does not allow', async () => {
    server.reply(json(200, [{ name: null, size: true }]));
    await expect(client.things.listThings()).rejects.toMatchObject({
      message: expect.stringContaining('$[0].size: expected integer at least 1 or string'),
    });
  });

  it('sends a null body where the body parameter is nullable', async () => {
    server.reply((_request, res) => {
      res.writeHead(204).end();
    });
    await client.things.createThing(null);
    expect(server.requests.map((r) => [r.method, r.url, r.text])).toEqual([
      ['POST', '/things', 'null'],
    ]);
  });
});
