/**
 * The form validators' section of `api.md`: how to import them, the messages they give, and
 * per validator one line per field with its declared constraints (what `fields` holds), so a
 * pull request that changes a limit shows it in this diff.
 */
import type { Ir, IrType } from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import type { FormValidator } from '../forms/forms.js';
import { visibleProperties, type SchemaIndex, schemaIndexOf } from '../common/type-expr.js';

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  email: 'an email address',
  uri: 'a URL',
  uuid: 'a UUID',
  'date-time': 'a date and time',
  date: 'a date',
  decimal: 'a decimal number',
};

/** Why a server can use the parameter sets' validators on a request as it arrives. */
const URL_TEXT = [
  'The validators of parameters (path, query, headers, cookies) also take the values as a URL carries them, as text, and give them typed:',
  "`'2'` as `2` where a number is wanted (only a JSON number's text), `'true'` and `'false'` as booleans, one text or several as a list, so Hono's `sValidator('query', …)` works. A body is JSON and is checked as it is. An empty text (`''`, an input left blank) is read as not given, the way a form means it: a required field is then `required`, a nullable one `null` in the value, another left out; `keepingEmptyText(schema)` checks `''` as the value it is, for an API that wants it. A body's validator makes an edit form's values from the API's answer: `valuesFrom(answer)` gives `{ values, refused }`, what the request takes of it and the issues of what it left out.",
].join(' ');

export function formsSection(ir: Ir, validators: readonly FormValidator[]): string[] {
  if (validators.length === 0) return [];
  const index = schemaIndexOf(ir);
  const first = validators[0]!.name;
  return [
    '# Form validators',
    [
      `\`import { ${first} } from '${ir.info.packageName}/forms'\`: a Standard Schema v1 validator for every request body and every operation's parameters, which react-hook-form (\`standardSchemaResolver\`), TanStack Form, Hono (\`sValidator\`) and tRPC accept as they are.`,
      "`['~standard'].validate(value)` accepts what the client would send and reports every issue otherwise, each with its field's path and a message a form can show; `fields` holds each field's declared constraints as data (`fields.<name>.maxLength`, `.required`, `.values`).",
      ...(validators.some((v) => v.parameterSet) ? [URL_TEXT] : []),
    ].join(' '),
    [
      'Messages: `required`; `must be text`, `must be a number`, `must be a whole number`, `must be true or false`, `must be a list`;',
      '`at least N characters`, `at most N characters`; `must be an email address` (`a URL`, `a UUID`, `a date`, `a date and time`, `a decimal number`); `is not in the expected format` (a pattern);',
      '`one of: A, B`; `at least N`, `at most N`, `more than N`, `less than N`, `must be a multiple of N`; `at least N items`, `at most N items`, `must not contain duplicates`.',
      'Each issue also carries a `code` and the `expected` bound or values, for a form that words its own messages.',
    ].join(' '),
    ...validators.flatMap((v) => validatorSection(v, index)),
  ];
}

function validatorSection(v: FormValidator, index: SchemaIndex): string[] {
  const heading = [`### \`${v.name}\``, `Validates ${v.checks}.`];
  const object = resolve(v.type, index);
  if (object.kind !== 'object') return [...heading, `- ${constraints(v.type, index)}`];
  const budget = { left: MAX_FIELD_ROWS };
  const rows = fieldRows(object, index, '', new Set(), budget);
  if (budget.left <= 0) rows.push(`- … (the list stops at ${MAX_FIELD_ROWS} lines)`);
  return [...heading, rows.length > 0 ? rows.join('\n') : 'An object; any properties.'];
}

/**
 * How many named schemas deep the field list goes under one validator, and how many lines it
 * has at most: schemas that share parts (each field of S1 an S2, each of S2 an S3…) would list
 * exponentially many. Past either, a field names its schema and stops.
 */
const MAX_FIELD_DEPTH = 12;
const MAX_FIELD_ROWS = 2_000;

/**
 * One line per field, and under a field that holds an object of a named schema its fields,
 * indented (each schema once per line of descent, so a schema within itself stops there).
 */
