/**
 * An operation's `x-sdk-query` and `x-sdk-invalidates`: refused at their own line when they
 * cannot be used, and read into the IR and the query keys when they can.
 */
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../generator/load/load.js';
import { sdkExtensions } from '../../generator/validate/sdk-extensions.js';
import { buildIr } from '../../generator/ir/build.js';
import { queryKeyPlan, queryRoleOf } from '../../generator/plan/query-keys.js';

/** A document of users, their cards and a charging action, with `extra` lines on two operations. */
function documentWith(intentLines = '', startLines = '') {
  const text = `openapi: 3.1.0
info: { title: Cards, version: '1' }
paths:
  /users/{user_id}/:
    get:
      operationId: usersRetrieve
      parameters: [{ name: user_id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok } }
  /users/{user_id}/cards/:
    get:
      operationId: cardsList
      parameters: [{ name: user_id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok } }
  /users/{user_id}/setup-intents/:
    get:
      operationId: intentsCreate
      parameters: [{ name: user_id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok } }
${intentLines}
  /users/{user_id}/start/:
    post:
      operationId: chargingStart
      parameters: [{ name: user_id, in: path, required: true, schema: { type: string } }]
      responses: { '201': { description: ok } }
${startLines}
  /stations/{station_id}/:
    get:
      operationId: stationsDetails
      parameters: [{ name: station_id, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: ok } }
  /stations/:
    get:
      operationId: stationsList
      responses: { '200': { description: ok } }
`;
  const { document } = parseSource('cards.yaml', text);
  if (!document) throw new Error('did not parse');
  return document;
}

const problems = (intent: string, start = '') =>
  sdkExtensions(documentWith(intent, start)).map((d) => [d.pointer, d.line, d.message]);

describe('x-sdk-query and x-sdk-invalidates', () => {
  it('accept a role, and a list of reads on a write', () => {
    expect(
      problems(
        '      x-sdk-query: write\n      x-sdk-invalidates: [cardsList]',
        '      x-sdk-invalidates: [stationsDetails, stationsList]',
      ),
    ).toEqual([]);
  });

  it.each([
    [
      '      x-sdk-query: mutation',
      '/paths/~1users~1{user_id}~1setup-intents~1/get/x-sdk-query',
      "x-sdk-query must be 'read' or 'write', got \"mutation\"",
    ],
    [
      '      x-sdk-invalidates: [cardsList]',
      '/paths/~1users~1{user_id}~1setup-intents~1/get/x-sdk-invalidates',
      'x-sdk-invalidates is read on writes only, and this operation is a read',
    ],
    [
      '      x-sdk-query: write\n      x-sdk-invalidates: cardsList',
      '/paths/~1users~1{user_id}~1setup-intents~1/get/x-sdk-invalidates',
      'x-sdk-invalidates must be a list',
    ],
    [
      '      x-sdk-query: write\n      x-sdk-invalidates: [cardList]',
      '/paths/~1users~1{user_id}~1setup-intents~1/get/x-sdk-invalidates/0',
      "x-sdk-invalidates: no operation has the operationId 'cardList'",
    ],
    [
      '      x-sdk-query: write\n      x-sdk-invalidates: [chargingStart]',
      '/paths/~1users~1{user_id}~1setup-intents~1/get/x-sdk-invalidates/0',
      "x-sdk-invalidates: 'chargingStart' is not a read, so it has no query to invalidate",
    ],
  ])('refuse %j at its own pointer and line', (lines, pointer, message) => {
    const found = problems(lines);
    expect(found).toHaveLength(1);
    expect(found[0]![0]).toBe(pointer);
    expect(found[0]![1]).toBeGreaterThan(15);
    expect(found[0]![2]).toBe(message);
  });

  it('make a GET a mutation that invalidates the reads it names, beside those its path gives', () => {
    const { ir } = buildIr(
      documentWith(
        '      x-sdk-query: write\n      x-sdk-invalidates: [cardsList]',
        '      x-sdk-invalidates: [stationsDetails, stationsList, usersRetrieve]',
      ),
    );
    const op = (id: string) => ir!.operations.find((o) => o.operationId === id)!;
    expect(queryRoleOf(op('intentsCreate'))).toBe('write');
    const keys = queryKeyPlan(ir!.operations);
    expect(keys.reads.has(op('intentsCreate'))).toBe(false);
    const shown = (id: string) =>
      keys.invalidations
        .get(op(id))!
        .map(
          (i) =>
            `${i.scope} ${i.segments.map((s) => (s.kind === 'literal' ? s.value : `{${(s as { name: string }).name}}`)).join('/')}`,
        );
    expect(shown('intentsCreate')).toEqual([
      'reads users/{user_id}',
      'reads users/{user_id}/cards',
    ]);
    // A read whose path names something the write does not know (which station?) is invalidated
    // whole from the part before it; the user's own read is given once, by the path rule.
    expect(shown('chargingStart')).toEqual([
      'reads users/{user_id}',
      'subtree stations',
      'reads stations',
    ]);
  });
});
