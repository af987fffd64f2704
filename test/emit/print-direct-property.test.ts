/**
 * A property test of the statement layouts (print/direct/code.ts): documents made up with
 * names of every length (so statements land on both sides of the print width), operations
 * with path, query and body inputs, and schemas of nested objects, lists and enums are
 * generated with direct printing on and off; every file must be the same, byte for byte.
 * The forms, the fake's schema nodes, the operations, the client and the query options are
 * what these layouts print.
 */
import fc from 'fast-check';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { useScratchDir } from '../support/scratch.js';

const SWITCH = 'CONNECT_CODEGEN_DIRECT_PRINT';
const saved = process.env[SWITCH];
afterEach(() => {
  if (saved === undefined) delete process.env[SWITCH];
  else process.env[SWITCH] = saved;
});
const scratch = useScratchDir('print-direct-property-');

const word = (n: number) => `w${'x'.repeat(n)}`;
const nameOf = fc.nat({ max: 60 }).map(word);
const leaf = fc.constantFrom<Record<string, unknown>>(
  { type: 'string' },
  { type: 'integer', minimum: 1 },
  { type: 'boolean' },
  { type: 'string', format: 'date-time' },
  { type: 'string', enum: ['a', 'b-c', 'long value of an enum member'] },
  { type: 'number', nullable: true },
);
const schema: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ s: Record<string, unknown> }>(
  (tie) => ({
    s: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      tie('s').map((items) => ({ type: 'array', items })),
      fc
        .uniqueArray(fc.tuple(nameOf, tie('s')), {
          selector: ([n]) => n,
          minLength: 1,
          maxLength: 5,
        })
        .map((props) => ({
          type: 'object',
          properties: Object.fromEntries(props),
          required: props.slice(0, 1).map(([n]) => n),
        })),
    ),
  }),
).s;

const documentOf = fc
  .record({
    resource: nameOf,
    query: fc.uniqueArray(nameOf, { maxLength: 4 }),
    body: schema,
    answer: schema,
  })
  .map(({ resource, query, body, answer }) => ({
    openapi: '3.0.3',
    info: { title: 'Made up', version: '1.0.0' },
    paths: {
      [`/${resource}/{id}`]: {
        get: {
          operationId: `get${resource}`,
          tags: [resource],
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            ...query.map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
          ],
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: answer } } },
          },
        },
        put: {
          operationId: `put${resource}`,
          tags: [resource],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: { content: { 'application/json': { schema: body } } },
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: answer } } },
          },
        },
      },
    },
  }));

it('gives the same package with direct printing as with prettier alone', async () => {
  let run = 0;
  await fc.assert(
    fc.asyncProperty(documentOf, async (document) => {
      const specPath = join(scratch(), `spec-${run++}.json`);
      await writeFile(specPath, JSON.stringify(document));
      const files = async (direct: boolean) => {
        process.env[SWITCH] = direct ? 'on' : 'off';
        const result = await generate({ specPath, command: 'test', caches: {} });
        expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        return result.files!.filter((f) => f.path.endsWith('.ts') || f.path.endsWith('.json'));
      };
      const direct = await files(true);
      const judged = await files(false);
      expect(direct.map((f) => f.path)).toEqual(judged.map((f) => f.path));
      const differing = direct
        .filter((f, i) => f.content !== judged[i]!.content)
        .map((f) => f.path);
      expect(differing).toEqual([]);
    }),
    { numRuns: 30, seed: 37 },
  );
}, 600_000);
