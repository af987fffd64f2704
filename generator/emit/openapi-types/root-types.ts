/**
 * openapi-typescript's `--root-types`: an alias beside `components` for each component,
 * `Schema` + its key in PascalCase (`SchemaPet`, `ResponseNotFound`, `ParameterLimit`), a
 * second alias of one name taking `_2`. The case is change-case's `pascalCase`, which
 * openapi-typescript uses, so the names match its output.
 */
import { StructureKind, type TypeAliasDeclarationStructure } from 'ts-morph';
import type { IrDocumentMirror } from '../../ir/types.js';
import { componentAccess } from './schema-type.js';

const PREFIXES = {
  schemas: 'Schema',
  responses: 'Response',
  parameters: 'Parameter',
  requestBodies: 'RequestBody',
  headers: 'Header',
  pathItems: 'PathItem',
} as const;

/**
 * Every root alias in openapi-typescript's order, with the component it names. With `--enum`
 * a schema of listed values has none: the enum declared for it is the one to import.
 */
export function rootTypeNames(
  mirror: IrDocumentMirror,
  enums = false,
): { name: string; access: string }[] {
  const taken = new Set<string>();
  const { components } = mirror;
  const keys: Record<keyof typeof PREFIXES, readonly { key: string }[]> = {
    schemas: enums ? components.schemas.filter((s) => !s.listsValues) : components.schemas,
    responses: components.responses,
    parameters: components.parameters,
    requestBodies: components.requestBodies,
    headers: components.headers,
    pathItems: components.pathItems,
  };
  return (Object.keys(PREFIXES) as (keyof typeof PREFIXES)[]).flatMap((section) =>
    keys[section].map(({ key }) => {
      const base = `${PREFIXES[section]}${pascalCase(key)}`;
      let name = base;
      for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
      taken.add(name);
      return { name, access: componentAccess(section, key) };
    }),
  );
}

export function rootTypeAliases(
  mirror: IrDocumentMirror,
  enums = false,
): TypeAliasDeclarationStructure[] {
  return rootTypeNames(mirror, enums).map(({ name, access }) => ({
    kind: StructureKind.TypeAlias,
    name,
    isExported: true,
    type: access,
  }));
}

/** change-case 5's `pascalCase`: words split at case changes and other characters; a later word starting with a digit takes `_`. */
export function pascalCase(text: string): string {
  const words = text
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1\0$2')
    .replace(/(\p{Lu})([\p{Lu}][\p{Ll}])/gu, '$1\0$2')
    .split(/[^\p{L}\d]+/u)
    .filter((w) => w !== '');
  return words
    .map((word, i) => {
      const first = word[0]!;
      const initial = i > 0 && first >= '0' && first <= '9' ? `_${first}` : first.toUpperCase();
      return initial + word.slice(1).toLowerCase();
    })
    .join('');
}
