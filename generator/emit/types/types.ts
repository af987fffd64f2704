/**
 * The `types` module: one exported type per schema view. Objects become interfaces (they
 * read better on hover and in diffs), everything else a type alias.
 */
import {
  StructureKind,
  type InterfaceDeclarationStructure,
  type OptionalKind,
  type PropertySignatureStructure,
  type TypeAliasDeclarationStructure,
} from 'ts-morph';
import type { Ir, IrObjectType, IrSchema, IrType, View } from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import { constraintNotes, docs, typeDescription } from '../common/doc-comments.js';
import type { EmittedFile } from '../common/model.js';
import {
  OPEN_ENUM,
  SchemaIndex,
  mapValueType,
  typeExpression,
  visibleProperties,
  schemaIndexOf,
} from '../common/type-expr.js';
import { moduleImport } from '../common/imports.js';
import { isConstant } from '../../ir/views.js';
import { typescriptFile } from '../common/model.js';

export interface SchemaDeclaration {
  readonly schema: IrSchema;
  readonly view: View;
  readonly name: string;
}

/** The declarations to emit for each non-enum schema, in document order. */
export function schemaDeclarations(ir: Pick<Ir, 'schemas'>): SchemaDeclaration[] {
  return ir.schemas.flatMap((schema): SchemaDeclaration[] => {
    switch (schema.views) {
      case 'read':
      case 'shared':
        return [{ schema, view: 'read', name: schema.name }];
      case 'write':
        return [{ schema, view: 'write', name: schema.name }];
      case 'split':
        return [
          { schema, view: 'read', name: schema.name },
          { schema, view: 'write', name: schema.requestName! },
        ];
    }
  });
}

/**
 * The module, or none when the document declares no schema other than enums: a file without
 * an import or export is a script, not a module, and `export * from './types.js'` in the
 * index would not compile under CommonJS (TS2306). Nothing imports it then either.
 */
export function emitTypes(ir: Ir, path: string): EmittedFile | undefined {
  const index = schemaIndexOf(ir);
  const declarations = schemaDeclarations({
    schemas: ir.schemas.filter((s) => s.type.kind !== 'enum'),
  });
  if (declarations.length === 0) return undefined;
  const enumNames = new Set<string>();
  let usesOpenEnum = false;
  for (const { schema, view } of declarations) {
    const exact = exactConstants(schema, index);
    visitTypes(schema.type, (type) => {
      if (type.kind === 'ref' && index.isEnum(type.name)) {
        enumNames.add(type.name);
        if (view === 'read') usesOpenEnum = true;
      }
      if (type.kind === 'enum' && view === 'read') usesOpenEnum = true;
      if (
        type.kind === 'literal' &&
        typeof type.value !== 'boolean' &&
        view === 'read' &&
        !exact.has(type)
      )
        usesOpenEnum = true;
    });
  }
  const imported = [
    ...(usesOpenEnum ? [OPEN_ENUM] : []),
    ...ir.enums.map((e) => e.name).filter((n) => enumNames.has(n)),
  ];
  return typescriptFile(path, [
    ...(imported.length > 0 ? [moduleImport('./enums.js', imported, true)] : []),
    ...declarations.map((d) => declarationStructure(d, index)),
  ]);
}

function declarationStructure(
  { schema, view, name }: SchemaDeclaration,
  index: SchemaIndex,
): InterfaceDeclarationStructure | TypeAliasDeclarationStructure {
  const note =
    schema.views === 'split'
      ? [
          view === 'write'
            ? `Request form of {@link ${schema.name}}: without read-only fields, enums and constants closed, formats checked.`
            : `Response form; send {@link ${schema.requestName}} in requests.`,
        ]
      : [];
  const jsDocs = docs({ ...schema, notes: note });
  if (schema.type.kind === 'object') {
    const map = mapValueType(schema.type, view, index);
    return {
      kind: StructureKind.Interface,
      name,
      isExported: true,
      docs: jsDocs,
      properties: properties(schema.type, view, index, index.isUnionMember(schema.name)),
      indexSignatures:
        map === undefined ? [] : [{ keyName: 'key', keyType: 'string', returnType: map }],
    };
  }
  return {
    kind: StructureKind.TypeAlias,
    name,
    isExported: true,
    docs: jsDocs,
    type: typeExpression(schema.type, view, index),
  };
}

/** The constant types of a union member's own properties: they stay exact in responses, to tell the members apart. */
function exactConstants(schema: IrSchema, index: SchemaIndex): ReadonlySet<IrType> {
  if (schema.type.kind !== 'object' || !index.isUnionMember(schema.name)) return new Set();
  return new Set(
    schema.type.properties
      .filter((p) => isConstant(p.type))
      .flatMap((p) => (p.type.kind === 'union' ? p.type.members : [p.type])),
  );
}

function properties(
  type: IrObjectType,
  view: View,
  index: SchemaIndex,
  unionMember: boolean,
): OptionalKind<PropertySignatureStructure>[] {
  return visibleProperties(type, view).map((p) => ({
    name: propertyKey(p.name),
    type: typeExpression(p.type, unionMember && isConstant(p.type) ? 'write' : view, index),
    hasQuestionToken: !p.required,
    isReadonly: view === 'read' && p.readOnly,
    docs: docs({
      ...p,
      description:
        p.description ?? (p.title ? undefined : typeDescription(p.type, (name) => index.get(name))),
      notes: constraintNotes(p.type),
      defaultValue: p.default,
    }),
  }));
}

/** Visits a type and every type nested in it (not following refs). */
export function visitTypes(type: IrType, visit: (type: IrType) => void): void {
  visit(type);
  switch (type.kind) {
    case 'array':
      visitTypes(type.items, visit);
      return;
    case 'object':
      type.properties.forEach((p) => visitTypes(p.type, visit));
      if (type.additional) visitTypes(type.additional, visit);
      return;
    case 'union':
    case 'intersection':
      type.members.forEach((m) => visitTypes(m, visit));
      return;
    default:
      return;
  }
}
