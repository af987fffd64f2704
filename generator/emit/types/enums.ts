/**
 * The `enums` module: for each named enum a const object (for `PowerGroup.fast`), a union
 * type of its values, a readonly list of them, and a guard. Guards are `switch`es rather
 * than module-level Sets so that the module has no top-level work and tree-shakes cleanly.
 */
import {
  StructureKind,
  VariableDeclarationKind,
  type StatementStructures,
  type WriterFunction,
} from 'ts-morph';
import type { Ir, IrEnum } from '../../ir/types.js';
import { constantCase, enumMemberKeys } from '../../ir/names.js';
import { docs, escapeDocText } from '../common/doc-comments.js';
import type { EmittedFile } from '../common/model.js';
import { OPEN_ENUM } from '../common/type-expr.js';
import { typescriptFile } from '../common/model.js';

export function enumValuesName(name: string): string {
  return `${constantCase(name)}_VALUES`;
}

export function enumGuardName(name: string): string {
  return `is${name}`;
}

/** The members of an enum's const object: key and wire value, in spec order. */
export function enumMembers(
  e: IrEnum,
): { readonly key: string; readonly value: string | number }[] {
  const keys = enumMemberKeys(e.values);
  return e.values.map((value, i) => ({ key: keys[i]!, value }));
}

/**
 * The naming rule, said where a reader looks (the enum's hover, the README, api.md), with
 * this enum's own first member as the example and, when it has one, a derived name too.
 */
export function enumNamingRule(e: IrEnum): string {
  const members = enumMembers(e);
  const own = members.find((m) => m.key === m.value);
  const derived = members.find((m) => m.key !== m.value);
  const example = (m: { key: string; value: string | number }) =>
    `\`${e.name}.${m.key}\` is \`${JSON.stringify(m.value)}\``;
  return [
    'Members are named after their wire values',
    own ? ` (${example(own)})` : '',
    '; a value that is not a valid identifier, or is a keyword, gets a name derived from it',
    derived ? ` (${example(derived)})` : '',
    '.',
  ].join('');
}

export function emitEnums(ir: Pick<Ir, 'enums'>, path: string): EmittedFile {
  return typescriptFile(
    path,
    [openEnumType(), ...ir.enums.flatMap(enumStatements)],
    Object.fromEntries(ir.enums.map((e) => [e.name, enumMembers(e).map((m) => m.key)])),
  );
}

function openEnumType(): StatementStructures {
  return {
    kind: StructureKind.TypeAlias,
    name: OPEN_ENUM,
    isExported: true,
    typeParameters: [{ name: 'T', constraint: 'string | number' }],
    // `string & {}` keeps editor completion for the known values while admitting others.
    type: 'T | (T extends string ? string & {} : number & {})',
    docs: docs({
      description:
        "An enum as received in responses: one of the known values, or a value the API added after this client was generated. Narrow it with the enum's guard (for example `isEvseStatus`) before relying on the known values.",
    }),
  };
}

function enumStatements(e: IrEnum): StatementStructures[] {
  const members = enumMembers(e);
  const objectLiteral: WriterFunction = (w) => {
    w.write('{').newLine();
    // Each member gets its own doc comment so hovering `${e.name}.Member` names the wire value.
    w.indent(() =>
      members.forEach((m) => {
        w.writeLine(
          `/** {@link ${e.name}} value \`${escapeDocText(JSON.stringify(m.value))}\` on the wire. */`,
        );
        w.writeLine(`${m.key}: ${JSON.stringify(m.value)},`);
      }),
    );
    w.write('} as const');
  };
  const list: WriterFunction = (w) =>
    w.write(`[${e.values.map((v) => JSON.stringify(v)).join(', ')}] as const`);
  const guard: WriterFunction = (w) => {
    w.writeLine('switch (value) {');
    w.indent(() => {
      e.values.forEach((v) => w.writeLine(`case ${JSON.stringify(v)}:`));
      w.indent(() => w.writeLine('return true;'));
      w.writeLine('default:');
      w.indent(() => w.writeLine('return false;'));
    });
    w.writeLine('}');
  };
  return [
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: e.name, initializer: objectLiteral }],
      docs: docs({ ...e, notes: [enumNamingRule(e)] }),
    },
    {
      kind: StructureKind.TypeAlias,
      name: e.name,
      isExported: true,
      type: `(typeof ${e.name})[keyof typeof ${e.name}]`,
      docs: docs(e),
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: enumValuesName(e.name), initializer: list }],
      docs: docs({
        description: `Every value of {@link ${e.name}}, in the order the spec lists them.`,
      }),
    },
    {
      kind: StructureKind.Function,
      name: enumGuardName(e.name),
      isExported: true,
      parameters: [{ name: 'value', type: 'unknown' }],
      returnType: `value is ${e.name}`,
      statements: guard,
      docs: docs({
        description: `Whether \`value\` is one of the values of {@link ${e.name}} known to this client.`,
      }),
    },
  ];
}
