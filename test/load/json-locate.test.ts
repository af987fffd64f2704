/**
 * The JSON locator answers exactly as the YAML tree does, for every pointer of a document and
 * for pointers that go past it: the YAML tree is the reference, since every other diagnostic
 * was located through it before.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonLocator } from '../../generator/shared/document/json-locate.js';
import { joinPointer } from '../../generator/shared/document/pointer.js';
import { parseSource } from '../../generator/load/load.js';

/** Every pointer to a value in `value`, and for each a pointer one step past it. */
function pointers(value: unknown, at = ''): string[] {
  const here = [at, joinPointer(at, 'nope'), joinPointer(at, '01')];
  if (typeof value !== 'object' || value === null) return here;
  const children = Array.isArray(value)
    ? value.map((item, i) => pointers(item, joinPointer(at, i)))
    : Object.entries(value).map(([key, item]) => pointers(item, joinPointer(at, key)));
  return [...here, ...children.flat()];
}

function expectSameAsYaml(text: string): void {
  // JSON is YAML: read as `.yaml`, the text gets the YAML tree's locator.
  const yaml = parseSource('doc.yaml', text).document!;
  const locate = jsonLocator(text);
  for (const pointer of pointers(JSON.parse(text)))
    expect({ pointer, ...locate(pointer) }).toEqual({ pointer, ...yaml.locate(pointer) });
}

describe('jsonLocator', () => {
  it('places every member, item and missing step as the YAML tree does', () => {
    expectSameAsYaml(
      readFileSync('node_modules/@readme/oas-examples/3.0/json/petstore.json', 'utf8'),
    );
  });

  it('through escapes, odd spacing, CRLF line ends and nested lists', () => {
    const text = [
      '{"openapi" :"3.0.3",\r\n',
      '  "a~b/c":{ "é\\u00e9\\"q" : [ 1,[2 , {"x":[ ]} ],\t{"y" : "}]\\\\"} ] },',
      '\n"e": {}, "n": null, "t": true, "f": -1.5e3}',
    ].join('');
    expectSameAsYaml(text);
  });

  it('is what a JSON document loaded from a .json file answers with', () => {
    const text = '{\n  "openapi": "3.0.3",\n  "paths": {\n    "/x": {}\n  }\n}\n';
    expect(parseSource('doc.json', text).document!.locate('/paths/~1x')).toEqual({
      line: 4,
      column: 5,
    });
  });
});
