/**
 * The interpreter behind the form validators (`standard-schema.ts`): it walks a value against a
 * schema given as data and collects every issue, each with the path of its field and a message
 * a form can show to the person filling it in. The generated guards stop at the first mismatch
 * and word it for developers ("expected string of at most 50 characters, got string"); a form
 * needs every field's problem at once, in its user's words.
 *
 * It accepts nothing the request checks (`checkInput`) refuse: the same bounds, lengths (in
 * UTF-16 units, `.length`, as they count), patterns and date and decimal formats. It is stricter
 * where a form should be: email, URL and UUID formats (the service checks those), numbers that
 * are not finite (a cleared number input), repeated items where the spec forbids them, and a
 * required field left empty.
 */
import { isDateString, isDateTimeString, isDecimalString, isRecord } from './guard.js';
import { fits, noun } from '../internal/validate-kinds.js';
import type {
  FormArrayNode,
  FormNode,
  FormNumberNode,
  FormObjectNode,
  FormStringFormat,
  FormStringNode,
  FormUnionNode,
} from './form-nodes.js';

/** What an issue is about, for a form that words its own messages (in another language, say). */
export type FormIssueCode =
  | 'required'
  | 'type'
  | 'min_length'
  | 'max_length'
  | 'format'
  | 'pattern'
  | 'enum'
  | 'minimum'
  | 'maximum'
  | 'exclusive_minimum'
  | 'exclusive_maximum'
  | 'multiple_of'
  | 'min_items'
  | 'max_items'
  | 'unique_items';

/** One problem with a value: a Standard Schema issue, with what failed as data besides the message. */
export interface FormIssue {
  /** Shown as it is: "required", "at most 50 characters", "must be an email address", "one of: en, de". */
  readonly message: string;
  /** Keys from the value checked to the field: `['custom_properties', 'external_id']`; empty for the value itself. */
  readonly path: readonly (string | number)[];
  /** What failed, as data: `required`, `max_length`, `format`… */
  readonly code: FormIssueCode;
  /**
   * What the code refers to: the bound or length (`50`), the format (`'email'`) or the pattern,
   * the values of an enum, the kinds of value expected for `type` (`'string'`).
   */
  readonly expected?: number | string | readonly (string | number | boolean)[];
}

type Path = readonly (string | number)[];

/** Every issue of `value` against `node`, in the order of the schema's properties; none when it is valid. */
export function issuesOf(node: FormNode, value: unknown, at: Path = []): FormIssue[] {
  const out: FormIssue[] = [];
  check(node, value, at, out);
  return out;
}

function issue(
  out: FormIssue[],
  path: Path,
  code: FormIssueCode,
  message: string,
  expected?: FormIssue['expected'],
): void {
  // `expected` only where there is one: an issue never carries an `undefined` member.
  out.push({ message, path, code, ...(expected !== undefined && { expected }) });
}

function check(node: FormNode, value: unknown, path: Path, out: FormIssue[]): void {
  if (value === null && node.nullable) return;
  switch (node.type) {
    case 'ref':
      return check(node.ref(), value, path, out);
    case 'any':
      return;
    case 'null':
    case 'boolean':
      if (!fits(node, value)) issue(out, path, 'type', `must be ${noun(node)}`, node.type);
      return;
    case 'string':
      return checkString(node, value, path, out);
    case 'number':
    case 'integer':
      return checkNumber(node, value, path, out);
    case 'enum':
      if (!node.values.includes(value as string)) enumIssue(out, path, node.values);
      return;
    case 'array':
      return checkArray(node, value, path, out);
    case 'object':
      return checkObject(node, value, path, out);
    case 'union':
      return checkUnion(node, value, path, out);
    case 'all':
      return checkAll(node.members, value, path, out);
  }
}

