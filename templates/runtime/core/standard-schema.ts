/**
 * Form validators: a request body or a set of parameters described as data (`FormNode`),
 * wrapped as a Standard Schema v1 validator that reports every issue with the path of its field
 * and a message a form can show as it is, and with the declared constraints of each field as
 * data (`fields`), so a form can show "6/50" beside a field or mark it required.
 *
 * The Standard Schema interface is declared here rather than imported: the spec asks libraries
 * to copy its types, so the package keeps no dependency, and TanStack Form, react-hook-form's
 * `standardSchemaResolver`, Hono's `sValidator` and tRPC accept these validators as they accept
 * any other. The generated `forms` entry point holds one validator per request body and per
 * parameter set; each is its own constant, so a bundle keeps only those it imports. A parameter
 * set's validator (`parameterSchema`) also takes the set as a URL carries it, as text, and gives
 * it typed, so a server framework can check `?page=2` with it as well as the client's `{ page: 2 }`.
 */
import { issuesOf, type FormIssue } from './validate.js';
import { parametersFromText } from '../internal/validate-kinds.js';
import { isRecord } from './guard.js';
import type { FormNode, FormObjectNode, FormStringFormat } from './form-nodes.js';

// The nodes are named here too: the generated `forms` module and the fake take everything of
// the validators from this one module.
export type {
  FormStringFormat,
  FormStringNode,
  FormNumberNode,
  FormEnumNode,
  FormArrayNode,
  FormObjectNode,
  FormUnionNode,
  FormAllNode,
  FormRefNode,
  FormOtherNode,
  FormNode,
} from './form-nodes.js';

/** Standard Schema v1 (standardschema.dev), as its spec defines it: type-compatible with `@standard-schema/spec`. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  /** What a library that accepts any Standard Schema reads. */
  readonly '~standard': StandardSchemaProps<Input, Output>;
}

