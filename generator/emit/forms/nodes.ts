/**
 * IR → the data the form validators are made of (`FormNode` of templates/runtime/core/form-nodes.ts):
 * the request ("write") view of a type, with read-only properties left out and enums closed, as
 * the request checks see it. A named schema becomes a constant of its own, referred to through a
 * thunk (`() => CustomPropertiesNode`), so schemas may refer to each other in any order, and to
 * themselves; a named enum refers to its value list in the enums module, never a copy of it.
 *
 * The fake (templates/fake) answers from the same data in the response ("read") view, with
 * read-only members kept and write-only ones left out, and with each schema's and member's
 * `example` and `default` as hints (`SampleNode`): one description of a schema as data, seen
 * from either side.
 */
import { parameterObject } from '../../ir/inputs.js';
import type { CodeBlockWriter } from 'ts-morph';
import type { IrObjectType, IrParameter, IrStringType, IrType, View } from '../../ir/types.js';
import { isIdentifier, type NameRegistry } from '../../ir/names.js';
import { enumValuesName } from '../types/enums.js';
import { INHERITED } from '../guards/guard-code.js';
import { visibleProperties, type SchemaIndex } from '../common/type-expr.js';

/** An identifier or expression in the printed data. */
export class NodeCode {
  constructor(readonly code: string) {}
}

/**
 * A node written with `as FormNode`: TypeScript types a property named like a member of every
 * object (`constructor`, `toString`) after that member, not after the record it is in, so its
 * literal's `type: 'string'` would widen to `string`.
 */
export class NodeCast {
  constructor(
    readonly value: NodeValue,
    /** The type it is written as: the runtime's `FormNode`, or the fake's `SampleNode`. */
    readonly type = 'FormNode',
  ) {}
}

export type NodeValue =
  | string
  | number
  | boolean
  | NodeCode
  | NodeCast
  | readonly NodeValue[]
  | { readonly [key: string]: NodeValue | undefined };

/** String formats the runtime checks (`FormStringFormat`); others are annotations a form leaves alone. */
const CHECKED_FORMATS: ReadonlySet<string> = new Set([
  'email',
  'uri',
  'uuid',
  'date-time',
  'date',
  'decimal',
]);

/** A named schema's node, declared once as a module constant. */
export interface NamedNode {
  /** The constant's name. */
  readonly constant: string;
  /** The schema's request-side type name, for its doc comment. */
  readonly typeName: string;
  node: NodeValue;
}

/** Which side a builder describes: the forms' request view by default, the fake's response view with hints. */
export interface NodeOptions {
  readonly view?: View;
  /** Whether nodes carry the spec's `example` and `default` (the fake's `SampleNode`). */
  readonly hints?: boolean;
  /** The type a cast node is written as. */
  readonly nodeType?: string;
}

/**
 * How deep named schemas are built inside one another before the rest wait their turn: far
 * past any real document's chains (so their output keeps its order), far below the stack's.
 */
const MAX_NESTING = 200;

export class FormNodeBuilder {
  /** The named schemas the nodes built so far refer to, by schema name, in the order first met. */
  readonly named = new Map<string, NamedNode>();
  /** The enum value lists they use (`LOCALE_VALUES`). */
  readonly enumLists = new Set<string>();
  private readonly view: View;

  /** @param locals where the constants' names are claimed; seeded with every name the module imports or exports. */
  constructor(
    private readonly index: SchemaIndex,
    private readonly locals: NameRegistry,
    private readonly options: NodeOptions = {},
  ) {
    this.view = options.view ?? 'write';
  }

  /** How many named schemas are being built inside one another right now. */
  private nesting = 0;
  /** Named schemas met past `MAX_NESTING`, registered but not yet built. */
  private readonly deferred: [NamedNode, string][] = [];

  /** The constant holding a named schema's node, declaring it on first use. */
  namedConstant(name: string): string {
    let named = this.named.get(name);
    if (named === undefined) {
      const typeName = this.index.typeName(name, this.view);
      named = { constant: this.locals.claim(`${typeName}Node`), typeName, node: {} };
      // Registered before it is built: a schema that refers to itself finds its constant.
      this.named.set(name, named);
      // A chain of thousands of schemas, each referring to the next, would overflow the call
      // stack if each were built inside the one before: past MAX_NESTING a schema is built
      // after the outermost one instead. Its constant is already named, so nothing else moves.
      if (this.nesting >= MAX_NESTING) this.deferred.push([named, name]);
      else this.build(named, name);
      if (this.nesting === 0)
        for (let next = this.deferred.shift(); next; next = this.deferred.shift())
          this.build(...next);
    }
    return named.constant;
  }

  private build(named: NamedNode, name: string): void {
    const schema = this.index.get(name)!;
    this.nesting += 1;
    try {
      named.node = this.hinted(this.node(schema.type), schema.example, undefined);
    } finally {
      this.nesting -= 1;
    }
  }

  /** The parameters of one location as the object the caller passes (`{ page_size: 2 }`). */
  parameters(parameters: readonly IrParameter[]): NodeValue {
    return this.node(parameterObject(parameters));
  }

