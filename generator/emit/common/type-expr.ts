/**
 * IrType → TypeScript type expression, in the read (response) or write (request) view.
 * Identifiers come from the IR (already made safe by names.ts), literal values go through
 * JSON.stringify, so no spec text is pasted into code.
 */
import type { Ir, IrObjectType, IrSchema, IrType, View } from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import { unionMemberNames } from '../../ir/views.js';

/** The name of the helper type that keeps an enum open to values added later. */
export const OPEN_ENUM = 'OpenEnum';

/** One index per IR, made on first use: every emitter of a package shares it. */
const indexes = new WeakMap<Pick<Ir, 'schemas'>, SchemaIndex>();
export function schemaIndexOf(ir: Pick<Ir, 'schemas'>): SchemaIndex {
  let index = indexes.get(ir);
  if (!index) indexes.set(ir, (index = new SchemaIndex(ir)));
  return index;
}

export class SchemaIndex {
  private readonly byName: ReadonlyMap<string, IrSchema>;
  private readonly unionMembers: ReadonlySet<string>;

  constructor(ir: Pick<Ir, 'schemas'>) {
    this.byName = new Map(ir.schemas.map((s) => [s.name, s]));
    this.unionMembers = unionMemberNames(ir.schemas.map((s) => s.type));
  }

  /** Whether the schema is a direct member of a union: its constants then stay exact in responses. */
  isUnionMember(name: string): boolean {
    return this.unionMembers.has(name);
  }

  get(name: string): IrSchema | undefined {
    return this.byName.get(name);
  }

  /** Identifier of the declaration that serves `view` for the named schema. */
  typeName(name: string, view: View): string {
    const schema = this.byName.get(name);
    return schema?.views === 'split' && view === 'write' ? schema.requestName! : name;
  }

  isEnum(name: string): boolean {
    return this.byName.get(name)?.type.kind === 'enum';
  }
}

export function typeExpression(type: IrType, view: View, index: SchemaIndex): string {
  switch (type.kind) {
    case 'string':
      // A string of bytes is a file the caller sends: a multipart part takes a Blob or File
      // (runtime/internal/multipart-body.ts), or the text. A response's JSON can only hold the text.
      return view === 'write' && type.format === 'binary' ? 'string | globalThis.Blob' : 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'unknown':
      return 'unknown';
    case 'literal':
      // Open in responses, like an enum: the constant is what is expected, not all that may come.
      if (view === 'write') return JSON.stringify(type.value);
      return typeof type.value === 'boolean'
        ? 'boolean'
        : `${OPEN_ENUM}<${JSON.stringify(type.value)}>`;
    case 'enum': {
      const union = type.values.map((v) => JSON.stringify(v)).join(' | ');
      return view === 'read' ? `${OPEN_ENUM}<${union}>` : union;
    }
    case 'ref': {
      const name = index.typeName(type.name, view);
      return view === 'read' && index.isEnum(type.name) ? `${OPEN_ENUM}<${name}>` : name;
    }
    case 'array': {
      const items = typeExpression(type.items, view, index);
      // The client only reads what it sends, so requests take readonly arrays too (an `as const`
      // list, `CONNECTOR_TYPE_VALUES`); responses stay mutable arrays the caller owns.
      if (view === 'write')
        return needsParens(type.items) || type.items.kind === 'array' || isFile(type.items, view)
          ? `ReadonlyArray<${items}>`
          : `readonly ${items}[]`;
      return needsParens(type.items) ? `Array<${items}>` : `${items}[]`;
    }
    case 'object':
      return objectLiteralType(type, view, index);
    case 'union':
      return type.members.map((m) => typeExpression(m, view, index)).join(' | ');
    case 'intersection':
      return type.members.map((m) => wrap(typeExpression(m, view, index), m)).join(' & ');
  }
}

/** A string of bytes in a request: `string | globalThis.Blob`, a union in a list's brackets. */
function isFile(type: IrType, view: View): boolean {
  return view === 'write' && type.kind === 'string' && type.format === 'binary';
}

function needsParens(type: IrType): boolean {
  return (
    type.kind === 'union' ||
    type.kind === 'intersection' ||
    (type.kind === 'enum' && type.values.length > 1)
  );
}

function wrap(expression: string, type: IrType): string {
  return type.kind === 'union' ? `(${expression})` : expression;
}

/** Properties visible in a view: read-only ones are not sent, write-only ones not received. */
export function visibleProperties(type: IrObjectType, view: View) {
  return type.properties.filter((p) => (view === 'read' ? !p.writeOnly : !p.readOnly));
}

function objectLiteralType(type: IrObjectType, view: View, index: SchemaIndex): string {
  const members = visibleProperties(type, view).map(
    (p) => `${propertyKey(p.name)}${p.required ? '' : '?'}: ${typeExpression(p.type, view, index)}`,
  );
  const map = mapValueType(type, view, index);
  if (map !== undefined) members.push(`[key: string]: ${map}`);
  return members.length === 0 ? 'Record<string, unknown>' : `{ ${members.join('; ')} }`;
}

/**
 * Value type of an index signature: only for real maps (`additionalProperties` with a
 * schema). Open objects get none, so typos in property names still fail to compile.
 */
export function mapValueType(
  type: IrObjectType,
  view: View,
  index: SchemaIndex,
): string | undefined {
  if (type.additional === false || type.additional.kind === 'unknown') return undefined;
  const value = typeExpression(type.additional, view, index);
  // An index signature must admit every declared property's type.
  return type.properties.length === 0 ? value : 'unknown';
}
