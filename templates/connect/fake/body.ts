/**
 * Request bodies in the three encodings the spec accepts. JSON is taken as it is; form and
 * multipart fields are text, so each is read back to the JSON kind its schema allows (an
 * integer field's `3` becomes 3, a nullable field's empty text null, an object field's JSON
 * text an object, as Django REST Framework reads them). The result then goes through the
 * generated guard of the body type, so the fake refuses exactly what the spec refuses.
 * Before the guard, a body nested deeper than `MAX_BODY_DEPTH` is refused: what the fake
 * stores it must be able to write back, and the guards and `JSON.stringify` recurse.
 */
import type { BodyContract, FieldContract } from './contract.js';
import { MAX_BODY_DEPTH, nesting } from '../../fake/bounded-body.js';
import { type ApiFailure, detailFailure, guardFailure, validationFailure } from './errors.js';

export type BodyValues = Readonly<Record<string, unknown>>;

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** Lenient, like Django's EmailValidator in spirit: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads, converts and checks a body; `undefined` for operations that take none. */
export async function readBody(
  contract: BodyContract | undefined,
  contentType: string | undefined,
  raw: Uint8Array,
): Promise<BodyValues | undefined> {
  if (contract === undefined) return undefined;
  const value = raw.length === 0 ? {} : await decode(contract, contentType, raw);
  // Every encoding: a form field's JSON object text nests as deeply as a JSON body can.
  refuseDeepNesting(value);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw validationFailure('body', 'expected a JSON object');
  const failure = contract.check?.(value);
  if (failure !== undefined) throw guardFailure(failure);
  const record = value as Record<string, unknown>;
  for (const field of contract.fields) {
    const text = record[field.name];
    if (field.format === 'email' && typeof text === 'string' && !EMAIL.test(text))
      throw validationFailure(field.name, 'enter a valid email address');
  }
  return record;
}

async function decode(
  contract: BodyContract,
  contentType: string | undefined,
  raw: Uint8Array,
): Promise<unknown> {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      return JSON.parse(new TextDecoder().decode(raw)) as unknown;
    } catch (error) {
      throw validationFailure(
        'body',
        `JSON parse error: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    return fromFields(contract.fields, [...new URLSearchParams(new TextDecoder().decode(raw))]);
  }
  if (mediaType === 'multipart/form-data') {
    let form: FormData;
    try {
      // The platform's multipart parser (undici's), so the fake needs no dependency.
      form = await new Response(new Uint8Array(raw), {
        headers: { 'content-type': contentType ?? '' },
      }).formData();
    } catch {
      throw validationFailure('body', 'malformed multipart body');
    }
    const entries: [string, string][] = [];
    for (const [key, value] of form) {
      if (typeof value !== 'string')
        throw validationFailure(key, 'expected a text field, got a file');
      entries.push([key, value]);
    }
    return fromFields(contract.fields, entries);
  }
  throw detailFailure(415, `Unsupported media type "${mediaType}" in request.`);
}

/** Form fields → a JSON object, each field read as its contract allows. */
export function fromFields(
  fields: readonly FieldContract[],
  entries: readonly (readonly [string, string])[],
): Record<string, unknown> {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const grouped = new Map<string, string[]>();
  for (const [key, value] of entries) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  const out: Record<string, unknown> = {};
  for (const [key, texts] of grouped) {
    const field = byName.get(key);
    if (field?.kinds.includes('array')) out[key] = texts;
    // Django reads the last of repeated fields.
    else out[key] = field ? fieldValue(field, texts.at(-1)!) : texts.at(-1);
  }
  return out;
}

function fieldValue(field: FieldContract, text: string): unknown {
  const kinds = field.kinds;
  if (text === '' && kinds.includes('null')) return null;
  if (kinds.includes('integer') && INTEGER.test(text)) return Number(text);
  if (kinds.includes('number') && NUMBER.test(text)) return Number(text);
  if (kinds.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  if (kinds.includes('object') && text.trimStart().startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw validationFailure(field.name, 'expected JSON object text');
    }
  }
  return text;
}

/** Refuses a body nested deeper than `MAX_BODY_DEPTH`, naming the top-level member at fault. */
function refuseDeepNesting(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  if (Array.isArray(body)) {
    if (nesting(body, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) throw tooDeep('body');
    return;
  }
  // A member sits one level below the body, so it may have one level less.
  for (const [name, member] of Object.entries(body))
    if (nesting(member, MAX_BODY_DEPTH - 1) > MAX_BODY_DEPTH - 1) throw tooDeep(name);
}

function tooDeep(field: string): ApiFailure {
  return validationFailure(
    field,
    `nested deeper than the ${MAX_BODY_DEPTH} levels a body may have`,
  );
}
