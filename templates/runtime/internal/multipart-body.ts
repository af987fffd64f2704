/**
 * `multipart/form-data` bodies written part by part, for the operations that upload files or
 * whose `encoding` gives a property a `contentType`: FormData cannot send a JSON part without
 * making it a file (`filename="blob"`), nor give a file part a type its Blob lacks. Each part
 * has the type OpenAPI gives it by default or as the encoding declares it:
 *
 * - a Blob or File (a list of them repeats the part) is a file part; a File keeps its name, a
 *   Blob is named after its field; its type is the Blob's, else the declared one, else
 *   `application/octet-stream`;
 * - an object, a list holding objects, or any value whose declared type is JSON is a JSON part
 *   (`Content-Type: application/json`, no file name, so servers read it as a field);
 * - a scalar is a text part (a list of them repeats it), `null` the empty text.
 *
 * Only those operations' descriptors name this encoder; other multipart bodies go by FormData
 * (form-body.ts).
 */
import { jsonText } from '../core/body.js';
import type { EncodedBody } from '../core/wire.js';
import type { RequestContext } from '../core/sdk-error.js';
import { refuse } from './refuse.js';
import { requireScalar } from '../core/url.js';

/** A part's header lines and its content. */
type Part = readonly [headers: readonly string[], content: Blob | string];

/**
 * Sends an object of fields as `multipart/form-data`; `declared` is the content type the
 * document gives each property (its encoding's, or a file's `contentMediaType`).
 */
export function encodeMultipartParts(
  body: unknown,
  context: RequestContext,
  declared: Readonly<Record<string, string>>,
): EncodedBody {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || body instanceof Blob)
    throw refuse(context, 'body', 'a multipart body must be an object of fields');
  const parts: Part[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const argument = `body.${name}`;
    const type = declared[name];
    const files = Array.isArray(value) && value.length > 0 && value.every(isBlob);
    if (isBlob(value) || files)
      for (const file of (files ? value : [value]) as Blob[])
        parts.push(filePart(name, file, type));
    else if ((type !== undefined && isJson(type)) || holdsObjects(value)) {
      const json = type !== undefined && isJson(type) ? firstType(type)! : 'application/json';
      parts.push([[disposition(name), `Content-Type: ${json}`], jsonText(value, context)]);
    } else
      (Array.isArray(value) ? value : [value]).forEach((item, i) => {
        const at = Array.isArray(value) ? `${argument}[${i}]` : argument;
        const text = item === null ? '' : requireScalar(item, at, context);
        const declaredText = type !== undefined ? firstType(type) : undefined;
        const headers = [disposition(name)];
        if (declaredText !== undefined) headers.push(`Content-Type: ${declaredText}`);
        parts.push([headers, text]);
      });
  }
  // A boundary no part can hold by chance: 128 random bits.
  const random = new Uint8Array(16);
  crypto.getRandomValues(random);
  const boundary = `----sdk${Array.from(random, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  const chunks: (Blob | string)[] = [];
  for (const [headers, content] of parts)
    chunks.push(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`, content, '\r\n');
  chunks.push(`--${boundary}--\r\n`);
  // A Blob, not a stream: it is sent again as it is on a retry.
  return { body: new Blob(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function isBlob(value: unknown): value is Blob {
  return value instanceof Blob;
}

/** An object or a list holding one: what OpenAPI sends as `application/json` by default. */
function holdsObjects(value: unknown): boolean {
  const isObject = (v: unknown) => typeof v === 'object' && v !== null && !(v instanceof Date);
  return Array.isArray(value) ? value.some(isObject) : isObject(value);
}

function isJson(type: string): boolean {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return essence === 'application/json' || essence.endsWith('+json');
}

function filePart(name: string, file: Blob, declared: string | undefined): Part {
  // A File keeps its name; a Blob has none, and is named after its field.
  const fileName = typeof (file as File).name === 'string' ? (file as File).name : name;
  const type = file.type || (declared && firstType(declared)) || 'application/octet-stream';
  return [[`${disposition(name)}; filename="${escape(fileName)}"`, `Content-Type: ${type}`], file];
}

function disposition(name: string): string {
  return `Content-Disposition: form-data; name="${escape(name)}"`;
}

/** The first of a declared list (`image/png, image/jpeg`); undefined for a wildcard (`image/*`). */
function firstType(type: string): string | undefined {
  const first = type.split(',')[0]!.trim();
  // A header value is one line: a type that could break it is not sent.
  return first === '' || first.includes('*') || /[\r\n]/.test(first) ? undefined : first;
}

/** A name or file name in quotes, escaped as the HTML standard's FormData escapes it. */
function escape(text: string): string {
  return text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');
}
