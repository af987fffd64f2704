/**
 * A schema as data (`FormNode`): what the generated form validators are made of, what the
 * interpreter (validate.ts) reads and the fake samples from. Declared apart from the
 * validators (standard-schema.ts), which run the interpreter, so that the interpreter can
 * name its input without importing the module that imports it.
 */

/** String formats a form validator checks; any other format the spec names is left alone. */
export type FormStringFormat = 'email' | 'uri' | 'uuid' | 'date-time' | 'date' | 'decimal';

/** `nullable`: `null` is accepted too (the spec's `type: [string, 'null']`, or `nullable: true`). */
interface Nullable {
  readonly nullable?: true;
}

export interface FormStringNode extends Nullable {
  readonly type: 'string';
  /** Lengths count UTF-16 units (`.length`), as the request checks do. */
  readonly minLength?: number;
  readonly maxLength?: number;
  /** A regular expression, matched with the `u` flag. */
  readonly pattern?: string;
  readonly format?: FormStringFormat;
  /**
   * Bytes (`format: binary`): a `Blob` (a `File` from a file input) is accepted as well as
   * text, as the client uploads either; lengths, pattern and format apply to text alone.
   */
  readonly file?: true;
}

export interface FormNumberNode extends Nullable {
  readonly type: 'number' | 'integer';
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

/** One of a list of values; a constant is a list of one. */
export interface FormEnumNode extends Nullable {
  readonly type: 'enum';
  readonly values: readonly (string | number | boolean)[];
}

export interface FormArrayNode extends Nullable {
  readonly type: 'array';
  readonly items: FormNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: true;
}

export interface FormObjectNode extends Nullable {
  readonly type: 'object';
  /** The properties a request may send (read-only ones are left out), in spec order. */
  readonly properties: Readonly<Record<string, FormNode>>;
  readonly required?: readonly string[];
  /** The type of properties not listed, for maps; absent when they are not checked. */
  readonly additional?: FormNode;
}

export interface FormUnionNode extends Nullable {
  readonly type: 'union';
  readonly members: readonly FormNode[];
  /** The property that tells the members apart, and the member (by index) each of its values selects. */
  readonly discriminator?: {
    readonly property: string;
    readonly mapping: Readonly<Record<string, number>>;
  };
}

/** Every member must accept the value (`allOf`). */
export interface FormAllNode extends Nullable {
  readonly type: 'all';
  readonly members: readonly FormNode[];
}

/** A named schema, followed when a value is checked, so a schema may refer to itself. */
export interface FormRefNode extends Nullable {
  readonly type: 'ref';
  readonly ref: () => FormNode;
}

export interface FormOtherNode extends Nullable {
  /** `any`: every value; `null`: only `null`. */
  readonly type: 'boolean' | 'any' | 'null';
}

/** A schema as data: what the generated validators are made of, and what the interpreter (`validate.ts`) reads. */
export type FormNode =
  | FormStringNode
  | FormNumberNode
  | FormEnumNode
  | FormArrayNode
  | FormObjectNode
  | FormUnionNode
  | FormAllNode
  | FormRefNode
  | FormOtherNode;
