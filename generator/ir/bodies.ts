/**
 * Request bodies and responses → IR. Every media type has a meaning (media-types.ts), so a
 * body is never refused for its type: of the media types a body lists, the client uses the
 * most structured (JSON, then forms, then text, then bytes), and a response is read as JSON,
 * text or bytes the same way. Status ranges (`2XX`, `4XX`, `5XX`) and `default` are kept as
 * they are declared.
 */
import type { IrRequestBody, IrResponse, IrType, StatusRange } from './types.js';
import { asObject, asString, entries, joinPointer } from './raw.js';
import { convertSchema, schemaDocs, type SchemaContext } from './schema.js';
import { deref } from './deref.js';
import { contentOf } from './media-refs.js';
import {
  deepFormFields,
  reportEncoding,
  reportLinks,
  styledFormFields,
  warnOnce,
} from './left-out.js';
import { multipartPartTypes } from './multipart.js';
import {
  isStream,
  isStructuredText,
  isWildcard,
  REQUEST_PREFERENCE,
  requestEncoding,
  RESPONSE_PREFERENCE,
  responseMedia,
  type ResponseMedia,
} from './media-types.js';

const STRING: IrType = { kind: 'string' };
const UNKNOWN: IrType = { kind: 'unknown' };
const STRUCTURED_ENCODINGS = new Set(['json', 'form', 'multipart']);

/**
 * Whether a schema describes structured data rather than a string of bytes: decides what a
 * wildcard media type (`*\/*`) means. A `$ref` names a component, which is structured as a rule.
 */
function isStructured(schema: unknown): boolean {
  const s = asObject(schema);
  if (!s) return false;
  if (typeof s.$ref === 'string') return true;
  if (s.type === 'string') return false;
  return (
    s.type !== undefined ||
    s.properties !== undefined ||
    s.allOf !== undefined ||
    s.oneOf !== undefined ||
    s.anyOf !== undefined
  );
}

export function buildBody(
  node: unknown,
  pointer: string,
  ctx: SchemaContext,
): IrRequestBody | undefined {
  if (node === undefined) return undefined;
  const located = deref(node, pointer, ctx);
  if (!located) return undefined;
  const content = contentOf(located.value, located.pointer, ctx).map(([mediaType, media]) => {
    const schema = asObject(media)?.schema;
    return { mediaType, schema, encoding: requestEncoding(mediaType, isStructured(schema)) };
  });
  for (const [mediaType, media] of contentOf(located.value, located.pointer, ctx)) {
    const encoding = requestEncoding(mediaType, true);
    const object = asObject(media);
    if (object && (encoding === 'form' || encoding === 'multipart'))
      reportEncoding(
        object,
        joinPointer(located.pointer, 'content', mediaType),
        ctx.reporter,
        encoding === 'form',
      );
  }
  if (content.length === 0) {
    ctx.reporter.warning(
      'empty-request-body',
      joinPointer(located.pointer, 'content'),
      'the request body lists no media type, so the operation is generated without a body',
      'list the media types the body may have, for example application/json',
    );
    return undefined;
  }
  const best = REQUEST_PREFERENCE.find((e) => content.some((c) => c.encoding === e))!;
  // JSON, forms and multipart share one schema and the caller may choose among them; text and
  // bytes each stand alone, with a type of their own.
  const structured = STRUCTURED_ENCODINGS.has(best);
  const encodings = structured
    ? REQUEST_PREFERENCE.filter(
        (e) => STRUCTURED_ENCODINGS.has(e) && content.some((c) => c.encoding === e),
      )
    : [best];
  const chosen = content.find((c) => c.encoding === best)!;
  if (!structured && isStructuredText(chosen.mediaType) && isStructured(chosen.schema))
    warnOnce(
      ctx.reporter,
      'media-type-unread',
      joinPointer(located.pointer, 'content', chosen.mediaType),
      `the request body is ${chosen.mediaType}, which the client does not write from data: it sends the string the caller gives as it is, unchecked against the schema`,
      `serialise the value to ${chosen.mediaType} yourself; list application/json too if the server accepts it`,
    );
  const json = content.find((c) => c.encoding === 'json');
  const contentType = structured
    ? json && json.mediaType !== 'application/json' && !isWildcard(json.mediaType)
      ? json.mediaType
      : undefined
    : chosen.mediaType;
  const docs = schemaDocs(located.value);
  const form = encodings.includes('form')
    ? asObject(
        contentOf(located.value, located.pointer, ctx).find(
          ([m]) => requestEncoding(m, true) === 'form',
        )?.[1],
      )
    : undefined;
  const deepFields = form ? deepFormFields(form) : [];
  const styledFields = form ? styledFormFields(form) : [];
  const multipart = encodings.includes('multipart')
    ? asObject(
        entries(located.value.content).find(([m]) => requestEncoding(m, true) === 'multipart')?.[1],
      )
    : undefined;
  const multipartTypes = multipart ? multipartPartTypes(multipart, ctx.root) : undefined;
  const schemaOwner = structured
    ? content.find((c) => STRUCTURED_ENCODINGS.has(c.encoding))!
    : chosen;
  return {
    required: located.value.required === true,
    encodings,
    type: structured
      ? convertSchema(
          schemaOwner.schema,
          joinPointer(located.pointer, 'content', schemaOwner.mediaType, 'schema'),
          ctx,
        )
      : best === 'text'
        ? STRING
        : UNKNOWN,
    ...(contentType !== undefined ? { contentType } : {}),
    ...(docs.description !== undefined ? { description: docs.description } : {}),
    ...(deepFields.length > 0 ? { deepFields } : {}),
    ...(styledFields.length > 0 ? { styledFields } : {}),
    ...(multipartTypes !== undefined ? { multipartTypes } : {}),
    mediaTypes: content.map((c) => c.mediaType),
  };
}

