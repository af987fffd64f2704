/**
 * Urlencoded and multipart bodies read back into the object the client sent, so that the fake
 * checks them against the body's schema as it checks JSON: bracket keys nest
 * (`address[city]=Berlin`, `items[0][price]=p`, `expand[]=a`), a key given twice is a list, a
 * field with a style in the form's `encoding` is read as the query reads that style, and text
 * is read into the kind its field wants (`"3"` for an integer, JSON text for an object, as the
 * client writes objects by default). A multipart file is read as its text: the schema types a
 * file as a string of bytes. What the text cannot be is left for the check to refuse, naming
 * the field.
 */
import type { FieldConstraints } from '../../runtime/core/standard-schema.js';
import type { StyledFormField } from '../../runtime/internal/styled-form-body.js';
import { deepPut, styledQueryValue } from './parameter-forms.js';
import { define } from '../own.js';

type Fields = Readonly<Record<string, FieldConstraints>> | undefined;

/** A `application/x-www-form-urlencoded` body as an object of fields. */
export function readUrlencoded(
  text: string,
  styled: readonly StyledFormField[],
  fields: Fields,
): Record<string, unknown> {
  const search = new URLSearchParams(text);
  const out: Record<string, unknown> = {};
  // Keys a styled field takes: its own, or its members' where an exploded object sends those.
  const taken = new Set<string>();
  for (const field of styled) {
    const constraints = fields?.[field.name];
    taken.add(field.name);
    if (field.explode !== false && !field.json && constraints?.type === 'object')
      for (const key of Object.keys(constraints.fields ?? {})) taken.add(key);
    const value = field.json
      ? search.get(field.name)
      : styledQueryValue(search, field, constraints);
    if (value !== undefined && value !== null) define(out, field.name, value);
  }
  const nested: Record<string, unknown> = {};
  for (const [key, value] of search) {
    const open = key.indexOf('[');
    if (open > 0 && key.endsWith(']')) {
      const name = key.slice(0, open);
      if (!taken.has(name)) deepPut(nested, [name, ...key.slice(open + 1, -1).split('][')], value);
    } else if (!taken.has(key)) repeat(out, key, value);
  }
  for (const [key, value] of Object.entries(nested)) define(out, key, value);
  return shapedFields(out, fields);
}

/** A `multipart/form-data` body as an object of fields; undefined when it does not parse. */
export async function readMultipart(
  bytes: Uint8Array,
  contentType: string,
  fields: Fields,
): Promise<Record<string, unknown> | undefined> {
  let form: FormData;
  try {
    form = await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of form)
    repeat(out, key, typeof value === 'string' ? value : await value.text());
  return shapedFields(out, fields);
}

/** A key given once is its value; given again, a list of them. */
function repeat(out: Record<string, unknown>, key: string, value: unknown): void {
  if (!Object.hasOwn(out, key)) return define(out, key, value);
  const present = out[key];
  define(out, key, Array.isArray(present) ? [...present, value] : [present, value]);
}

function shapedFields(value: Record<string, unknown>, fields: Fields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) define(out, key, shaped(field, fields?.[key]));
  return out;
}

/** `value`, read from text into the kind `field` wants where it spells one. */
function shaped(value: unknown, field: FieldConstraints | undefined): unknown {
  if (field === undefined) return value;
  if (typeof value === 'string') {
    if (value === '' && field.nullable && field.type !== 'string') return null;
    switch (field.type) {
      case 'integer':
      case 'number':
        return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
      case 'boolean':
        return value === 'true' ? true : value === 'false' ? false : value;
      case 'object':
      case 'array': {
        // The client's default for an object or a list of objects, and a JSON part: JSON text.
        const json = parsed(value);
        if (json !== undefined && typeof json === 'object' && json !== null)
          return Array.isArray(json) === (field.type === 'array') ? shaped(json, field) : value;
        return field.type === 'array' ? [shaped(value, field.items)] : value;
      }
      default:
        return value;
    }
  }
  if (Array.isArray(value))
    return field.type === 'array' ? value.map((item) => shaped(item, field.items)) : value;
  if (typeof value === 'object' && value !== null && field.type === 'object')
    return shapedFields(value as Record<string, unknown>, field.fields);
  return value;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
