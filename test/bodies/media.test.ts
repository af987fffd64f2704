/**
 * Bodies of every kind, end to end: a client generated from test/fixtures/bodies/media.yaml
 * (text/xml and markdown bodies, an octet-stream upload, a `*\/*` attachment, an image
 * download, JSON-like vendor types, status ranges and `default`) type-checks under strict,
 * together with a consumer that uses each call's types, and talks to a real HTTP server on
 * 127.0.0.1: the server sees the right bytes and Content-Type, the client returns the
 * promised type, and errors declared by ranges arrive as their classes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateText, typeCheck, writeOutput } from '../robustness/harness.js';
import { useScratchDir } from '../support/scratch.js';
import { json, raw, useTestServer, type Handler } from '../runtime/http-server.js';

const FIXTURE = 'test/fixtures/bodies/media.yaml';

/** What a user of the generated package writes; it must compile under strict. */
const CONSUMER = `
import { createMediaCore, feedsPublish, notesRender, filesUpload, attachmentsAdd, imagesDownload,
  thingsCreate, tablesDescribe, eventsRecord, reportsLatest, type BinaryBody } from './src/index.js';
const core = createMediaCore({ baseUrl: 'http://127.0.0.1:1', token: 't' });
export async function use(stream: ReadableStream<Uint8Array>): Promise<void> {
  const stored: string = await feedsPublish(core, '<feed/>');
  const html: string = await notesRender(core, '# title');
  const file = await filesUpload(core, 'a.bin', new Uint8Array([1, 2]));
  const size: number = file.size;
  await filesUpload(core, 'b.bin', new ArrayBuffer(2));
  await filesUpload(core, 'c.bin', new Blob(['x']));
  await filesUpload(core, 'd.bin', stream);
  const body: BinaryBody = new Uint8Array(1);
  await attachmentsAdd(core, body);
  const image: Blob = await imagesDownload(core, 'logo');
  const thing = await thingsCreate(core, { name: 'n' });
  const name: string = thing.name;
  const table = await tablesDescribe(core, { TableName: 't' });
  const count: number | undefined = table.ItemCount;
  await eventsRecord(core, { kind: 'k' });
  const csv: string = await reportsLatest(core);
  // @ts-expect-error a text body is a string
  await feedsPublish(core, { feed: 1 });
  // @ts-expect-error a binary body is bytes, not text
  await filesUpload(core, 'e.bin', 'text');
  void [stored, html, size, image, name, count, csv];
}
`;

type Generated = Record<string, (...args: unknown[]) => Promise<unknown>> & {
  createMediaCore(options: object): unknown;
};

const server = useTestServer();
const scratch = useScratchDir('connect-codegen-bodies-');
let dir: string;
let client: Generated;
let core: unknown;

beforeAll(async () => {
  const outcome = await generateText(FIXTURE, await readFile(FIXTURE, 'utf8'));
  if (outcome.kind !== 'generated')
    throw new Error(outcome.diagnostics.map((d) => d.message).join('\n'));
  dir = scratch();
  const files = await writeOutput(dir, outcome.files);
  await writeFile(join(dir, 'consumer.ts'), CONSUMER);
  files.push(join(dir, 'consumer.ts'));
  client = (await import(pathToFileURL(join(dir, 'src/index.ts')).href)) as Generated;
  core = client.createMediaCore({ baseUrl: server.origin, token: 'test-token', maxRetries: 2 });
  typeProblems = typeCheck(files).map((e) => `${e.file}:${e.line}: ${e.message}`);
}, 60_000);
let typeProblems: string[] = [];

/** Answers with `body` as `contentType`. */
function bytes(status: number, body: Uint8Array | string, contentType: string): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  };
}

