/**
 * The JSON fast path (`JSON.parse`, no YAML tree unless a diagnostic asks where): the same
 * value and the same places as the YAML path, and the duplicate keys `JSON.parse` would
 * silently merge are still found.
 */
import { describe, expect, it } from 'vitest';
import { duplicateJsonKeys } from '../../generator/shared/document/json-keys.js';
import { parseSource } from '../../generator/load/load.js';
import { parsed } from '../support/documents.js';

describe('duplicateJsonKeys', () => {
  it('finds a repeated key with its pointer, at any depth', () => {
    const text = '{"a": [{"x": 1}, {"y": "}", "x": 2, "x": 3}], "b": {"c,d": {}, "c,d": []}}';
    expect(duplicateJsonKeys(text)).toEqual([
      {
        name: 'x',
        firstOffset: text.indexOf('"x": 2'),
        offset: text.indexOf('"x": 3'),
        pointer: '/a/1/x',
      },
      {
        name: 'c,d',
        firstOffset: text.indexOf('"c,d"'),
        offset: text.lastIndexOf('"c,d"'),
        pointer: '/b/c,d',
      },
    ]);
  });

  it('compares keys as JSON reads them, escapes and all', () => {
    expect(duplicateJsonKeys('{"a\\"b": 1, "a\\u0022b": 2}').map((d) => d.name)).toEqual(['a"b']);
    expect(duplicateJsonKeys('{"a": "\\"a\\": 1", "b": {"a": 1}}')).toEqual([]);
  });
});

describe('a JSON document', () => {
  const text = [
    '{',
    '  "openapi": "3.1.0",',
    '  "paths": {',
    '    "/a/{id}": { "get": { "tags": ["x", "y"], "n": [1, 2.5, null, true] } }',
    '  }',
    '}',
  ].join('\n');

  it('has the value and the places the YAML reading gives', () => {
    const fast = parsed('spec.json', text);
    const slow = parsed('spec.yaml', text);
    expect(fast.value).toEqual(slow.value);
    for (const pointer of [
      '/openapi',
      '/paths/~1a~1{id}/get/tags/1',
      '/paths/~1a~1{id}/get/n',
      '/nope',
    ])
      expect(fast.locate(pointer)).toEqual(slow.locate(pointer));
  });

  it('with a repeated key is still reported, at the repeat', () => {
    const result = parseSource('spec.json', '{"openapi": "3.1.0",\n "openapi": "3.0.3"}');
    expect(result.document).toBeUndefined();
    expect(result.diagnostics).toMatchObject([
      { code: 'duplicate-key', pointer: '/openapi', line: 2, column: 2 },
    ]);
  });
});
