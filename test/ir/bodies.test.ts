/**
 * Request bodies and responses of every media type in the IR: which encoding a body gets,
 * the Content-Type it keeps, its type, how a response is read, and status ranges.
 */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseSource } from '../../generator/load/load.js';
import { buildIr } from '../../generator/ir/build.js';
import { planIr } from '../../generator/plan/index.js';
import type { IrOperation } from '../../generator/ir/types.js';
import {
  isJsonLike,
  isText,
  requestEncoding,
  responseMedia,
} from '../../generator/ir/media-types.js';

function operation(op: object): IrOperation {
  const text = stringify({
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: { '/x': { post: { operationId: 'x', ...op } } },
    components: { schemas: { Thing: { type: 'object', properties: { a: { type: 'string' } } } } },
  });
  const { document } = parseSource('t.yaml', text);
  const result = buildIr(document!);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return planIr(result.ir!).ir.operations[0]!;
}

const ok = { responses: { '204': { description: 'ok' } } };
const body = (content: object) => ({ requestBody: { required: true, content }, ...ok });
const BYTES = { schema: { type: 'string', format: 'binary' } };

describe('media types', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['application/vnd.github+json', true],
    ['application/problem+json', true],
    ['application/x-amz-json-1.1', true],
    ['application/vnd.api.json', true],
    ['application/x-ndjson', false],
    ['application/jsonl', false],
    ['text/json-ish', false],
    ['application/octet-stream', false],
  ])('%s is JSON-like: %s', (mediaType, expected) => {
    expect(isJsonLike(mediaType)).toBe(expected);
  });

  it.each([
    ['text/plain', true],
    ['text/x-markdown', true],
    ['application/xml', true],
    ['application/atom+xml', true],
    ['application/x-yaml', true],
    ['image/svg+xml', true],
    ['image/png', false],
    ['application/pdf', false],
  ])('%s is text: %s', (mediaType, expected) => {
    expect(isText(mediaType)).toBe(expected);
  });

  it('reads a wildcard as JSON when its schema is structured, else as bytes', () => {
    expect(requestEncoding('*/*', true)).toBe('json');
    expect(requestEncoding('*/*', false)).toBe('binary');
    expect(requestEncoding('image/*', false)).toBe('binary');
    expect(responseMedia('*/*', true)).toBe('json');
    expect(responseMedia('application/*', false)).toBe('binary');
  });
});

describe('request bodies', () => {
  it('keeps a JSON-like media type as the Content-Type to send', () => {
    const op = operation(
      body({ 'application/vnd.x+json': { schema: { $ref: '#/components/schemas/Thing' } } }),
    );
    expect(op.body).toMatchObject({
      encodings: ['json'],
      contentType: 'application/vnd.x+json',
      type: { kind: 'ref', name: 'Thing' },
    });
  });

  it('sends plain application/json and a structured wildcard without a Content-Type of their own', () => {
    expect(
      operation(body({ 'application/json': { schema: { type: 'object' } } })).body!.contentType,
    ).toBeUndefined();
    expect(
      operation(body({ '*/*': { schema: { $ref: '#/components/schemas/Thing' } } })).body,
    ).toMatchObject({
      encodings: ['json'],
    });
    expect(
      operation(body({ '*/*': { schema: { $ref: '#/components/schemas/Thing' } } })).body!
        .contentType,
    ).toBeUndefined();
  });

  it('offers the structured encodings together, JSON first, ignoring text and bytes beside them', () => {
    const op = operation(
      body({
        'text/plain': { schema: { type: 'string' } },
        'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/Thing' } },
        'application/json': { schema: { $ref: '#/components/schemas/Thing' } },
        'application/octet-stream': BYTES,
      }),
    );
    expect(op.body!.encodings).toEqual(['json', 'form']);
  });

  it('types a text body as a string, sent with its declared type', () => {
    const op = operation(body({ 'text/xml': { schema: { type: 'object' } } }));
    expect(op.body).toMatchObject({
      encodings: ['text'],
      contentType: 'text/xml',
      type: { kind: 'string' },
    });
  });

  it('prefers text to bytes, and takes bytes of any type', () => {
    expect(operation(body({ 'image/png': BYTES, 'text/csv': {} })).body!.encodings).toEqual([
      'text',
    ]);
    for (const mediaType of ['application/octet-stream', 'image/png', 'application/pdf', '*/*'])
      expect(operation(body({ [mediaType]: BYTES })).body).toMatchObject({
        encodings: ['binary'],
        contentType: mediaType,
        type: { kind: 'unknown' },
      });
  });

  it('warns about a body with no media type and leaves it out', () => {
    const text = stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: { '/x': { post: { requestBody: { content: {} }, ...ok } } },
    });
    const result = buildIr(parseSource('t.yaml', text).document!);
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['empty-request-body', 'warning'],
    ]);
    expect(result.ir!.operations[0]!.body).toBeUndefined();
  });
});