  node(type: IrType): NodeValue {
    switch (type.kind) {
      case 'string':
        return stringNode(type);
      case 'number':
        return {
          type: type.integer ? 'integer' : 'number',
          minimum: type.minimum,
          maximum: type.maximum,
          exclusiveMinimum: type.exclusiveMinimum,
          exclusiveMaximum: type.exclusiveMaximum,
          multipleOf: type.multipleOf,
        };
      case 'boolean':
        return { type: 'boolean' };
      case 'null':
        return { type: 'null' };
      case 'unknown':
        return { type: 'any' };
      case 'literal':
        return { type: 'enum', values: [type.value] };
      case 'enum':
        return { type: 'enum', values: type.values };
      case 'ref': {
        const target = this.index.get(type.name);
        if (target?.type.kind === 'enum') {
          const list = enumValuesName(type.name);
          this.enumLists.add(list);
          return { type: 'enum', values: new NodeCode(list) };
        }
        if (!target) return { type: 'any' };
        return { type: 'ref', ref: new NodeCode(`() => ${this.namedConstant(type.name)}`) };
      }
      case 'array':
        return {
          type: 'array',
          items: this.node(type.items),
          minItems: type.minItems,
          maxItems: type.maxItems,
          uniqueItems: type.uniqueItems,
        };
      case 'object':
        return this.object(type);
      case 'union':
        return this.union(type.members, type.discriminator);
      case 'intersection':
        return { type: 'all', members: type.members.map((m) => this.node(m)) };
    }
  }

  private object(type: IrObjectType): NodeValue {
    const properties = visibleProperties(type, this.view);
    const required = properties.filter((p) => p.required).map((p) => p.name);
    // Extra properties are checked where the request checks check them: maps, not open objects.
    const additional =
      type.additional !== false && type.additional.kind !== 'unknown'
        ? this.node(type.additional)
        : undefined;
    return {
      type: 'object',
      properties: Object.fromEntries(
        properties.map((p) => {
          const node = this.hinted(this.node(p.type), p.example, p.default);
          return [p.name, INHERITED.has(p.name) ? new NodeCast(node, this.options.nodeType) : node];
        }),
      ),
      required: required.length > 0 ? required : undefined,
      additional,
    };
  }

  /** The node with the spec's example and default beside it, when the builder carries hints. */
  private hinted(node: NodeValue, example: unknown, fallback: unknown): NodeValue {
    if (!this.options.hints) return node;
    const hints = { example: jsonNode(example), default: jsonNode(fallback) };
    if (hints.example === undefined && hints.default === undefined) return node;
    return { ...(node as { readonly [key: string]: NodeValue | undefined }), ...hints };
  }

  /** `T | null` is `T` that takes null too; a union of others keeps its members. */
  private union(
    members: readonly IrType[],
    discriminator: Extract<IrType, { kind: 'union' }>['discriminator'],
  ): NodeValue {
    const others = members.filter((m) => m.kind !== 'null');
    const nullable = others.length < members.length ? true : undefined;
    if (others.length === 0) return { type: 'null' };
    if (others.length === 1) {
      const node = this.node(others[0]!) as { readonly [key: string]: NodeValue | undefined };
      return nullable ? { ...node, nullable } : node;
    }
    const mapping = discriminator?.mapping.flatMap(({ value, schema }) => {
      const i = others.findIndex((m) => m.kind === 'ref' && m.name === schema);
      return i < 0 ? [] : [[value, i] as const];
    });
    return {
      type: 'union',
      members: others.map((m) => this.node(m)),
      discriminator:
        discriminator && mapping && mapping.length > 0
          ? { property: discriminator.property, mapping: Object.fromEntries(mapping) }
          : undefined,
      nullable,
    };
  }
}

/**
 * A JSON value from the document as node data: `null` as code (node data has no null of its
 * own), dates as the text YAML read them from; undefined for what JSON cannot hold.
 */
export function jsonNode(value: unknown, depth = 0): NodeValue | undefined {
  // YAML aliases can make a value that contains itself.
  if (depth > 64) return undefined;
  if (value === null) return new NodeCode('null');
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map((item) => jsonNode(item, depth + 1));
    return items.every((i) => i !== undefined) ? (items as NodeValue[]) : undefined;
  }
  if (typeof value !== 'object') return undefined;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => [k, jsonNode(v, depth + 1)] as const,
  );
  return entries.every(([, v]) => v !== undefined) ? Object.fromEntries(entries) : undefined;
}

function stringNode(type: IrStringType): NodeValue {
  return {
    type: 'string',
    minLength: type.minLength,
    maxLength: type.maxLength,
    // The forms runtime compiles patterns with the `u` flag; one that needs it off is the guards' alone.
    pattern: type.patternWithoutUnicode ? undefined : type.pattern,
    format: type.format !== undefined && CHECKED_FORMATS.has(type.format) ? type.format : undefined,
    // Bytes: a form's file input gives a File, which the client uploads as it is.
    file: type.format === 'binary' ? true : undefined,
  };
}

/**
 * Writes a node as a TypeScript expression: values through `JSON.stringify`, `undefined`
 * members left out, keys bare where they can be. `__proto__` is written as a computed key,
 * the one form that makes it an own property rather than the object's prototype.
 */
export function writeNode(w: CodeBlockWriter, value: NodeValue): void {
  if (typeof value !== 'object') {
    w.write(JSON.stringify(value));
  } else if (value instanceof NodeCode) {
    w.write(value.code);
  } else if (value instanceof NodeCast) {
    writeNode(w, value.value);
    w.write(` as ${value.type}`);
  } else if (Array.isArray(value)) {
    w.write('[');
    (value as readonly NodeValue[]).forEach((item, i) => {
      if (i > 0) w.write(', ');
      writeNode(w, item);
    });
    w.write(']');
  } else {
    const entries = Object.entries(value as Record<string, NodeValue | undefined>).filter(
      (e): e is [string, NodeValue] => e[1] !== undefined,
    );
    w.write('{ ');
    entries.forEach(([key, item], i) => {
      if (i > 0) w.write(', ');
      w.write(`${objectKey(key)}: `);
      writeNode(w, item);
    });
    w.write(' }');
  }
}

function objectKey(key: string): string {
  if (key === '__proto__') return `[${JSON.stringify(key)}]`;
  return isIdentifier(key) ? key : JSON.stringify(key);
}
