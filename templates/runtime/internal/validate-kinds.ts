/**
 * The kinds of value a form node takes, for the interpreter (`validate.ts`): whether a value is
 * of the right kind at all (a union's issues come from the member of the value's kind), how to
 * say the kind at the end of "must be …", and how to read a kind from a URL's text.
 */
import { isRecord } from '../core/guard.js';
import type { FormNode } from '../core/form-nodes.js';

/** Whether the value is of the kind the node takes, bounds and lengths aside. */
export function fits(node: FormNode, value: unknown, depth = 0): boolean {
  if (value === null && node.nullable) return true;
  switch (node.type) {
    case 'ref':
      return depth < 32 && fits(node.ref(), value, depth + 1);
    case 'any':
      return true;
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === node.type;
    case 'string':
      return (
        typeof value === 'string' ||
        (node.file === true && typeof Blob !== 'undefined' && value instanceof Blob)
      );
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'enum':
      return node.values.some((v) => typeof v === typeof value);
    case 'array':
      return Array.isArray(value);
    case 'object':
    case 'all':
      return isRecord(value);
    case 'union':
      return node.members.some((member) => fits(member, value, depth + 1));
  }
}

/** The kind of value a node takes, as the end of "must be …". */
export function noun(node: FormNode, depth = 0): string {
  switch (node.type) {
    case 'ref':
      return depth < 32 ? noun(node.ref(), depth + 1) : 'an object';
    case 'any':
      return 'a value';
    case 'null':
      return 'empty';
    case 'boolean':
      return 'true or false';
    case 'string':
      return node.file ? 'a file or text' : 'text';
    case 'number':
      return 'a number';
    case 'integer':
      return 'a whole number';
    case 'enum':
      return node.values.map(String).join(' or ');
    case 'array':
      return 'a list';
    case 'object':
    case 'all':
      return 'an object';
    case 'union':
      return node.members.map((member) => noun(member, depth + 1)).join(' or ');
  }
}

/**
 * The JSON text of a number, `true` or `false`: what the client writes for them in a URL
 * (`String(n)` of a finite number always matches). Nothing looser: `""` and `" 2"` (which
 * `Number()` reads as 0 and 2), `0x10`, `+2`, `02`, `.5`, `2abc` and `TRUE` stay text, so the
 * check refuses them as it would in a body.
 */
const SCALAR_TEXT = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false)$/;

/**
 * A set of parameters as a server reads it from a URL (`?page=2&operators=a`: every value text,
 * a key given once a single text, given twice a list), with each field read back into the kind
 * its schema wants, by `fromText`. A new object; `value` itself is never changed.
 */
export function parametersFromText(node: FormNode, value: unknown): unknown {
  if (node.type !== 'object' || !isRecord(value)) return value;
  const { properties } = node;
  // Own keys only, into a new object through `fromEntries`, where `__proto__` is a key like any other.
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      Object.prototype.hasOwnProperty.call(properties, key)
        ? fromText(properties[key]!, field)
        : field,
    ]),
  );
}

/**
 * A field of a set of parameters in the kind its schema wants. A list (refs followed) takes one
 * text as a list of one, and each of its items is read as a single value is.
 */
function fromText(node: FormNode, value: unknown): unknown {
  let list = node;
  while (list.type === 'ref') list = list.ref();
  // An object's members (a header or path parameter's `k1,v1,…`) are read as a set's fields.
  if (list.type === 'object') return parametersFromText(list, value);
  if (list.type !== 'array') return textAsKind(node, value);
  const items = typeof value === 'string' ? [value] : value;
  return Array.isArray(items) ? items.map((item) => textAsKind(list.items, item)) : value;
}

/**
 * Text read as the number, or `true` or `false`, it spells, where the node does not take text
 * but takes that (refs, `null`, enums and unions followed as `fits` follows them): `"2"` is 2
 * for an integer and for an enum of numbers, and stays `"2"` for `integer | string`. Any other
 * value, and text that reads as nothing the node takes, is kept as it is, for the check to
 * refuse in its usual words: `"2.5"` for an integer is "must be a whole number".
 */
function textAsKind(node: FormNode, value: unknown): unknown {
  if (typeof value !== 'string' || fits(node, value)) return value;
  const read: unknown = SCALAR_TEXT.test(value) ? JSON.parse(value) : value;
  return fits(node, read) ? read : value;
}