function fieldRows(
  object: Extract<IrType, { kind: 'object' }>,
  index: SchemaIndex,
  indent: string,
  open: ReadonlySet<string>,
  budget: { left: number },
): string[] {
  return visibleProperties(object, 'write').flatMap((p) => {
    if (budget.left <= 0) return [];
    budget.left -= 1;
    const line = `${indent}- \`${propertyKey(p.name)}${p.required ? '' : '?'}\` — ${constraints(p.type, index)}`;
    const named = namedObject(p.type, index);
    // Past MAX_FIELD_DEPTH a field names its schema and stops: a chain of thousands of schemas
    // would otherwise nest as deep (and overflow the stack building it).
    if (named === undefined || open.has(named) || open.size >= MAX_FIELD_DEPTH || budget.left <= 0)
      return [line];
    const inner = resolve({ kind: 'ref', name: named }, index);
    return inner.kind === 'object'
      ? [line, ...fieldRows(inner, index, `${indent}  `, new Set([...open, named]), budget)]
      : [line];
  });
}

/** The named object schema a field holds (or holds or null). */
function namedObject(type: IrType, index: SchemaIndex): string | undefined {
  const own = type.kind === 'union' ? type.members.filter((m) => m.kind !== 'null') : [type];
  const only = own.length === 1 ? own[0]! : undefined;
  return only?.kind === 'ref' && index.get(only.name)?.type.kind === 'object'
    ? only.name
    : undefined;
}

/** Follows refs to a type that says something itself. */
function resolve(type: IrType, index: SchemaIndex, depth = 0): IrType {
  if (type.kind !== 'ref' || depth > 16) return type;
  const target = index.get(type.name);
  return target ? resolve(target.type, index, depth + 1) : type;
}

/** What a value must be, in the words of the validators' messages: `text, at most 50 characters, or null`. */
export function constraints(type: IrType, index: SchemaIndex, depth = 0): string {
  switch (type.kind) {
    case 'ref': {
      const target = index.get(type.name);
      if (!target || depth > 4) return `\`${index.typeName(type.name, 'write')}\``;
      if (target.type.kind === 'object' || target.type.kind === 'intersection')
        return `an object (\`${index.typeName(type.name, 'write')}\`)`;
      // A long enum by its name; api.md lists its values under Enums.
      if (target.type.kind === 'enum' && target.type.values.length > 6)
        return `one of the \`${type.name}\` values`;
      return constraints(target.type, index, depth + 1);
    }
    case 'union': {
      const others = type.members.filter((m) => m.kind !== 'null');
      const words = others.map((m) => constraints(m, index, depth + 1)).join('; or ');
      return others.length < type.members.length ? `${words}; or null` : words;
    }
    case 'string': {
      const format = type.format !== undefined ? FORMAT_WORDS[type.format] : undefined;
      return [
        format ?? 'text',
        ...(type.minLength !== undefined ? [`at least ${type.minLength} characters`] : []),
        ...(type.maxLength !== undefined ? [`at most ${type.maxLength} characters`] : []),
        ...(type.pattern !== undefined ? [`matching \`${JSON.stringify(type.pattern)}\``] : []),
      ].join(', ');
    }
    case 'number':
      return [
        type.integer ? 'a whole number' : 'a number',
        ...(type.minimum !== undefined ? [`at least ${type.minimum}`] : []),
        ...(type.exclusiveMinimum !== undefined ? [`more than ${type.exclusiveMinimum}`] : []),
        ...(type.maximum !== undefined ? [`at most ${type.maximum}`] : []),
        ...(type.exclusiveMaximum !== undefined ? [`less than ${type.exclusiveMaximum}`] : []),
        ...(type.multipleOf !== undefined ? [`a multiple of ${type.multipleOf}`] : []),
      ].join(', ');
    case 'enum':
      return `one of: ${type.values.join(', ')}`;
    case 'literal':
      return `\`${JSON.stringify(type.value)}\``;
    case 'boolean':
      return 'true or false';
    case 'null':
      return 'null';
    case 'unknown':
      return 'any value';
    case 'array':
      return [
        'a list',
        ...(type.minItems ? [`at least ${type.minItems} items`] : []),
        ...(type.maxItems !== undefined ? [`at most ${type.maxItems} items`] : []),
        ...(type.uniqueItems ? ['no duplicates'] : []),
        `each ${constraints(type.items, index, depth + 1)}`,
      ].join(', ');
    case 'object':
    case 'intersection':
      return 'an object';
  }
}