const RANGE = /^[1-5]XX$/i;

export function buildResponses(node: unknown, pointer: string, ctx: SchemaContext): IrResponse[] {
  const responses: IrResponse[] = [];
  for (const [key, raw] of entries(node)) {
    // The Responses Object may carry extensions beside its statuses.
    if (key.startsWith('x-')) continue;
    const status =
      key === 'default'
        ? 'default'
        : /^\d{3}$/.test(key)
          ? Number(key)
          : RANGE.test(key)
            ? (key.toUpperCase() as StatusRange)
            : undefined;
    if (status === undefined) {
      ctx.reporter.error(
        'unsupported-status',
        joinPointer(pointer, key),
        `'${key}' is not a status code, a status range (2XX) or default`,
        'use a three-digit status, a range such as 5XX, or default',
      );
      continue;
    }
    const located = deref(raw, joinPointer(pointer, key), ctx);
    if (!located) continue;
    const content = contentOf(located.value, located.pointer, ctx).map(([mediaType, media]) => {
      const schema = asObject(media)?.schema;
      const read = responseMedia(mediaType, isStructured(schema));
      // A string of bytes says so whatever text type it is listed under (a CSV file's download).
      return { mediaType, schema, media: read === 'text' && isBytes(schema) ? 'binary' : read };
    });
    const chosen = chooseResponse(content);
    const contentPointer = (c: { readonly mediaType: string }): string =>
      joinPointer(located.pointer, 'content', c.mediaType);
    // A stream is read as one, alone or beside JSON (the Content-Type decides at run time);
    // beside text or bytes it stays unread, as those are what the client asks for.
    const streamed = content.find((c) => isStream(c.mediaType));
    const readsStream = streamed !== undefined && (chosen === streamed || chosen?.media === 'json');
    if (chosen && chosen !== streamed) reportResponseMedia(chosen, contentPointer(chosen), ctx);
    for (const other of content)
      if (other !== chosen && isStream(other.mediaType) && !readsStream)
        reportUnchosenStream(other.mediaType, chosen!.mediaType, contentPointer(other), ctx);
    reportLinks(located.value, located.pointer, ctx.reporter);
    const description = asString(located.value.description);
    const type =
      chosen?.media === 'json' && chosen !== streamed
        ? convertSchema(
            chosen.schema,
            joinPointer(located.pointer, 'content', chosen.mediaType, 'schema'),
            ctx,
          )
        : chosen?.media === 'text' && chosen !== streamed
          ? STRING
          : undefined;
    const stream =
      readsStream && streamed
        ? streamOf(located.value, streamed.mediaType, located.pointer, ctx)
        : undefined;
    responses.push({
      status,
      ...(description !== undefined ? { description } : {}),
      ...(type ? { type } : {}),
      ...(chosen && chosen.media !== 'json' && chosen !== streamed
        ? { media: chosen.media, mediaType: chosen.mediaType }
        : {}),
      ...(stream ? { stream } : {}),
      ...(content.length > 0 ? { mediaTypes: content.map((c) => c.mediaType) } : {}),
    });
  }
  return responses;
}