/** Lenient on purpose, like the service's own checks: something@domain.tld without spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;
const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** Each format's test (the date and decimal ones are the request checks' own) and its message. */
const FORMATS: Readonly<Record<FormStringFormat, readonly [(s: string) => boolean, string]>> = {
  email: [(s) => EMAIL.test(s), 'must be an email address'],
  uri: [(s) => URI.test(s), 'must be a URL'],
  uuid: [(s) => UUID.test(s), 'must be a UUID'],
  'date-time': [isDateTimeString, 'must be a date and time'],
  date: [isDateString, 'must be a date'],
  decimal: [isDecimalString, 'must be a decimal number'],
};

const patterns = new Map<string, RegExp>();

function checkString(node: FormStringNode, value: unknown, path: Path, out: FormIssue[]): void {
  if (node.file && typeof Blob !== 'undefined' && value instanceof Blob) return;
  if (typeof value !== 'string')
    return issue(
      out,
      path,
      'type',
      node.file ? 'must be a file or text' : 'must be text',
      'string',
    );
  const { minLength, maxLength, format, pattern } = node;
  if (minLength !== undefined && value.length < minLength)
    issue(out, path, 'min_length', `at least ${count(minLength, 'character')}`, minLength);
  if (maxLength !== undefined && value.length > maxLength)
    issue(out, path, 'max_length', `at most ${count(maxLength, 'character')}`, maxLength);
  if (format !== undefined) {
    const [test, message] = FORMATS[format];
    if (!test(value)) issue(out, path, 'format', message, format);
  }
  if (pattern !== undefined) {
    let regex = patterns.get(pattern);
    if (regex === undefined) patterns.set(pattern, (regex = new RegExp(pattern, 'u')));
    if (!regex.test(value)) issue(out, path, 'pattern', 'is not in the expected format', pattern);
  }
}

function checkNumber(node: FormNumberNode, value: unknown, path: Path, out: FormIssue[]): void {
  // A cleared number input gives NaN: not a number a request can carry.
  if (typeof value !== 'number' || !Number.isFinite(value) || !fits(node, value))
    return issue(out, path, 'type', `must be ${noun(node)}`, node.type);
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = node;
  if (minimum !== undefined && value < minimum)
    issue(out, path, 'minimum', `at least ${minimum}`, minimum);
  if (exclusiveMinimum !== undefined && value <= exclusiveMinimum)
    issue(out, path, 'exclusive_minimum', `more than ${exclusiveMinimum}`, exclusiveMinimum);
  if (maximum !== undefined && value > maximum)
    issue(out, path, 'maximum', `at most ${maximum}`, maximum);
  if (exclusiveMaximum !== undefined && value >= exclusiveMaximum)
    issue(out, path, 'exclusive_maximum', `less than ${exclusiveMaximum}`, exclusiveMaximum);
  if (multipleOf !== undefined && multipleOf > 0) {
    // Within rounding: 0.3 is a multiple of 0.1 although 0.3 / 0.1 is 2.9999999999999996.
    const quotient = value / multipleOf;
    if (Math.abs(quotient - Math.round(quotient)) > 1e-9 * Math.max(1, Math.abs(quotient)))
      issue(out, path, 'multiple_of', `must be a multiple of ${multipleOf}`, multipleOf);
  }
}

function checkArray(node: FormArrayNode, value: unknown, path: Path, out: FormIssue[]): void {
  if (!Array.isArray(value)) return issue(out, path, 'type', 'must be a list', 'array');
  const { minItems, maxItems } = node;
  if (minItems !== undefined && value.length < minItems)
    issue(out, path, 'min_items', `at least ${count(minItems, 'item')}`, minItems);
  if (maxItems !== undefined && value.length > maxItems)
    issue(out, path, 'max_items', `at most ${count(maxItems, 'item')}`, maxItems);
  if (node.uniqueItems && repeats(value))
    issue(out, path, 'unique_items', 'must not contain duplicates');
  for (let i = 0; i < value.length; i++) check(node.items, value[i], [...path, i], out);
}

