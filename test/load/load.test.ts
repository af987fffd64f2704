import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSource, parseSource } from '../../generator/load/load.js';
import { briefOf, parsed } from '../support/documents.js';

/** The parts of a diagnostic a test pins down exactly. */
const brief = briefOf(['code', 'severity', 'pointer', 'line', 'column', 'message']);

describe('parseSource', () => {
  it('returns the plain value and the format by extension', () => {
    const yaml = parsed('spec/a.yaml', 'openapi: 3.1.0\npaths:\n  /a: {}\n');
    expect(yaml).toMatchObject({
      file: 'spec/a.yaml',
      format: 'yaml',
      value: { openapi: '3.1.0', paths: { '/a': {} } },
    });
    const json = parsed('spec/A.JSON', '{"openapi": "3.1.0", "n": [1, 2.5, null, true]}');
    expect(json).toMatchObject({
      file: 'spec/A.JSON',
      format: 'json',
      value: { openapi: '3.1.0', n: [1, 2.5, null, true] },
    });
    expect(parsed('spec/a.yml', 'a: 1').format).toBe('yaml');
  });

  it('accepts anchors, aliases and merge keys', () => {
    const doc = parsed(
      'a.yaml',
      'base: &base\n  type: string\nuse: *base\nmerged:\n  <<: *base\n  format: uuid\n',
    );
    expect(doc.value).toEqual({
      base: { type: 'string' },
      use: { type: 'string' },
      merged: { type: 'string', format: 'uuid' },
    });
  });

  it('strips a byte order mark', () => {
    expect(parsed('a.yaml', '\uFEFFopenapi: 3.1.0\n').value).toEqual({ openapi: '3.1.0' });
  });

  const rejected: { name: string; file: string; text: string; want: ReturnType<typeof brief>[] }[] =
    [
      {
        name: 'an unclosed flow mapping',
        file: 'a.yaml',
        text: 'a:\n  b: {c: 1\n  d: 2\n',
        want: [
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '',
            line: 3,
            column: 3,
            message: 'flow map in block collection must be sufficiently indented and end with a }',
          },
        ],
      },
      {
        name: 'a tab used as indentation, and a second error after it (all errors are kept)',
        file: 'a.yaml',
        text: 'a:\n\tb: 1\nc: [1\n',
        want: [
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '',
            line: 2,
            column: 1,
            message: 'tabs are not allowed as indentation',
          },
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '',
            line: 4,
            column: 1,
            message:
              'flow sequence in block collection must be sufficiently indented and end with a ]',
          },
        ],
      },
      {
        name: "JSON with a missing comma (JSON.parse's message, at its position)",
        file: 'a.json',
        text: '{\n  "a": 1\n  "b": 2\n}\n',
        want: [
          {
            code: 'json-syntax',
            severity: 'error',
            pointer: '',
            line: 3,
            column: 3,
            message: "expected ',' or '}' after property value",
          },
        ],
      },
      {
        name: 'the same text as YAML (the YAML parser’s messages)',
        file: 'a.yaml',
        text: '{\n  "a": 1\n  "b": 2\n}\n',
        want: [
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '',
            line: 2,
            column: 8,
            message: 'block collections are not allowed within flow collections',
          },
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '',
            line: 2,
            column: 8,
            message: 'implicit keys need to be on a single line',
          },
        ],
      },
      {
        name: 'duplicate keys, also when YAML sees a number and a string',
        file: 'a.yaml',
        text: 'a:\n  x: 1\n  x: 2\nr:\n  200: ok\n  "200": again\n',
        want: [
          {
            code: 'duplicate-key',
            severity: 'error',
            pointer: '/a/x',
            line: 3,
            column: 3,
            message: "duplicate key 'x' (first defined on line 2)",
          },
          {
            code: 'duplicate-key',
            severity: 'error',
            pointer: '/r/200',
            line: 6,
            column: 3,
            message: "duplicate key '200' (first defined on line 5)",
          },
        ],
      },
      {
        name: 'duplicate keys in JSON',
        file: 'a.json',
        text: '{\n  "list": [{"a": 1, "a": 2}]\n}\n',
        want: [
          {
            code: 'duplicate-key',
            severity: 'error',
            pointer: '/list/0/a',
            line: 2,
            column: 21,
            message: "duplicate key 'a' (first defined on line 2)",
          },
        ],
      },
      {
        name: 'an alias without anchor',
        file: 'a.yaml',
        text: 'a: 1\nb: *nothing\n',
        want: [
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '/b',
            line: 2,
            column: 4,
            message: 'alias *nothing has no anchor &nothing before it',
          },
        ],
      },
      {
        name: 'an alias inside its own anchor',
        file: 'a.yaml',
        text: 'a: &loop\n  - *loop\n',
        want: [
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '/a/0',
            line: 2,
            column: 5,
            message:
              'alias *loop is inside the node it refers to, which would make the document infinitely deep',
          },
        ],
      },
      {
        name: 'a merge key with something other than mappings',
        file: 'a.yaml',
        text: 'base: &base [1]\na:\n  <<: null\nb:\n  <<: [*base]\n',
        want: [
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '/a',
            line: 3,
            column: 7,
            message: "the merge key '<<' needs a mapping, an alias to one, or a list of them",
          },
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '/b',
            line: 5,
            column: 7,
            message: "the merge key '<<' needs a mapping, an alias to one, or a list of them",
          },
        ],
      },
      {
        name: 'a mapping key that is a collection',
        file: 'a.yaml',
        text: '? [a, b]\n: 1\n',
        want: [
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '',
            line: 1,
            column: 3,
            message: 'mapping keys must be strings, not collections',
          },
        ],
      },
      {
        name: 'two documents in one file',
        file: 'a.yaml',
        text: 'a: 1\n---\nb: 2\n',
        want: [
          {
            code: 'yaml-syntax',
            severity: 'error',
            pointer: '',
            line: 2,
            column: 1,
            message: 'source contains multiple documents; please use YAML.parseAllDocuments()',
          },
        ],
      },
      {
        name: 'a sequence at the root',
        file: 'a.yaml',
        text: '- openapi: 3.1.0\n',
        want: [
          {
            code: 'root-not-mapping',
            severity: 'error',
            pointer: '',
            line: 1,
            column: 1,
            message: 'the document root is a sequence, not a mapping',
          },
        ],
      },
      {
        name: 'a scalar at the root',
        file: 'a.json',
        text: '\n  "openapi"\n',
        want: [
          {
            code: 'root-not-mapping',
            severity: 'error',
            pointer: '',
            line: 2,
            column: 3,
            message: 'the document root is a string scalar, not a mapping',
          },
        ],
      },
      {
        name: 'an empty file',
        file: 'a.yaml',
        text: '',
        want: [
          {
            code: 'root-not-mapping',
            severity: 'error',
            pointer: '',
            line: 0,
            column: 0,
            message: 'the document root is empty, not a mapping',
          },
        ],
      },
    ];

  it.each(rejected)('rejects $name with no document', ({ file, text, want }) => {
    const { document, diagnostics } = parseSource(file, text);
    expect(document).toBeUndefined();
    expect(diagnostics.map(brief)).toEqual(want);
    for (const d of diagnostics) expect(d.file).toBe(file);
  });

  it('stops an alias expansion bomb with a diagnostic instead of a throw', () => {
    const levels = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (const name of ['b', 'c', 'd', 'e']) {
      const previous = String.fromCharCode(name.charCodeAt(0) - 1);
      levels.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`);
    }
    const { document, diagnostics } = parseSource('bomb.yaml', `${levels.join('\n')}\n`);
    expect(document).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(['yaml-syntax']);
    expect(diagnostics[0]?.message).toMatch(/^too many alias expansions: excessive alias count/);
  });

  it('keeps warnings but still returns the document', () => {
    const { document, diagnostics } = parseSource('a.yaml', 'a: !custom 1\n');
    expect(document?.value).toEqual({ a: '1' });
    expect(diagnostics.map(brief)).toEqual([
      {
        code: 'yaml-warning',
        severity: 'warning',
        pointer: '',
        line: 1,
        column: 4,
        message: 'unresolved tag: !custom',
      },
    ]);
  });
});

describe('locate', () => {
  const yaml = parsed(
    'spec.yaml',
    [
      'openapi: 3.1.0', // 1
      'paths:', // 2
      '  /users/{id}:', // 3
      '    get:', // 4
      '      parameters:', // 5
      '        - name: id', // 6
      '          in: path', // 7
      '        - $ref: "#/components/parameters/Q"', // 8
      '      responses:', // 9
      '        200:', // 10
      '          description: ok', // 11
      '  /a~b/c:', // 12
      '    x-base: &base', // 13
      '      list: [10, {deep: true}]', // 14
      '    x-use: *base', // 15
      '    x-merged:', // 16
      '      <<: *base', // 17
      '      own: 1', // 18
      "  '': {}", // 19
      '',
    ].join('\n'),
  );

  const cases: { pointer: string; line: number; column: number; why: string }[] = [
    { pointer: '', line: 1, column: 1, why: 'the root' },
    { pointer: '/openapi', line: 1, column: 1, why: 'a member is located at its key' },
    { pointer: '/paths/~1users~1{id}', line: 3, column: 3, why: '~1 is a slash' },
    {
      pointer: '/paths/~1users~1{id}/get/parameters/0',
      line: 6,
      column: 11,
      why: 'an array item is located at the item',
    },
    {
      pointer: '/paths/~1users~1{id}/get/parameters/0/in',
      line: 7,
      column: 11,
      why: 'nested below an array item',
    },
    {
      pointer: '/paths/~1users~1{id}/get/parameters/1/$ref',
      line: 8,
      column: 11,
      why: '$ref as a plain key',
    },
    {
      pointer: '/paths/~1users~1{id}/get/responses/200',
      line: 10,
      column: 9,
      why: 'a numeric YAML key matches its string token',
    },
    {
      pointer: '/paths/~1users~1{id}/get/responses/200/description',
      line: 11,
      column: 11,
      why: 'below a numeric key',
    },
    { pointer: '/paths/~1a~0b~1c', line: 12, column: 3, why: '~0 is a tilde, decoded after ~1' },
    {
      pointer: '/paths/~1a~0b~1c/x-base/list/1/deep',
      line: 14,
      column: 19,
      why: 'inside a flow collection',
    },
    {
      pointer: '/paths/~1a~0b~1c/x-use',
      line: 15,
      column: 5,
      why: 'an alias itself is located where it is used',
    },
    {
      pointer: '/paths/~1a~0b~1c/x-use/list/0',
      line: 14,
      column: 14,
      why: 'below an alias, at the anchored node',
    },
    {
      pointer: '/paths/~1a~0b~1c/x-merged/own',
      line: 18,
      column: 7,
      why: 'a key of a map with a merge key',
    },
    {
      pointer: '/paths/~1a~0b~1c/x-merged/list',
      line: 14,
      column: 7,
      why: 'a key that comes from the merge key',
    },
    { pointer: '/paths/', line: 19, column: 3, why: 'an empty key' },
    {
      pointer: '/paths/~1users~1{id}/get/requestBody/content',
      line: 4,
      column: 5,
      why: 'missing member: nearest existing ancestor',
    },
    {
      pointer: '/paths/~1users~1{id}/get/parameters/7',
      line: 5,
      column: 7,
      why: 'index past the end: the array',
    },
    {
      pointer: '/paths/~1users~1{id}/get/parameters/01',
      line: 5,
      column: 7,
      why: 'leading zeros are not an index',
    },
    { pointer: '/openapi/0', line: 1, column: 1, why: 'below a scalar: the scalar' },
    { pointer: '#/paths/~1users~1{id}', line: 3, column: 3, why: 'URI fragment form' },
    { pointer: 'paths', line: 0, column: 0, why: 'not a pointer' },
  ];

  it.each(cases)('$pointer → $line:$column ($why)', ({ pointer, line, column }) => {
    expect(yaml.locate(pointer)).toEqual({ line, column });
  });

  it('works the same on JSON', () => {
    const json = parsed(
      'spec.json',
      '{\n  "paths": {\n    "/a/{id}": {\n      "get": {"tags": ["x", "y"]}\n    }\n  }\n}\n',
    );
    expect(json.locate('/paths/~1a~1{id}/get')).toEqual({ line: 4, column: 7 });
    expect(json.locate('/paths/~1a~1{id}/get/tags/1')).toEqual({ line: 4, column: 29 });
    expect(json.locate('/paths/~1a~1{id}/post')).toEqual({ line: 3, column: 5 });
  });
});

describe('loadSource', () => {
  it('reads and parses a file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'load-test-'));
    const file = join(dir, 'spec.json');
    await writeFile(file, '{\n  "openapi": "3.1.0"\n}\n');
    const { document, diagnostics } = await loadSource(file);
    expect(diagnostics).toEqual([]);
    expect(document?.format).toBe('json');
    expect(document?.value).toEqual({ openapi: '3.1.0' });
    expect(document?.locate('/openapi')).toEqual({ line: 2, column: 3 });
    await rm(dir, { recursive: true });
  });

  it.each([
    { name: 'a missing file', file: 'test/fixtures/does-not-exist.yaml', reason: 'no such file' },
    {
      name: 'a directory',
      file: 'test/fixtures',
      reason: 'it is a directory, not a regular file',
      code: 'file-not-regular',
      hint: 'only regular files are read: not a FIFO, a device, a socket or a directory',
    },
  ])('reports $name instead of throwing', async ({ file, reason, code, hint }) => {
    const { document, diagnostics } = await loadSource(file);
    expect(document).toBeUndefined();
    expect(diagnostics).toEqual([
      {
        code: code ?? 'file-unreadable',
        severity: 'error',
        message: `cannot read '${file}': ${reason}`,
        file,
        pointer: '',
        line: 0,
        column: 0,
        ...(hint ? { hint } : {}),
      },
    ]);
  });
});

describe('parseSource on arbitrary input', () => {
  const valid =
    '{\n  "openapi": "3.1.0",\n  "info": {"title": "T", "version": "1"},\n  "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}\n}\n';

  it('never throws, and every diagnostic has a file and a position inside the text', async () => {
    const fc = (await import('fast-check')).default;
    const damaged = fc
      .tuple(
        fc.nat(valid.length),
        fc.nat(8),
        fc.string({
          maxLength: 4,
          unit: fc.constantFrom(
            '{',
            '}',
            '[',
            ']',
            ':',
            ',',
            '"',
            '\n',
            ' ',
            '\t',
            '&a',
            '*a',
            '- ',
            '#',
          ),
        }),
      )
      .map(([at, cut, insert]) => valid.slice(0, at) + insert + valid.slice(at + cut));
    const lines = (text: string) => text.split('\n').length;
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), damaged),
        fc.constantFrom('x.yaml', 'x.json'),
        (text, file) => {
          const { document, diagnostics } = parseSource(file, text);
          if (!document) expect(diagnostics.some((d) => d.severity === 'error')).toBe(true);
          for (const d of diagnostics) {
            expect(d.file).toBe(file);
            expect(d.line).toBeLessThanOrEqual(lines(text));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
