/**
 * Binary answers and uploads of an OpenAI-shaped document (test/fixtures/bodies/binary-openai.yaml):
 * `POST /audio/speech` answers `audio/mpeg` or, by a request flag, `text/event-stream`;
 * `PUT /files/{id}` uploads `application/octet-stream`; `GET /files/{id}/content` downloads a PDF.
 * Generated with the pipeline, type-checked under strict with a consumer that holds each
 * call's type, and sent over real HTTP to a server on 127.0.0.1, then to the package's fake.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import { useTestServer, json, type Handler } from '../runtime/http-server.js';

const SPEC = 'test/fixtures/bodies/binary-openai.yaml';

/** What a user writes: a speech is a Blob, an upload takes every kind of bytes. */
const CONSUMER = `
import { createSpeechCore, audioCreateSpeech, filesUploadFile, filesDownloadFile,
  filesExportFile } from './src/index.js';
const core = createSpeechCore({ baseUrl: 'http://127.0.0.1:1', token: 't' });
export async function use(stream: ReadableStream<Uint8Array>): Promise<void> {
  const speech: Blob = await audioCreateSpeech(core, { model: 'tts-1', input: 'hi', voice: 'alloy' });
  const response: Response = await audioCreateSpeech(core, { model: 'tts-1', input: 'hi', voice: 'alloy' }).asResponse();
  const pdf: Blob = await filesDownloadFile(core, 'f1');
  const csv: Blob = await filesExportFile(core, 't1');
  await filesUploadFile(core, 'a', new Uint8Array([1]));
  await filesUploadFile(core, 'b', new ArrayBuffer(1));
  await filesUploadFile(core, 'c', new Blob(['x']));
  const stored = await filesUploadFile(core, 'd', stream);
  const size: number = stored.bytes;
  // @ts-expect-error an upload is bytes, not text
  await filesUploadFile(core, 'e', 'text');
  void [speech, response, pdf, csv, size];
}
`;

type Call = (
  core: unknown,
  ...args: unknown[]
) => Promise<unknown> & {
  asResponse(): Promise<Response>;
};
type Package = Record<string, Call> & { createSpeechCore(options: object): unknown };
interface Fake {
  readonly url: string;
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 0x04, 0x00, 0xff, 0xfb, 0x90, 0x00, 0x7b]);
const scratch = useScratchDir('binary-openai-');
const server = useTestServer();
let pkg: Package;
let core: unknown;
let fake: Fake;
let typeProblems: string[];
let warnings: string[];
let messages: string[];

beforeAll(async () => {
  const result = await generate({ specPath: SPEC, command: 'test' });
  warnings = result.diagnostics.map((d) => `${d.code} ${d.pointer}`);
  messages = result.diagnostics.map((d) => d.message);
  const dir = scratch();
  const files: string[] = [];
  for (const file of result.files!) {
    const path = join(dir, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    files.push(path);
  }
  await writeFile(join(dir, 'consumer.ts'), CONSUMER);
  typeProblems = strictProblems([
    ...files.filter((f) => f.endsWith('.ts')),
    join(dir, 'consumer.ts'),
  ]);
  pkg = await import(pathToFileURL(join(dir, 'src/index.ts')).href);
  core = pkg.createSpeechCore({ baseUrl: server.origin, token: 't', maxRetries: 1 });
  fake = (await import(pathToFileURL(join(dir, 'src/fake/index.ts')).href)).createFakeApi({});
}, 120_000);

/** Answers `body` as `contentType`. */
function bytes(body: Uint8Array | string, contentType: string): Handler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
}

const speech = { model: 'tts-1', input: 'Hello', voice: 'alloy' };

