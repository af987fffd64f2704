/**
 * Multipart uploads written part by part (multipart.yaml, OpenAI-shaped): a Blob and a File,
 * a list of files, JSON parts by OpenAI's default and by the encoding's `contentType`, and text
 * parts — sent by a generated, type-checked client over real HTTP to a server on 127.0.0.1 that
 * records the exact bytes, which are checked part by part and read back by a standard parser.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { strictProblems } from '../support/type-check.js';
import { useScratchDir } from '../support/scratch.js';
import {
  bundleOfOneCall,
  importWritten,
  sentBy,
  writeGeneratedPackage,
} from '../support/generated-package.js';
import { json, useTestServer, type ReceivedRequest } from '../runtime/http-server.js';

const SPEC = 'test/forms/multipart.yaml';
const scratch = useScratchDir('forms-multipart-');
const server = useTestServer(json(200, { id: 'file_1' }));

type Call = (core: unknown, ...args: unknown[]) => Promise<unknown>;
type Package = Record<string, Call> & { createUploadsCore(options: object): unknown };

let pkg: Package;
let core: unknown;

beforeAll(async () => {
  const written = await writeGeneratedPackage(SPEC, scratch());
  // A file property takes a Blob or File (or its text), in a list too; a number does not.
  const typed = join(scratch(), 'src/typed-call.ts');
  await writeFile(
    typed,
    [
      "import { filesCreateFile, createUploadsCore } from './index.js';",
      "const core = createUploadsCore({ baseUrl: 'http://127.0.0.1:1' });",
      "void filesCreateFile(core, { file: new File(['a'], 'a.txt'), purpose: 'p', cover: new Blob(['b']), attachments: [new Blob(['c']), 'd'] });",
      '// @ts-expect-error a number is not a file',
      "void filesCreateFile(core, { file: 1, purpose: 'p' });",
      '',
    ].join('\n'),
  );
  expect(strictProblems([...written.sources, typed])).toEqual([]);
  pkg = await importWritten<Package>(scratch(), 'src/index.ts');
  core = pkg.createUploadsCore({ baseUrl: server.origin, token: 't', maxRetries: 0 });
}, 120_000);

/** The boundary the request's Content-Type names. */
function boundaryOf(request: ReceivedRequest): string {
  const type = request.headers['content-type'] ?? '';
  expect(type).toMatch(/^multipart\/form-data; boundary=----sdk[0-9a-f]{32}$/);
  return type.slice(type.indexOf('boundary=') + 'boundary='.length);
}

/** One part as it goes on the wire. */
const part = (headers: readonly string[], content: string) =>
  `${headers.join('\r\n')}\r\n\r\n${content}\r\n`;
const named = (name: string, extra = '') =>
  `Content-Disposition: form-data; name="${name}"${extra}`;

describe('a multipart upload', () => {
  it('writes each part with its type: files named, JSON parts typed, text parts plain', async () => {
    const request = await sentBy(server, () =>
      pkg.filesCreateFile!(core, {
        file: new File(['a,b\n1,2\n'], 'data.csv', { type: 'text/csv' }),
        purpose: 'assistants',
        cover: new Blob(['PNG']),
        attachments: [new Blob(['x;y']), new File(['z'], 'z.txt', { type: 'text/plain' })],
        expires_after: { anchor: 'created_at', seconds: 3600 },
        metadata: { team: 'a"b' },
        labels: ['x', 'y'],
        ids: [1, 2],
        note: null,
      }),
    );
    const boundary = boundaryOf(request);
    expect(request.text).toBe(
      [
        // A File keeps its name and its type.
        part([named('file', '; filename="data.csv"'), 'Content-Type: text/csv'], 'a,b\n1,2\n'),
        part([named('purpose')], 'assistants'),
        // A Blob is named after its field, and typed by the property's contentMediaType.
        part([named('cover', '; filename="cover"'), 'Content-Type: image/png'], 'PNG'),
        // A list of files repeats the part; a Blob without a type takes the encoding's.
        part([named('attachments', '; filename="attachments"'), 'Content-Type: text/csv'], 'x;y'),
        part([named('attachments', '; filename="z.txt"'), 'Content-Type: text/plain'], 'z'),
        // An object: a JSON part by OpenAPI's default, without a file name.
        part(
          [named('expires_after'), 'Content-Type: application/json'],
          '{"anchor":"created_at","seconds":3600}',
        ),
        // The encoding's JSON type, for an object and for a list of scalars.
        part([named('metadata'), 'Content-Type: application/vnd.meta+json'], '{"team":"a\\"b"}'),
        part([named('labels')], 'x'),
        part([named('labels')], 'y'),
        part([named('ids'), 'Content-Type: application/json'], '[1,2]'),
        part([named('note')], ''),
      ]
        .map((p) => `--${boundary}\r\n${p}`)
        .join('') + `--${boundary}--\r\n`,
    );
    // A standard multipart parser reads the same fields and files back.
    const form = await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': request.headers['content-type']! },
    }).formData();
    expect((form.get('file') as File).name).toBe('data.csv');
    expect(form.getAll('attachments')).toHaveLength(2);
    expect(JSON.parse(form.get('expires_after') as string)).toEqual({
      anchor: 'created_at',
      seconds: 3600,
    });
    expect(form.getAll('labels')).toEqual(['x', 'y']);
  });

  it('refuses a body that is not an object of fields, and a part that cannot be text', async () => {
    // The encoder's own refusals, behind the request checks.
    const core = pkg.createUploadsCore({
      baseUrl: server.origin,
      token: 't',
      validateRequests: false,
    });
    const before = server.requests.length;
    await expect(pkg.filesCreateFile!(core, new Blob(['x']))).rejects.toMatchObject({
      name: 'InvalidRequestError',
      argument: 'body',
    });
    await expect(
      pkg.filesCreateFile!(core, { file: new Blob(['x']), purpose: Symbol('p') }),
    ).rejects.toMatchObject({ name: 'InvalidRequestError', argument: 'body.purpose' });
    expect(server.requests.length).toBe(before);
  });

  it('is refused before sending when a file property holds neither a file nor text', async () => {
    const before = server.requests.length;
    await expect(pkg.filesCreateFile!(core, { file: 42, purpose: 'p' })).rejects.toMatchObject({
      name: 'InvalidRequestError',
      message: expect.stringContaining('Blob or string'),
    });
    expect(server.requests.length).toBe(before);
  });

  it('goes by FormData where there are neither files nor typed parts, as before', async () => {
    const request = await sentBy(server, () => pkg.notesCreateNote!(core, { text: 'hi' }));
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers['content-type']).not.toContain('----sdk');
  });

  it('carries the part writer only in the bundle of a call that needs it', async () => {
    const upload = await bundleOfOneCall(scratch(), 'createUploadsCore', 'filesCreateFile');
    expect(upload).toContain('function encodeMultipartParts(');
    expect(upload).not.toContain('function encodeMultipartBody(');
    const note = await bundleOfOneCall(scratch(), 'createUploadsCore', 'notesCreateNote');
    expect(note).not.toContain('encodeMultipartParts');
    expect(note).toContain('function encodeMultipartBody(');
  });
});