describe('responses', () => {
  it('reads text as a string and bytes without a type, with the media types to accept', () => {
    const text = operation({
      responses: {
        '200': { description: 'ok', content: { 'text/plain': {}, 'image/png': BYTES } },
      },
    });
    expect(text.successType).toEqual({ kind: 'string' });
    expect(text.successMedia).toEqual({ kind: 'text', accept: 'text/plain' });
    const image = operation({
      responses: {
        '200': { description: 'ok', content: { 'image/png': BYTES } },
        '203': { description: 'ok', content: { 'image/jpeg': BYTES } },
      },
    });
    expect(image.successType).toBeUndefined();
    expect(image.successMedia).toEqual({ kind: 'binary', accept: 'image/png, image/jpeg' });
  });

  it('prefers JSON to text and bytes in one response', () => {
    const op = operation({
      responses: {
        '200': {
          description: 'ok',
          content: {
            'application/octet-stream': BYTES,
            'application/vnd.x+json': { schema: { $ref: '#/components/schemas/Thing' } },
          },
        },
      },
    });
    expect(op.successType).toEqual({ kind: 'ref', name: 'Thing' });
    expect(op.successMedia).toBeUndefined();
  });

  it("reads a stream alone as items: the schema under its media type, or 3.2's itemSchema first", () => {
    const events = operation({
      responses: {
        '200': {
          description: 'ok',
          content: { 'text/event-stream': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
      },
    });
    expect(events.successType).toBeUndefined();
    expect(events.successMedia).toBeUndefined();
    expect(events.successStream).toEqual({
      accept: 'text/event-stream',
      framing: 'sse',
      item: { kind: 'ref', name: 'Thing' },
    });
    const lines = operation({
      responses: {
        '200': {
          description: 'ok',
          content: {
            'application/jsonl': {
              schema: { type: 'string' },
              itemSchema: { $ref: '#/components/schemas/Thing' },
            },
          },
        },
      },
    });
    expect(lines.successStream).toEqual({
      accept: 'application/jsonl',
      framing: 'jsonl',
      item: { kind: 'ref', name: 'Thing' },
    });
  });

  it('reads JSON beside a stream as the answer, the stream chosen by a boolean body flag', () => {
    const op = operation({
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', properties: { stream: { type: 'boolean' } } },
          },
        },
      },
      responses: {
        '200': {
          description: 'ok',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/Thing' } },
            'application/json-seq': { schema: { type: 'string' } },
          },
        },
      },
    });
    expect(op.successType).toEqual({ kind: 'ref', name: 'Thing' });
    expect(op.successStream).toEqual({
      accept: 'application/json-seq',
      framing: 'json-seq',
      item: { kind: 'string' },
      flag: 'stream',
    });
  });

  it('prefers bytes to a stream of messages, which is read whole', () => {
    const op = operation({
      responses: {
        '200': {
          description: 'ok',
          content: {
            'text/event-stream': { schema: { $ref: '#/components/schemas/Thing' } },
            'audio/mpeg': BYTES,
          },
        },
      },
    });
    expect(op.successType).toBeUndefined();
    expect(op.successMedia).toEqual({ kind: 'binary', accept: 'audio/mpeg' });
  });

  it('reads a format: binary string as bytes under a text type too', () => {
    const op = operation({
      responses: { '200': { description: 'ok', content: { 'text/csv': BYTES } } },
    });
    expect(op.successType).toBeUndefined();
    expect(op.successMedia).toEqual({ kind: 'binary', accept: 'text/csv' });
  });

  it('takes success types from 2XX and keeps 4XX, 5XX and default as error responses', () => {
    const problem = { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } };
    const op = operation({
      responses: {
        '2XX': { description: 'ok', content: problem },
        '4XX': { description: 'client', content: problem },
        '5xx': { description: 'server' },
        default: { description: 'other', content: problem },
      },
    });
    expect(op.successType).toEqual({ kind: 'ref', name: 'Thing' });
    expect(op.successStatuses).toEqual([]);
    expect(op.responses.map((r) => [r.status, r.type?.kind])).toEqual([
      ['2XX', 'ref'],
      ['4XX', 'ref'],
      ['5XX', undefined],
      ['default', 'ref'],
    ]);
  });
});