/**
 * The stream a response is: its media type and one item's type. OpenAPI 3.2's `itemSchema`
 * describes one item (its `schema` then describes the whole text); before 3.2 the schema
 * under a stream's media type is what one event's data or one line holds.
 */
function streamOf(
  response: Record<string, unknown>,
  mediaType: string,
  pointer: string,
  ctx: SchemaContext,
): { mediaType: string; item: IrType } {
  const media = asObject(asObject(response.content)?.[mediaType]);
  const key = media?.itemSchema !== undefined ? 'itemSchema' : 'schema';
  const item =
    media?.[key] === undefined
      ? UNKNOWN
      : convertSchema(media[key], joinPointer(pointer, 'content', mediaType, key), ctx);
  return { mediaType, item };
}

/** `type: string, format: binary` (Swagger 2.0's `type: file` is repaired into it): bytes. */
function isBytes(schema: unknown): boolean {
  const s = asObject(schema);
  return s?.type === 'string' && s.format === 'binary';
}

/**
 * The media type a response is read as: JSON, then text, then bytes, and a stream of messages
 * last. JSON beside a stream is the answer without the request's stream flag; an answer that
 * may be audio or a stream of audio events (OpenAI's `createSpeech`) is read as the bytes it
 * is by default, asked for by Accept.
 */
function chooseResponse<T extends { readonly mediaType: string; readonly media: ResponseMedia }>(
  content: readonly T[],
): T | undefined {
  const rank = (c: T): number =>
    isStream(c.mediaType) ? RESPONSE_PREFERENCE.length : RESPONSE_PREFERENCE.indexOf(c.media);
  let best: T | undefined;
  for (const c of content) if (!best || rank(c) < rank(best)) best = c;
  return best;
}

/** A stream beside text or bytes, which the client neither asks for nor reads as messages. */
function reportUnchosenStream(
  mediaType: string,
  chosen: string,
  pointer: string,
  ctx: SchemaContext,
): void {
  warnOnce(
    ctx.reporter,
    'media-type-stream',
    pointer,
    `the response may also be a stream (${mediaType}), which the client does not read as messages: it asks for ${chosen}, and a stream sent anyway (by a request flag) is read whole, as ${chosen} is`,
    'call with .asResponse() and read response.body as a stream to get each message as it comes',
  );
}

/**
 * A response the client reads as text although the document describes more: structured data
 * in a media type the client does not decode (XML, YAML, MessagePack …).
 */
function reportResponseMedia(
  chosen: { readonly mediaType: string; readonly schema: unknown; readonly media: string },
  pointer: string,
  ctx: SchemaContext,
): void {
  if (isStructuredText(chosen.mediaType) && isStructured(chosen.schema)) {
    warnOnce(
      ctx.reporter,
      'media-type-unread',
      pointer,
      `the response is ${chosen.mediaType}, which the client does not decode: the call resolves to its text, unchecked against the schema`,
      `parse the ${chosen.mediaType} yourself; list application/json too if the server sends it`,
    );
  }
}

/** Whether a response is a success: a 2xx status or the `2XX` range. */
export function isSuccess(response: Pick<IrResponse, 'status'>): boolean {
  const { status } = response;
  return status === '2XX' || (typeof status === 'number' && status >= 200 && status < 300);
}
