/**
 * A query array the client joins with commas (`explode: false`) is read back by the fake from
 * the same parameter description: the client's encoder and the fake's reader agree.
 */
import { describe, expect, it } from 'vitest';
import { encodeQuery } from '../../templates/runtime/core/url.js';
import type { ParameterContract } from '../../templates/connect/fake/contract.js';
import { ApiFailure } from '../../templates/connect/fake/errors.js';
import { queryNumbers, queryTexts, readQuery } from '../../templates/connect/fake/params.js';

const context = { operationId: 'thingsList', method: 'GET', url: 'http://127.0.0.1/things/' };

describe('explode: false', () => {
  it('round-trips a comma-joined array from the client to the fake', () => {
    const ids: ParameterContract = {
      name: 'ids',
      explode: false,
      schema: { kind: 'array', items: { kind: 'integer' } },
    };
    const tags: ParameterContract = {
      name: 'tags',
      schema: { kind: 'array', items: { kind: 'string' } },
    };
    const search = encodeQuery([ids, tags], { ids: [1, 2, 3], tags: ['a,b', 'c'] }, context);
    expect(search.toString()).toBe('ids=1%2C2%2C3&tags=a%2Cb&tags=c');
    const values = readQuery([ids, tags], search);
    expect(queryNumbers(values, 'ids')).toEqual([1, 2, 3]);
    // Exploded arrays keep commas inside their items.
    expect(queryTexts(values, 'tags')).toEqual(['a,b', 'c']);
  });

  it('checks each item of a joined array, naming its position', () => {
    const ids: ParameterContract = {
      name: 'ids',
      explode: false,
      schema: { kind: 'array', items: { kind: 'integer' } },
    };
    const failure = (() => {
      try {
        readQuery([ids], new URLSearchParams('ids=1,x'));
      } catch (error) {
        return error;
      }
      throw new Error('ids=1,x was accepted');
    })();
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(400);
    expect(JSON.stringify((failure as ApiFailure).body)).toContain(
      'ids[1]: expected an integer, got \\"x\\"',
    );
  });
});