describe('a client for every body kind', () => {
  it('type-checks under strict, with a consumer using each call', () => {
    expect(typeProblems).toEqual([]);
  });

  it('sends a text/xml body as it is and returns a text/plain answer as a string', async () => {
    server.reply(bytes(200, 'stored <feed/>', 'text/plain; charset=utf-8'));
    const result = await client.feedsPublish!(core, '<feed>ü</feed>');
    const [request] = server.requests;
    expect(request!.headers['content-type']).toBe('text/xml');
    expect(request!.headers.accept).toBe('text/plain');
    expect(request!.text).toBe('<feed>ü</feed>');
    expect(result).toBe('stored <feed/>');
  });

  it('sends markdown and returns HTML text, an empty body being the empty string', async () => {
    server.reply(bytes(200, '', 'text/html'));
    await expect(client.notesRender!(core, '# hi')).resolves.toBe('');
    expect(server.requests[0]!.headers['content-type']).toBe('text/x-markdown');
  });

  it('refuses a text body that is not a string before sending, naming the body', async () => {
    await expect(client.feedsPublish!(core, { feed: 1 })).rejects.toMatchObject({
      name: 'InvalidRequestError',
      argument: 'body',
      message: expect.stringContaining('the body must be a string (text/xml), got object'),
    });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['Uint8Array', () => new Uint8Array([0, 1, 2, 255])],
    ['ArrayBuffer', () => new Uint8Array([0, 1, 2, 255]).buffer],
    ['Blob', () => new Blob([new Uint8Array([0, 1, 2, 255])], { type: 'image/gif' })],
    [
      'ReadableStream',
      () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array([0, 1]));
            controller.enqueue(new Uint8Array([2, 255]));
            controller.close();
          },
        }),
    ],
  ])('uploads a %s as application/octet-stream, byte for byte', async (_kind, make) => {
    server.reply(json(201, { name: 'a.bin', size: 4 }));
    const stored = await client.filesUpload!(core, 'a.bin', make());
    const [request] = server.requests;
    expect(request!.method).toBe('PUT');
    expect(request!.headers['content-type']).toBe('application/octet-stream');
    expect([...request!.body]).toEqual([0, 1, 2, 255]);
    expect(stored).toEqual({ name: 'a.bin', size: 4 });
  });

  it('never sends a consumed stream again: a stream upload is not retried', async () => {
    // A retry would get the default answer, a 200, and the call would resolve.
    server.reply(json(503, { title: 'down' }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([7]));
        controller.close();
      },
    });
    await expect(client.filesUpload!(core, 'a.bin', stream)).rejects.toMatchObject({
      status: 503,
      name: 'InternalServerError',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a byte array upload, sending the same bytes again', async () => {
    server.reply(json(503, { title: 'down' }), json(201, { name: 'a.bin', size: 1 }));
    const core = client.createMediaCore({
      baseUrl: server.origin,
      token: 'test-token',
      maxRetryDelayMs: 0,
    });
    await client.filesUpload!(core, 'a.bin', new Uint8Array([7]));
    expect(server.requests.map((r) => [...r.body])).toEqual([[7], [7]]);
  });

  it('sends a */* body with the Blob type, else application/octet-stream', async () => {
    server.reply(raw(204, ''), raw(204, ''));
    await client.attachmentsAdd!(core, new Blob(['%PDF'], { type: 'application/pdf' }));
    await client.attachmentsAdd!(core, new Uint8Array([1]));
    expect(server.requests.map((r) => r.headers['content-type'])).toEqual([
      'application/pdf',
      'application/octet-stream',
    ]);
    expect(server.requests[0]!.text).toBe('%PDF');
  });

  it('refuses a binary body that is not bytes, naming the body', async () => {
    await expect(client.filesUpload!(core, 'a.bin', 'text')).rejects.toMatchObject({
      name: 'InvalidRequestError',
      argument: 'body',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('downloads an image as a Blob of exactly the bytes sent, asking for image/png', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]);
    server.reply(bytes(200, png, 'image/png'));
    const image = (await client.imagesDownload!(core, 'logo')) as Blob;
    expect(image).toBeInstanceOf(Blob);
    expect(image.type).toBe('image/png');
    expect([...new Uint8Array(await image.arrayBuffer())]).toEqual([...png]);
    expect(server.requests[0]!.headers.accept).toBe('image/png');
  });

  it('gives the unread Response of a download, for a stream, beside the Blob', async () => {
    server.reply(bytes(200, new Uint8Array([1, 2, 3]), 'image/png'));
    const call = client.imagesDownload!(core, 'logo') as Promise<Blob> & {
      withResponse(): Promise<{ data: Blob; response: Response }>;
    };
    const { data, response } = await call.withResponse();
    expect(data.size).toBe(3);
    const chunks: number[] = [];
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
      chunks.push(...chunk);
    expect(chunks).toEqual([1, 2, 3]);
  });

  it('reads 5XX and default error bodies into the typed errors', async () => {
    server.reply(
      json(502, { title: 'store down' }),
      json(418, { title: 'teapot' }, { 'content-type': 'application/problem+json' }),
    );
    const noRetry = client.createMediaCore({ baseUrl: server.origin, token: 't', maxRetries: 0 });
    await expect(client.imagesDownload!(noRetry, 'a')).rejects.toMatchObject({
      name: 'InternalServerError',
      status: 502,
      body: { title: 'store down' },
    });
    await expect(client.imagesDownload!(noRetry, 'b')).rejects.toMatchObject({
      status: 418,
      body: { title: 'teapot' },
    });
  });

  it('sends a vendor +json body with its own type and parses the 2XX answer as JSON', async () => {
    server.reply(json(201, { id: 't1', name: 'n' }, { 'content-type': 'application/vnd.x+json' }));
    const thing = await client.thingsCreate!(core, { name: 'n' });
    const [request] = server.requests;
    expect(request!.headers['content-type']).toBe('application/vnd.x+json');
    expect(JSON.parse(request!.text)).toEqual({ name: 'n' });
    expect(thing).toEqual({ id: 't1', name: 'n' });
  });

  it('checks a 2XX vendor JSON answer with the schema guard', async () => {
    server.reply(json(200, { id: 't1' }, { 'content-type': 'application/vnd.x+json' }));
    await expect(
      client.thingsCreate!(core, { name: 'n' }, { validateResponses: 'strict' }),
    ).rejects.toMatchObject({ name: 'ResponseValidationError' });
  });

  it('sends application/x-amz-json-1.1 and application/json; charset=utf-8 as declared', async () => {
    server.reply(
      json(200, { TableName: 't', ItemCount: 3 }, { 'content-type': 'application/x-amz-json-1.1' }),
      raw(202, ''),
    );
    await expect(client.tablesDescribe!(core, { TableName: 't' })).resolves.toEqual({
      TableName: 't',
      ItemCount: 3,
    });
    await client.eventsRecord!(core, { kind: 'k' });
    expect(server.requests.map((r) => r.headers['content-type'])).toEqual([
      'application/x-amz-json-1.1',
      'application/json; charset=utf-8',
    ]);
    expect(JSON.parse(server.requests[0]!.text)).toEqual({ TableName: 't' });
  });

  it('returns a text/csv answer as a string', async () => {
    server.reply(bytes(200, 'a,b\n1,2\n', 'text/csv'));
    await expect(client.reportsLatest!(core)).resolves.toBe('a,b\n1,2\n');
    expect(server.requests[0]!.headers.accept).toBe('text/csv');
  });
});