/** The `~standard` member of a Standard Schema. */
export interface StandardSchemaProps<Input = unknown, Output = Input> {
  /** The version of the Standard Schema spec: 1. */
  readonly version: 1;
  /** Who made the validator: the package's name. */
  readonly vendor: string;
  /** Checks a value: `{ value }` when it is valid, else `{ issues }`. */
  readonly validate: (
    value: unknown,
    options?: StandardSchemaOptions | undefined,
  ) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>;
  /** Types only, for inference; never set at run time. */
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

/** Options a caller may pass to `validate`. */
export interface StandardSchemaOptions {
  /**
   * Options of one validator library. The form validators read `emptyText: 'keep'`, which
   * checks an empty text as the value `''` instead of as not given (`keepingEmptyText`).
   */
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/** What `validate` gives: the value when it is valid, else the issues found. */
export type StandardSchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardSchemaIssue> };

/** One problem a Standard Schema found. */
export interface StandardSchemaIssue {
  /** What is wrong, in words a person can read. */
  readonly message: string;
  /** Where: the keys from the value checked to the field. */
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/**
 * The declared constraints of one field, as a form shows them: `maxLength` for "6/50",
 * `required` for the asterisk, `values` for a select's options. Plain data.
 */
export interface FieldConstraints {
  /** The kind of value the field takes; `union` for a choice between kinds. */
  readonly type:
    | 'string'
    | 'number'
    | 'integer'
    | 'boolean'
    | 'enum'
    | 'array'
    | 'object'
    | 'union'
    | 'any'
    | 'null';
  /** Whether the field must be present (`null` counts as present where `nullable`). */
  readonly required: boolean;
  /** Whether `null` is accepted. */
  readonly nullable: boolean;
  /** Fewest characters of a `string` field (UTF-16 units, as `.length` counts them). */
  readonly minLength?: number;
  /** Most characters of a `string` field: the 50 of "6/50". */
  readonly maxLength?: number;
  /** A regular expression a `string` field matches (with the `u` flag). */
  readonly pattern?: string;
  /** A format a `string` field is checked for: an email address, a date… */
  readonly format?: FormStringFormat;
  /** A `string` field of bytes, which takes a file (`Blob`, `File`) too: a file input. */
  readonly file?: true;
  /** Least value of a number. */
  readonly minimum?: number;
  /** Greatest value of a number. */
  readonly maximum?: number;
  /** A number must be greater than this. */
  readonly exclusiveMinimum?: number;
  /** A number must be less than this. */
  readonly exclusiveMaximum?: number;
  /** A number must be a multiple of this. */
  readonly multipleOf?: number;
  /** The values an `enum` field takes, in spec order. */
  readonly values?: readonly (string | number | boolean)[];
  /** Fewest items of an `array` field. */
  readonly minItems?: number;
  /** Most items of an `array` field. */
  readonly maxItems?: number;
  /** Whether an `array` field's items must differ. */
  readonly uniqueItems?: true;
  /** The constraints of each item of an `array` field. */
  readonly items?: FieldConstraints;
  /** The constraints of each property of an `object` field (for `allOf`, of every member's). */
  readonly fields?: Readonly<Record<string, FieldConstraints>>;
}

/** The constraints of each top-level field of `T`; none for a value that is not an object. */
export type FormFields<T> = [T] extends [readonly unknown[]]
  ? Readonly<Record<string, never>>
  : [T] extends [object]
    ? { readonly [K in keyof T]-?: FieldConstraints }
    : Readonly<Record<string, never>>;

/**
 * A Standard Schema v1 validator of `T` (a request body, or an operation's query, path, header
 * or cookie parameters) with the constraints of its fields.
 *
 * `~standard.validate(value)` gives `{ value }` when the client would send `value`, else
 * `{ issues }`. A property whose value is an empty text is read as not given (`emptyTextAsMissing`):
 * a required one is "required", a nullable one `null` in `value`, another left out. The
 * issues are every problem found, each with the path of its field (`['city']`,
 * `['custom_properties', 'external_id']`, `['items', 2]`) and a message such as "required",
 * "at most 50 characters", "must be an email address" or "one of: en, de". It accepts no value
 * the client's own request checks would refuse. A parameter set's validator (`parameterSchema`)
 * reads URL text first, so its `value` is typed: `{ page: '2' }` gives `{ value: { page: 2 } }`.
 */
export interface FormSchema<T, Answer = unknown> extends StandardSchemaV1<T> {
  /** The declared constraints of each field (`fields.city.maxLength`), read when first asked for. */
  readonly fields: FormFields<T>;
  /**
   * An edit form's values from the API's answer for the same thing (`BillingDetails` for
   * `BillingDetailsRequest`): the members the request takes, each as the request would send it.
   * A member the request would refuse (a value added to an open enum since, say) is left out
   * and reported in `refused`, so the form shows it empty, and its issue when it is checked.
   */
  valuesFrom(answer: Answer): FormValues<T>;
}

/** What `valuesFrom` gives: the form's values, and the issues of the answer's values it left out. */
export interface FormValues<T> {
  readonly values: T;
  readonly refused: readonly FormIssue[];
}

/**
 * The validator of `node`, as the generated `forms` module declares each request body's.
 * @param vendor the package's name, reported as the Standard Schema vendor.
 * @param read how a value is read before it is checked (`parametersFromText`); the value as it
 * is when absent. A parameter, not a flag, so a bundle without parameter sets leaves it out.
 */
export function formSchema<T, Answer = unknown>(
  vendor: string,
  node: FormNode,
  read?: (node: FormNode, value: unknown) => unknown,
): FormSchema<T, Answer> {
  let fields: FormFields<T> | undefined;
  return {
    '~standard': {
      version: 1,
      vendor,
      validate: (input, options) => {
        // An empty input is "not given" unless the caller keeps it (`emptyTextAsMissing`).
        const given =
          options?.libraryOptions?.['emptyText'] === 'keep'
            ? input
            : emptyTextAsMissing(node, input);
        const value = read ? read(node, given) : given;
        const issues: FormIssue[] = issuesOf(node, value);
        return issues.length === 0 ? { value: value as T } : { issues };
      },
    },
    get fields() {
      return (fields ??= (constraintsOf(node, true, []).fields ?? {}) as FormFields<T>);
    },
    valuesFrom(answer) {
      const refused: FormIssue[] = [];
      const values = eachProperty(node, answer, false, (property, given, _required, path) => {
        const issues = issuesOf(property, given, path);
        refused.push(...issues);
        return issues.length === 0 ? given : undefined;
      }) as T;
      return { values, refused };
    },
  };
}

/**
 * `schema`, checking an empty text as the value `''` rather than as not given: for the rare API
 * that wants `''` from a form (`keepingEmptyText(BillingDetailsRequestSchema)`).
 */
export function keepingEmptyText<T, Answer>(schema: FormSchema<T, Answer>): FormSchema<T, Answer> {
  const own = schema['~standard'];
  return {
    ...schema,
    '~standard': {
      ...own,
      // The caller's own options go on, with the switch added to them.
      validate: (value, options) =>
        own.validate(value, {
          ...options,
          libraryOptions: { ...options?.libraryOptions, emptyText: 'keep' },
        }),
    },
  };
}

/**
 * The validator of a set of parameters (path, query, headers or cookies), as the generated
 * `forms` module declares each one: `formSchema`'s, except that a value arrives as a URL carries
 * it (`{ page: '2', operators: 'a' }`, as Hono's `sValidator('query', …)` passes it) and is
 * checked and given typed (`{ page: 2, operators: ['a'] }`), by `parametersFromText`'s rules.
 * Bodies are JSON, which has types, so their validators take none of this.
 */
export function parameterSchema<T>(vendor: string, node: FormNode): FormSchema<T> {
  return formSchema(vendor, node, parametersFromText);
}

/**
 * `node`'s constraints; `open` holds the objects being expanded, so a schema that refers to
 * itself stops at its second appearance (its `fields` are left out there).
 */
export function constraintsOf(
  start: FormNode,
  required: boolean,
  open: readonly FormNode[],
): FieldConstraints {
  let node = start;
  let nullable = node.nullable === true;
  while (node.type === 'ref') {
    node = node.ref();
    nullable ||= node.nullable === true;
  }
  const flags = { required, nullable };
  switch (node.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'enum':
    case 'array': {
      // The node's own bounds, lengths, pattern, format, values or item counts, as declared;
      // a list's items as constraints in turn.
      const { nullable: _, ...own } = node;
      const items = node.type === 'array' && { items: constraintsOf(node.items, true, open) };
      return { ...own, ...flags, ...items } as FieldConstraints;
    }
    case 'object':
    case 'all': {
      if (open.includes(node)) return { type: 'object', ...flags };
      const inner = [...open, node];
      const fields: Record<string, FieldConstraints> = {};
      for (const object of objectsOf(node)) {
        const names = new Set(object.required);
        for (const name of Object.keys(object.properties))
          define(fields, name, constraintsOf(object.properties[name]!, names.has(name), inner));
      }
      return { type: 'object', ...flags, fields };
    }
    default:
      return { type: node.type, ...flags };
  }
}

/** The object schemas an object or `allOf` node is made of, refs followed. */
function objectsOf(node: FormNode): FormObjectNode[] {
  if (node.type === 'ref') return objectsOf(node.ref());
  if (node.type === 'object') return [node];
  if (node.type === 'all') return node.members.flatMap(objectsOf);
  return [];
}

/**
 * `value` with each empty text read as "not given", the way a form means it. An untouched text
 * input holds `''`, and sending that is rarely what a user meant: a required street would pass
 * as a blank one, an optional city would be stored as `''` instead of none. So a property whose
 * value is `''` is left out where it is required (the check then says "required") or cannot be
 * null, and is `null` where it can (clearing it, as an emptied field of an edit form should);
 * only where `''` is one of its listed values is it kept, since there it means something.
 * Nested objects are read alike; list items and union members are left as they are, since
 * which member an empty text belongs to is not known. `keepingEmptyText` turns this off.
 */
function emptyTextAsMissing(node: FormNode, value: unknown): unknown {
  return eachProperty(node, value, true, (property, given, required) => {
    if (given !== '') return given;
    const field = constraintsOf(property, false, []);
    if (field.values?.includes('')) return given;
    return field.nullable && !required ? null : undefined;
  });
}

/**
 * `value` read property by property as `node` declares them: `each` gives what to keep of a
 * member that is not an object (`undefined` leaves it out), and an object is read alike, at
 * every depth. Members `node` does not declare (nor its map's `additional`) are kept with
 * `others`, else left out.
 */
function eachProperty(
  node: FormNode,
  value: unknown,
  others: boolean,
  each: (property: FormNode, given: unknown, required: boolean, path: readonly string[]) => unknown,
  path: readonly string[] = [],
  required = false,
): unknown {
  const objects = objectsOf(node);
  if (objects.length === 0 || !isRecord(value))
    return path.length > 0 ? each(node, value, required, path) : value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    // A declared member, else an entry of a map (`additional`).
    const property =
      objects.find((o) => Object.hasOwn(o.properties, key))?.properties[key] ??
      objects.find((o) => o.additional)?.additional;
    const kept = property
      ? eachProperty(
          property,
          value[key],
          others,
          each,
          [...path, key],
          objects.some((o) => o.required?.includes(key)),
        )
      : others
        ? value[key]
        : undefined;
    if (kept !== undefined) define(out, key, kept);
  }
  return out;
}

/** Defined, not assigned: a property named `__proto__` is a field like any other. */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