describe('binary answers', () => {
  it('type-check under strict: a speech and a download are Blobs', () => {
    expect(typeProblems).toEqual([]);
  });

  it('warn that the speech stream the flag asks for is read whole, as bytes', () => {
    expect(warnings).toEqual([
      'media-type-stream /paths/~1audio~1speech/post/responses/200/content/text~1event-stream',
    ]);
    expect(messages[0]).toContain('it asks for audio/mpeg');
  });

  it('return the audio of createSpeech as a Blob of exactly the bytes sent, asking for audio/mpeg', async () => {
    server.reply(bytes(MP3, 'audio/mpeg'));
    const audio = await pkg.audioCreateSpeech!(core, speech);
    expect(audio).toBeInstanceOf(Blob);
    expect((audio as Blob).type).toBe('audio/mpeg');
    expect(new Uint8Array(await (audio as Blob).arrayBuffer())).toEqual(MP3);
    const [request] = server.requests;
    expect(request!.headers.accept).toBe('audio/mpeg');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.text)).toEqual(speech);
  });

  it('return a format: binary answer under a text type as a Blob, never as text', async () => {
    server.reply(bytes('id,name\n1,a\n', 'text/csv'));
    const csv = (await pkg.filesExportFile!(core, 't1')) as Blob;
    expect(csv).toBeInstanceOf(Blob);
    expect(csv.type).toBe('text/csv');
    expect(await csv.text()).toBe('id,name\n1,a\n');
  });

  it('are bounded by maxResponseBytes like every body: the limit itself is allowed', async () => {
    const bounded = (limit: number) =>
      pkg.createSpeechCore({ baseUrl: server.origin, token: 't', maxResponseBytes: limit });
    server.reply(bytes(MP3, 'audio/mpeg'), bytes(MP3, 'audio/mpeg'));
    const audio = (await pkg.audioCreateSpeech!(bounded(MP3.length), speech)) as Blob;
    expect(audio.size).toBe(MP3.length);
    await expect(pkg.audioCreateSpeech!(bounded(MP3.length - 1), speech)).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      maxResponseBytes: MP3.length - 1,
    });
  });

  it('give the unread Response with asResponse(), for a stream, and the Blob beside it', async () => {
    server.reply(bytes(MP3, 'audio/mpeg'), bytes(MP3, 'audio/mpeg'));
    const call = pkg.audioCreateSpeech!(core, speech) as unknown as {
      withResponse(): Promise<{ data: unknown; response: Response }>;
    };
    const { data, response: seen } = await call.withResponse();
    expect(data).toBeInstanceOf(Blob);
    expect(seen.headers.get('content-type')).toBe('audio/mpeg');
    const response = await pkg.audioCreateSpeech!(core, speech).asResponse();
    const reader = response.body!.getReader();
    const { value } = await reader.read();
    expect(value![0]).toBe(MP3[0]);
    await reader.cancel();
  });
});

describe('binary uploads', () => {
  it.each([
    ['Uint8Array', () => MP3],
    ['ArrayBuffer', () => MP3.slice().buffer],
    ['Blob', () => new Blob([MP3])],
    [
      'ReadableStream',
      () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(MP3);
            controller.close();
          },
        }),
    ],
  ])('send a %s as application/octet-stream, byte for byte', async (_kind, body) => {
    server.reply(json(200, { id: 'f1', bytes: MP3.length }));
    const stored = await pkg.filesUploadFile!(core, 'f1', body());
    expect(stored).toEqual({ id: 'f1', bytes: MP3.length });
    const [request] = server.requests;
    expect(request!.method).toBe('PUT');
    expect(request!.url).toBe('/files/f1');
    expect(request!.headers['content-type']).toBe('application/octet-stream');
    expect(new Uint8Array(request!.body)).toEqual(MP3);
  });
});

describe("the package's fake", () => {
  it('answers a binary operation with some bytes of the declared type', async () => {
    const client = pkg.createSpeechCore({ baseUrl: fake.url, token: 't', fetch: fake.fetch });
    const audio = (await pkg.audioCreateSpeech!(client, speech)) as Blob;
    expect(audio.type).toBe('audio/mpeg');
    expect(audio.size).toBeGreaterThan(0);
    const pdf = (await pkg.filesDownloadFile!(client, 'f1')) as Blob;
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.size).toBeGreaterThan(0);
  });
});
