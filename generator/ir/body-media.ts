/**
 * Non-JSON bodies in the generated operations: the TypeScript types of text and binary ones,
 * and the runtime encoders (form, multipart, text, binary) and decoder each descriptor names. A descriptor references the functions
 * it needs (from `runtime/internal/text-body.ts` or `runtime/core/binary-body.ts`) instead of the runtime
 * switching over every kind, so a bundle of JSON operations never carries them.
 */
import type { BodyEncoding, IrOperation } from './types.js';

/** The runtime type of a binary request body. */
export const BINARY_BODY_TYPE = 'BinaryBody';

/** The runtime type of a streamed answer. */
export const EVENT_STREAM_TYPE = 'EventStream';

const TEXT_MODULE = 'internal/text-body';
const BINARY_MODULE = 'core/binary-body';
const FORM_MODULE = 'internal/form-body';
const DEEP_FORM_MODULE = 'internal/deep-form-body';
const STYLED_FORM_MODULE = 'internal/styled-form-body';
const MULTIPART_MODULE = 'internal/multipart-body';

/** The runtime encoder of each body encoding but JSON (which the runtime encodes itself). */
const ENCODERS: Partial<Record<BodyEncoding, readonly [module: string, name: string]>> = {
  form: [FORM_MODULE, 'encodeFormBody'],
  multipart: [FORM_MODULE, 'encodeMultipartBody'],
  text: [TEXT_MODULE, 'encodeTextBody'],
  binary: [BINARY_MODULE, 'encodeBinaryBody'],
};

/** How the request body is sent when it is neither JSON nor a form: `text`, `binary`, or undefined. */
export function rawBodyKind(op: IrOperation): 'text' | 'binary' | undefined {
  const first = op.body?.encodings[0];
  return first === 'text' || first === 'binary' ? first : undefined;
}

/** The body parameter's type for a text or binary body; undefined for JSON and forms. */
export function rawBodyType(op: IrOperation): string | undefined {
  const kind = rawBodyKind(op);
  return kind === 'binary' ? BINARY_BODY_TYPE : kind === 'text' ? 'string' : undefined;
}

/**
 * The result type of a call whose success body is text or bytes; undefined for JSON. The
 * platform's `Blob` is named through `globalThis`: a document may have a schema called
 * `Blob` (GitHub's git blob), imported into the same module under that name.
 */
export function rawResultType(op: IrOperation): string | undefined {
  const kind = op.successMedia?.kind;
  return kind === 'binary' ? 'globalThis.Blob' : kind === 'text' ? 'string' : undefined;
}

/** The encoders and decoder a descriptor names, and where they are imported from. */
export interface RawBodyRefs {
  /** `encoders: { text: encodeTextBody }`, `decode: decodeTextBody` and the like, in descriptor order. */
  readonly fields: readonly (readonly [string, string])[];
  /** Runtime module, as a path under `runtime/` without extension (`internal/text-body`) → the functions taken from it. */
  readonly imports: ReadonlyMap<string, readonly string[]>;
}

export function rawBodyRefs(op: IrOperation): RawBodyRefs {
  const fields: [string, string][] = [];
  const imports = new Map<string, string[]>();
  const use = (field: string, module: string, name: string) => {
    fields.push([field, name]);
    imports.set(module, [...(imports.get(module) ?? []), name]);
  };
  const deep = op.body?.deepFields;
  const styled = op.body?.styledFields;
  const partTypes = op.body?.multipartTypes;
  const encoders = (op.body?.encodings ?? []).flatMap((encoding) => {
    // A multipart body with files or typed parts: written part by part, each with its type.
    if (encoding === 'multipart' && partTypes !== undefined) {
      imports.set(MULTIPART_MODULE, [
        ...(imports.get(MULTIPART_MODULE) ?? []),
        'encodeMultipartParts',
      ]);
      return [
        `multipart: (body, _type, context) => encodeMultipartParts(body, context, ${JSON.stringify(partTypes)})`,
      ];
    }
    // A form with fields in a style or as JSON: the encoder that writes each its way.
    if (encoding === 'form' && styled !== undefined) {
      imports.set(STYLED_FORM_MODULE, [
        ...(imports.get(STYLED_FORM_MODULE) ?? []),
        'encodeStyledFormBody',
      ]);
      return [
        `form: (body, _type, context) => encodeStyledFormBody(body, context, ${JSON.stringify(styled)}, ${JSON.stringify(deep ?? [])})`,
      ];
    }
    // A form with deepObject fields: the encoder that nests them, told which they are.
    if (encoding === 'form' && deep !== undefined) {
      imports.set(DEEP_FORM_MODULE, [
        ...(imports.get(DEEP_FORM_MODULE) ?? []),
        'encodeDeepFormBody',
      ]);
      return [
        `form: (body, _type, context) => encodeDeepFormBody(body, context, ${JSON.stringify(deep)})`,
      ];
    }
    const encoder = ENCODERS[encoding];
    if (!encoder) return [];
    imports.set(encoder[0], [...(imports.get(encoder[0]) ?? []), encoder[1]]);
    return [`${encoding}: ${encoder[1]}`];
  });
  if (encoders.length > 0) fields.push(['encoders', `{ ${encoders.join(', ')} }`]);
  const received = op.successMedia?.kind;
  if (received === 'text') use('decode', TEXT_MODULE, 'decodeTextBody');
  if (received === 'binary') use('decode', BINARY_MODULE, 'decodeBinaryBody');
  return { fields, imports };
}

/**
 * The descriptor's `stream` field of an operation whose answer may be a stream: a call of
 * `openStream` (so only these bundles carry the stream readers) with the item's guard and
 * name, and whether an event's data is the item as text.
 */
export function streamField(
  op: IrOperation,
  check: string | undefined,
  itemType: string,
): readonly [field: string, imports: ReadonlyMap<string, readonly string[]>] | undefined {
  const stream = op.successStream;
  if (!stream) return undefined;
  const parts = [
    ...(check ? [`check: ${check}`] : []),
    `itemType: ${JSON.stringify(itemType)}`,
    ...(stream.item.kind === 'string' ? ['text: true'] : []),
  ];
  return [
    `(attempt, response, sentAt) => openStream(attempt, response, sentAt, { ${parts.join(', ')} })`,
    new Map([['core/event-stream', ['openStream']]]),
  ];
}

/** What the `body` parameter's doc says about how it is sent. */
export function bodySentAs(op: IrOperation): string {
  const kind = rawBodyKind(op);
  const type = op.body?.contentType;
  if (kind === 'text') return `Sent as it is, as \`${type}\`.`;
  if (kind === 'binary')
    return `Sent as bytes${type && !type.includes('*') ? `, as \`${type}\`` : " with the Blob's type (else `application/octet-stream`)"}; a \`ReadableStream\` is sent once, never retried.`;
  return `Sent as JSON${type ? ` (\`${type}\`)` : ''} unless \`options.encoding\` says otherwise.`;
}
