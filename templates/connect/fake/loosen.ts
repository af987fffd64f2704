/**
 * The fake's loose mode: answers with the loosest values the provider's contract still
 * allows, so a client tested against it is proven to cope with whatever the real service
 * may send. Driven by the spec's response shapes, never by hand-written knowledge of one
 * body, and deterministic: the same answer loosens the same way every time.
 *
 * - optional members are left out and nullable ones are null;
 * - every object (not maps, not closed ones) gets a property this client does not know;
 * - open enums and constants get a value this client does not know;
 * - strings of which only a string is promised lose the reading we give them in practice
 *   (`52.520008` becomes `52,520008`, `2026-01-31` becomes `31.01.2026`), keeping their length.
 */

/** What a response's contract leaves open, per value; generated from the spec. */
export type ResponseShape =
  | { readonly kind: 'other' }
  | { readonly kind: 'string'; readonly plain: boolean }
  | { readonly kind: 'enum' }
  | { readonly kind: 'nullable'; readonly inner: ResponseShape }
  | { readonly kind: 'ref'; readonly name: string }
  | { readonly kind: 'array'; readonly items: ResponseShape }
  | {
      readonly kind: 'object';
      readonly properties: readonly PropertyShape[];
      /** The value shape of a map (`additionalProperties` with a schema). */
      readonly values?: ResponseShape;
      /** No other properties allowed (`additionalProperties: false`). */
      readonly closed: boolean;
    };

/** One declared member of an object. */
export interface PropertyShape {
  readonly name: string;
  readonly required: boolean;
  readonly shape: ResponseShape;
}

/** How the fake answers: as its model says (`faithful`), or as loosely as the contract allows. */
export type ResponseMode = 'faithful' | 'loosest';

/** The property every loosened object gains: a field a later release might add. */
export const UNKNOWN_PROPERTY = 'x_added_later';
/** The value every open enum and constant takes in loose mode. */
export const UNKNOWN_ENUM_VALUE = 'VALUE_ADDED_LATER';

/** A loosened copy of `value`; the original (often the fake's own state) is left alone. */
export function loosen(
  value: unknown,
  shape: ResponseShape,
  shapes: Readonly<Record<string, ResponseShape>>,
): unknown {
  if (value === undefined) return value;
  switch (shape.kind) {
    case 'other':
      return value;
    case 'nullable':
      return null;
    case 'ref': {
      const target = shapes[shape.name];
      return target ? loosen(value, target, shapes) : value;
    }
    case 'enum':
      return typeof value === 'string' ? UNKNOWN_ENUM_VALUE : value;
    case 'string':
      return shape.plain && typeof value === 'string' ? plainString(value) : value;
    case 'array':
      return Array.isArray(value) ? value.map((item) => loosen(item, shape.items, shapes)) : value;
    case 'object':
      return loosenObject(value, shape, shapes);
  }
}

function loosenObject(
  value: unknown,
  shape: Extract<ResponseShape, { kind: 'object' }>,
  shapes: Readonly<Record<string, ResponseShape>>,
): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const declared = new Map(shape.properties.map((p) => [p.name, p]));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const property = declared.get(key);
    if (property && !property.required) continue;
    if (property) out[key] = loosen(inner, property.shape, shapes);
    else out[key] = shape.values ? loosen(inner, shape.values, shapes) : inner;
  }
  if (!shape.closed && !shape.values && !declared.has(UNKNOWN_PROPERTY)) {
    out[UNKNOWN_PROPERTY] = { note: 'a field this client does not know' };
  }
  return out;
}

/** A decimal or a date written another way, of the same length: still a string, no longer the reading we expect. */
function plainString(value: string): string {
  if (/^-?\d+\.\d+$/.test(value)) return value.replace('.', ',');
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) return `${date[3]}.${date[2]}.${date[1]}`;
  return value;
}
