/**
 * Cookie parameters are arguments of the client's calls like query and header parameters, so
 * the surface records them: a new required one breaks every call that does not pass it.
 */
import { describe, expect, it } from 'vitest';
import { buildSurface } from '../../generator/release/diff/surface.js';
import type { SnapshotOperation } from '../../generator/release/diff/snapshot.js';
import { reportForChange, THINGS_BASE, verdicts, type Doc } from './support.js';

const things = (doc: Doc): Doc => doc.paths['/things/'].get;

describe('cookie parameters in the surface', () => {
  it('reports a new required cookie parameter as breaking, and an optional one as compatible', () => {
    expect(
      verdicts(
        reportForChange(THINGS_BASE, (d) =>
          things(d).parameters.push({
            name: 'session',
            in: 'cookie',
            required: true,
            schema: { type: 'string' },
          }),
        ),
      ),
    ).toEqual([
      [
        'breaking',
        'parameter-added-required',
        'cookie parameter `session` added (required, string)',
      ],
    ]);
    expect(
      verdicts(
        reportForChange(THINGS_BASE, (d) =>
          things(d).parameters.push({ name: 'theme', in: 'cookie', schema: { type: 'string' } }),
        ),
      ),
    ).toEqual([
      [
        'compatible',
        'parameter-added-optional',
        'cookie parameter `theme` added (optional, string)',
      ],
    ]);
  });

  it('reads an operation recorded before cookies were, as one without any', () => {
    const recorded: SnapshotOperation = {
      method: 'GET',
      path: '/things/',
      resourcePath: ['things'],
      methodName: 'list',
      functionName: 'thingsList',
      pathParameters: [],
      queryParameters: [],
      headerParameters: [],
      responses: [],
    };
    const keys = buildSurface({
      version: '1.0.0',
      schemas: [],
      operations: [recorded],
    }).entries.map((e) => e.key);
    expect(keys).toEqual(['GET /things/']);
  });
});