function repeats(items: readonly unknown[]): boolean {
  const seen = new Set<unknown>();
  for (const item of items) {
    // Objects and lists compare by content, as JSON Schema's uniqueItems says.
    const key = typeof item === 'object' && item !== null ? contentOf(item) : item;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/** An object's JSON text; itself when it has none (a cycle), so it only equals itself. */
function contentOf(item: object): unknown {
  try {
    return `json:${JSON.stringify(item)}`;
  } catch {
    return item;
  }
}

function checkObject(node: FormObjectNode, value: unknown, path: Path, out: FormIssue[]): void {
  if (!isRecord(value)) return issue(out, path, 'type', 'must be an object', 'object');
  const required = node.required ?? [];
  for (const key of Object.keys(node.properties)) {
    const property = node.properties[key]!;
    const field = read(value, key);
    const isRequired = required.includes(key);
    // A property left out (or `undefined`, which JSON drops) is not checked unless required;
    // `null` in a required field that takes no null reads as left empty too.
    if (field === undefined || (field === null && isRequired && !fits(property, null))) {
      if (isRequired) issue(out, [...path, key], 'required', 'required');
      continue;
    }
    check(property, field, [...path, key], out);
  }
  if (node.additional === undefined) return;
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(node.properties, key)) continue;
    check(node.additional, value[key], [...path, key], out);
  }
}

/**
 * A member of the union that takes the value passes it. Otherwise the issues shown are the
 * member's the discriminator names, else those of the member closest to the value (of its kind,
 * with the fewest issues): a form then says "at most 50 characters", not "no member matched".
 */
function checkUnion(node: FormUnionNode, value: unknown, path: Path, out: FormIssue[]): void {
  const found = node.members.map((member) => {
    const issues: FormIssue[] = [];
    check(member, value, path, issues);
    return issues;
  });
  if (found.some((issues) => issues.length === 0)) return;
  const tagged = node.discriminator;
  if (tagged !== undefined && isRecord(value)) {
    const tag = read(value, tagged.property);
    const at = [...path, tagged.property];
    if (tag === undefined) return issue(out, at, 'required', 'required');
    const index =
      typeof tag === 'string' && Object.hasOwn(tagged.mapping, tag)
        ? tagged.mapping[tag]
        : undefined;
    if (index === undefined) return enumIssue(out, at, Object.keys(tagged.mapping));
    out.push(...found[index]!);
    return;
  }
  let best = -1;
  node.members.forEach((member, i) => {
    if (fits(member, value) && (best < 0 || found[i]!.length < found[best]!.length)) best = i;
  });
  if (best < 0) {
    const kinds = node.members.map((member) => noun(member));
    return issue(out, path, 'type', `must be ${kinds.join(' or ')}`, kinds.join(' or '));
  }
  out.push(...found[best]!);
}

/** Every member's issues, each once (members often share properties). */
function checkAll(
  members: readonly FormNode[],
  value: unknown,
  path: Path,
  out: FormIssue[],
): void {
  const seen = new Set<string>();
  for (const member of members) {
    const issues: FormIssue[] = [];
    check(member, value, path, issues);
    for (const one of issues) {
      const key = JSON.stringify([one.path, one.message]);
      if (!seen.has(key)) out.push(one);
      seen.add(key);
    }
  }
}

function enumIssue(out: FormIssue[], path: Path, values: readonly (string | number | boolean)[]) {
  const shown = values.slice(0, 10).map(String).join(', ');
  const message =
    values.length === 1
      ? `must be ${shown}`
      : `one of: ${shown}${values.length > 10 ? ` and ${values.length - 10} more` : ''}`;
  issue(out, path, 'enum', message, values);
}

/** `1 character`, `50 characters`. */
function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * A property as the request checks read it: the value's own for names every object inherits
 * (`constructor`, `toString`), so a plain `{}` does not seem to hold them.
 */
function read(value: Record<string, unknown>, key: string): unknown {
  if (key in Object.prototype && !Object.hasOwn(value, key)) return undefined;
  return value[key];
}
