/**
 * Which lists are walked by cursor, read from the response and the query parameters
 * (generator/ir/pagination.ts): each vendor's shape is recognised only when both agree, and
 * `x-sdk-pagination` is refused at its own place when malformed (validate) or warned about
 * when it names what the operation does not have (IR).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { useScratchDir } from '../support/scratch.js';
import { buildIr } from '../../generator/ir/build.js';
import { validateDocument } from '../../generator/validate/index.js';
import { documentOf } from '../support/documents.js';

const ITEM = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const list = (items = ITEM) => ({ type: 'array', items });
const text = { type: 'string' };
const query = (name: string, required = false) => ({ name, in: 'query', required, schema: text });

function document(response: object, parameters: object[], extra: object = {}): object {
  return {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: {
      '/x': {
        get: {
          operationId: 'x',
          parameters,
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'object', properties: response } } },
            },
          },
          ...extra,
        },
      },
    },
  };
}

function built(doc: object) {
  const source = documentOf(doc);
  const result = buildIr(source);
  return {
    pagination: result.ir?.operations[0]?.pagination,
    warnings: result.diagnostics
      .filter((d) => d.severity === 'warning')
      .map((d) => `${d.code} ${d.pointer}`),
  };
}

const shape = (doc: object) => {
  const found = built(doc).pagination;
  return found?.kind === 'cursor'
    ? {
        items: found.items,
        parameter: found.parameter,
        cursor: found.cursor,
        hasMore: found.hasMore,
      }
    : found?.kind;
};

const STRIPE = { object: text, data: list(), has_more: { type: 'boolean' }, url: text };

describe('cursor lists from shapes', () => {
  it('reads Stripe, OpenAI, Slack and next-token lists', () => {
    expect(shape(document(STRIPE, [query('starting_after'), query('ending_before')]))).toEqual({
      items: ['data'],
      parameter: 'starting_after',
      cursor: { from: 'lastItem', path: ['id'] },
      hasMore: ['has_more'],
    });
    expect(shape(document({ ...STRIPE, last_id: text }, [query('after')]))).toMatchObject({
      parameter: 'after',
      cursor: { from: 'response', path: ['last_id'] },
    });
    const slack = {
      ok: { type: 'boolean' },
      members: list(),
      response_metadata: { type: 'object', properties: { next_cursor: text } },
    };
    expect(shape(document(slack, [query('cursor')]))).toEqual({
      items: ['members'],
      parameter: 'cursor',
      cursor: { from: 'response', path: ['response_metadata', 'next_cursor'] },
      hasMore: undefined,
    });
    expect(
      shape(document({ items: list(), nextPageToken: text }, [query('pageToken')])),
    ).toMatchObject({
      items: ['items'],
      parameter: 'pageToken',
    });
  });

  it('is conservative: no list without the matching parameter, with two arrays, or a required cursor', () => {
    expect(shape(document(STRIPE, [query('limit')]))).toBeUndefined();
    expect(shape(document(STRIPE, [query('starting_after', true)]))).toBeUndefined();
    expect(
      shape(document({ a: list(), b: list(), next_cursor: text }, [query('cursor')])),
    ).toBeUndefined();
    expect(
      shape(document({ a: list(), next_page_token: text }, [query('cursor')])),
    ).toBeUndefined();
    // Django's envelope is still a link list.
    expect(shape(document({ results: list(), next: text }, [query('cursor')]))).toBe('link');
  });
});

describe('x-sdk-pagination', () => {
  const declared = {
    items: '/page/rows',
    cursor: { parameter: 'from', fromLastItem: '/id' },
  };
  const nested = { page: { type: 'object', properties: { rows: list() } } };

  it('declares a list no shape tells', () => {
    const doc = document(nested, [query('from')], { 'x-sdk-pagination': declared });
    expect(validateDocument(documentOf(doc)).filter((d) => d.severity === 'error')).toEqual([]);
    expect(shape(doc)).toEqual({
      items: ['page', 'rows'],
      parameter: 'from',
      cursor: { from: 'lastItem', path: ['id'] },
      hasMore: undefined,
    });
  });

  it('warns at the extension when it names what the operation lacks, and the call is an ordinary one', () => {
    const doc = document(nested, [query('since')], { 'x-sdk-pagination': declared });
    expect(built(doc)).toEqual({
      pagination: undefined,
      warnings: ['pagination-not-followed /paths/~1x/get/x-sdk-pagination'],
    });
  });

  it.each([
    [[], '', 'must be an object'],
    [{ cursor: { parameter: 'from', from: '/c' } }, '/items', 'items must be a JSON pointer'],
    [{ items: '/rows', cursor: { from: '/c' } }, '/cursor/parameter', 'cursor.parameter must'],
    [{ items: '/rows', cursor: { parameter: 'from' } }, '/cursor', 'exactly one of from'],
    [{ items: '/rows', cursor: { parameter: 'from', from: 'c' } }, '/cursor/from', 'JSON pointer'],
    [{ items: '/rows', hasMore: 1, cursor: { parameter: 'f', from: '/c' } }, '/hasMore', 'hasMore'],
  ])('refuses %j at its place', (value, at, message) => {
    const doc = document(nested, [query('from')], { 'x-sdk-pagination': value });
    const errors = validateDocument(documentOf(doc)).filter(
      (d) => d.code === 'invalid-sdk-extension',
    );
    expect(errors.map((d) => d.pointer)).toEqual([`/paths/~1x/get/x-sdk-pagination${at}`]);
    expect(errors[0]!.message).toContain(message);
  });
});

describe('the README of an API whose lists take cursors', () => {
  const scratch = useScratchDir('cursor-readme-');

  it('tells how to walk them, with the cursor parameter, not Django envelope fields', async () => {
    const spec = join(scratch(), 'spec.json');
    const doc = document(STRIPE, [query('starting_after')]);
    await writeFile(spec, JSON.stringify(doc));
    const result = await generate({ specPath: spec, command: 'test' });
    const readme = result.files!.find((f) => f.path === 'README.md')!.content;
    const section = readme.slice(readme.indexOf('## Pagination'));
    expect(section).toContain('cursor (`starting_after`)');
    expect(section).toContain('for await (const item of');
    expect(section.slice(0, section.indexOf('\n## ', 5))).not.toContain('page.results');
  });
});
