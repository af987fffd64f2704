/**
 * Which header, cookie and path parameters the IR reads, and how: lists and objects of
 * scalars in every location (the OpenAI case: an optional header typed as a list), an
 * optional header or cookie with no wire form left out with a located warning, and a refusal
 * only where a required parameter has none.
 */
import { describe, expect, it } from 'vitest';
import { buildIr } from '../../generator/ir/build.js';
import type { IrOperation } from '../../generator/ir/types.js';
import { documentOf } from '../support/documents.js';

const objects = { type: 'array', items: { type: 'object', properties: { a: { type: 'string' } } } };

function documentWith(parameters: readonly object[]) {
  return documentOf({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {
      '/things/{id}': {
        get: { operationId: 'getThing', parameters, responses: { '204': { description: 'ok' } } },
      },
    },
  });
}

const idPath = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

function build(parameters: readonly object[]) {
  const built = buildIr(documentWith([idPath, ...parameters]));
  const diagnostics = built.diagnostics.map(({ code, severity, pointer, message, hint }) => ({
    code,
    severity,
    pointer,
    message,
    hint,
  }));
  return { operation: built.ir?.operations[0] as IrOperation | undefined, diagnostics };
}

describe('header and cookie parameters', () => {
  it('take an optional list header, as OpenAI declares openai-beta', () => {
    const { operation, diagnostics } = build([
      {
        name: 'openai-beta',
        in: 'header',
        style: 'simple',
        schema: { type: 'array', items: { type: 'string' } },
      },
    ]);
    expect(diagnostics).toEqual([]);
    expect(operation?.headerParameters).toMatchObject([
      { name: 'openai-beta', required: false, explode: false, type: { kind: 'array' } },
    ]);
  });

  it('keep explode only where it changes the wire', () => {
    const point = { type: 'object', properties: { x: { type: 'integer' } } };
    const list = { type: 'array', items: { type: 'string' } };
    const { operation } = build([
      { name: 'h-list', in: 'header', explode: true, schema: list },
      { name: 'h-object', in: 'header', explode: true, schema: point },
      { name: 'c-text', in: 'cookie', explode: false, schema: { type: 'string' } },
      { name: 'c-list', in: 'cookie', explode: false, schema: list },
      { name: 'c-object', in: 'cookie', schema: point },
    ]);
    const explode = (list: readonly { name: string; explode: boolean }[]) =>
      Object.fromEntries(list.map((p) => [p.name, p.explode]));
    expect(explode(operation!.headerParameters)).toEqual({ 'h-list': false, 'h-object': true });
    expect(explode(operation!.cookieParameters)).toEqual({
      'c-text': true,
      'c-list': false,
      'c-object': true,
    });
  });

  it('leave out an optional one whose value has no wire form, with a located warning', () => {
    const { operation, diagnostics } = build([
      { name: 'x-filters', in: 'header', schema: objects },
      {
        name: 'prefs',
        in: 'cookie',
        schema: {
          type: 'object',
          properties: { tags: { type: 'array', items: { type: 'string' } } },
        },
      },
    ]);
    expect(operation?.headerParameters).toEqual([]);
    expect(operation?.cookieParameters).toEqual([]);
    expect(diagnostics).toEqual([
      {
        code: 'parameter-left-out',
        severity: 'warning',
        pointer: '/paths/~1things~1{id}/get/parameters/1/schema',
        message:
          "header parameter 'x-filters' is a list or object holding lists or objects, which has no form in a header; the operation is generated without it",
        hint: "to send it anyway, pass it in the call's `headers` option as text",
      },
      {
        code: 'parameter-left-out',
        severity: 'warning',
        pointer: '/paths/~1things~1{id}/get/parameters/2/schema',
        message:
          "cookie parameter 'prefs' is a list or object holding lists or objects, which has no form in a cookie; the operation is generated without it",
        hint: "to send it anyway, set the Cookie header in the call's `headers` option",
      },
    ]);
  });

  it('refuse a required one whose value has no wire form', () => {
    const { operation, diagnostics } = build([
      { name: 'x-filters', in: 'header', required: true, schema: objects },
    ]);
    expect(operation).toBeUndefined();
    expect(diagnostics).toMatchObject([
      {
        code: 'unsupported-parameter',
        severity: 'error',
        pointer: '/paths/~1things~1{id}/get/parameters/1/schema',
      },
    ]);
    expect(diagnostics[0]!.hint).not.toMatch(/declare it/);
  });
});

describe('path parameters', () => {
  it('take objects of scalars in every style, null left out', () => {
    const built = buildIr(
      documentWith([
        {
          name: 'id',
          in: 'path',
          required: true,
          style: 'matrix',
          explode: true,
          schema: { type: ['object', 'null'], properties: { x: { type: 'integer' } } },
        },
      ]),
    );
    expect(built.diagnostics).toEqual([]);
    expect(built.ir?.operations[0]?.pathParameters).toMatchObject([
      { name: 'id', style: 'matrix', explode: true, type: { kind: 'object' } },
    ]);
  });

  it('refuse a list of objects, located', () => {
    const built = buildIr(
      documentWith([{ name: 'id', in: 'path', required: true, schema: objects }]),
    );
    expect(built.ir).toBeUndefined();
    expect(built.diagnostics).toMatchObject([
      {
        code: 'unsupported-parameter',
        pointer: '/paths/~1things~1{id}/get/parameters/0/schema',
        message: expect.stringContaining(
          "path parameter 'id' is a list or object holding lists or objects",
        ),
      },
    ]);
  });
});
