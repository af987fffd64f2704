import { describe, expect, it } from 'vitest';
import { errorClassesFor, errorResponsesFor } from '../../generator/emit/operations/errors.js';
import { emitApiMarkdown } from '../../generator/emit/docs/api-md.js';
import { literal, sampleCall } from '../../generator/emit/common/samples.js';
import { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import { irOf, operation, str, namesOf } from '../support/ir-values.js';

/** Evaluates a literal the way a reader pasting the sample would. */
function evaluate(code: string): unknown {
  return new Function(`return (${code});`)();
}

describe('sample values', () => {
  it.each([
    ['a line break', 'first line\nsecond line'],
    ['quotes and a backslash', `it's "quoted" \\ here`],
    ['a carriage return, a tab and a control character', 'a\r\tb\u0001c'],
    ['line and paragraph separators', 'a\u2028b\u2029c'],
    ['ordinary text', 'Ladestation Mitte — 22 kW'],
  ])('writes %s as a single-quoted literal that reads back the same', (_, text) => {
    const code = literal(text);
    expect(code.startsWith("'") && code.endsWith("'")).toBe(true);
    expect(code).not.toContain('\n');
    expect(evaluate(code)).toBe(text);
  });

  it('escapes strings inside objects and lists too', () => {
    const value = { 'odd-key': ['x\ny'], note: "don't" };
    expect(evaluate(literal(value))).toEqual(value);
  });

  it('keeps a sample call on one line when the spec example holds a line break', () => {
    const op = operation({
      functionName: 'thingsCreate',
      method: 'POST',
      body: {
        required: true,
        type: {
          kind: 'object',
          properties: [
            { name: 'note', type: str, required: true, readOnly: false, writeOnly: false },
          ],
          additional: false,
        },
        encodings: [],
        example: { note: 'two\nlines' },
      },
    });
    const line = sampleCall(op, new SchemaIndex(irOf([], [op])));
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain("note: 'two\\nlines'");
  });
});

describe('error classes as data', () => {
  const op = operation({
    functionName: 'thingsGet',
    responses: [
      { status: 200, description: 'OK' },
      { status: 404, description: 'No such thing' },
      { status: 503 },
    ],
  } as unknown as Parameters<typeof operation>[0]);

  it('lists the declared error statuses with their classes', () => {
    expect(errorResponsesFor(op)).toEqual([
      { className: 'NotFoundError', status: 404, description: 'No such thing' },
      { className: 'InternalServerError', status: 503 },
    ]);
  });

  it('renders them as links in doc comments and as code in api.md', () => {
    expect(errorClassesFor(op)).toEqual([
      '{@link NotFoundError} 404 — No such thing',
      '{@link InternalServerError} 503',
    ]);
    const ir = irOf([], [op]);
    const file = emitApiMarkdown(ir, namesOf(ir, []), 'HEADER');
    const markdown = file.kind === 'text' ? file.content : '';
    expect(markdown).toContain(
      'Throws:\n\n- `NotFoundError` 404 — No such thing\n- `InternalServerError` 503',
    );
  });
});