describe("the package's fake", () => {
  interface Fake {
    readonly url: string;
    fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  }
  const onFake = async () => {
    const { createFakeApi } = await importWritten<{ createFakeApi(o: object): Fake }>(
      scratch(),
      'src/fake/index.ts',
    );
    const fake = createFakeApi({});
    return pkg.createUploadsCore({
      baseUrl: fake.url,
      token: 't',
      fetch: fake.fetch,
      validateRequests: false,
    });
  };
  const upload = {
    file: new File(['a,b'], 'data.csv', { type: 'text/csv' }),
    purpose: 'assistants',
    attachments: [new Blob(['x']), new Blob(['y'])],
    expires_after: { anchor: 'created_at', seconds: 3600 },
    metadata: { team: 'a' },
    labels: ['x'],
    ids: [1, 2],
  };

  it('reads back the fields, JSON parts and files the client writes, and accepts them', async () => {
    await expect(pkg.filesCreateFile!(await onFake(), upload)).resolves.toBeTypeOf('object');
  });

  it('refuses a wrong field, JSON part member or missing part, naming it', async () => {
    const client = await onFake();
    for (const [wrong, field] of [
      [{ expires_after: { seconds: 'soon' } }, 'body.expires_after.seconds'],
      [{ ids: [1, 'two'] }, 'body.ids[1]'],
      [{ purpose: undefined }, 'body.purpose'],
    ] as const)
      await expect(
        pkg.filesCreateFile!(client, { ...upload, ...wrong }),
        field,
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining(field) });
  });
});

describe("the form validator of an upload's body", () => {
  type Issue = { message: string; path?: readonly unknown[] };
  type Schema = {
    '~standard': {
      validate(value: unknown): { value?: unknown; issues?: readonly Issue[] };
    };
    fields: Record<string, { file?: true; type: string }>;
  };

  it('takes a File or a Blob where the body has bytes, as the client uploads them, and says so of its fields', async () => {
    const forms = await importWritten<Record<string, Schema>>(scratch(), 'src/forms.ts');
    const schema = forms.FilesCreateFileBodySchema!;
    const upload = { file: new File(['a'], 'a.txt'), purpose: 'p', attachments: [new Blob(['c'])] };
    expect(schema['~standard'].validate(upload).issues).toBeUndefined();
    expect(schema['~standard'].validate({ file: 'text', purpose: 'p' }).issues).toBeUndefined();
    const wrong = schema['~standard'].validate({ file: 1, purpose: 'p' }).issues ?? [];
    expect(wrong.map((i) => i.message)).toEqual(['must be a file or text']);
    // A form can render a file input from the field's constraints; text fields are not files.
    expect(schema.fields.file).toMatchObject({ type: 'string', file: true });
    expect(schema.fields.purpose!.file).toBeUndefined();
  });
});
