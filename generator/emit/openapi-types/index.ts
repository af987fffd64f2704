/**
 * `src/openapi-types.ts`: the types openapi-typescript 7 gives for the document (`paths`,
 * `webhooks`, `components`, `$defs`, `operations`, and with `rootTypes` its `SchemaPet`…
 * aliases), with the same structure and keys, so code written against its output indexes
 * ours unchanged: `paths['/pets/{petId}']['get']['responses'][200]['content']['application/json']`.
 * They are rendered from the IR's document mirror (`IrDocumentMirror`), not from the package's
 * own types, which differ on purpose (open enums, read and write views, dates).
 */
import {
  StructureKind,
  type StatementStructures,
  type IndexSignatureDeclarationStructure,
  type InterfaceDeclarationStructure,
  type PropertySignatureStructure,
  type TypeAliasDeclarationStructure,
} from 'ts-morph';
import type {
  Ir,
  IrDocumentMirror,
  IrMirrorParameter,
  IrMirrorPath,
  IrMirrorRef,
  IrMirrorSchema,
} from '../../ir/types.js';
import { typescriptFile, type TypeScriptFile } from '../common/model.js';
import { DocumentTypes } from './document-types.js';
import { settleOpenApiTypesOptions, type OpenApiTypesOptions } from './options.js';
import { rootTypeAliases, rootTypeNames } from './root-types.js';
import { enumStructure, MirrorEnums, type MirrorEnumDeclaration } from './enums.js';
import { diagnosticAt, type Diagnostic, type Locatable } from '../../shared/diagnostics.js';
import { OPENAPI_TYPE_NAMES, propertyKey } from '../../ir/names.js';
import type { Plan } from '../../plan/types.js';
import { reservedNames } from '../../plan/reserved.js';

export { type OpenApiTypesOptions, OPENAPI_TYPES_OPTION_NAMES } from './options.js';

export const OPENAPI_TYPES_MODULE = 'openapi-types.ts';

const OPERATIONS_DOC =
  'Every operation with an `operationId`, by it, as openapi-typescript writes `operations`.';

/** What the package index re-exports from the module: types, and with the `enum` option values. */
export interface OpenApiTypeExports {
  readonly typeNames: readonly string[];
  readonly valueNames: readonly string[];
}

/** The names the package exports from its other modules (its schemas', operations', the runtime's). */
function packageNames(ir: Ir, plan: Plan): Set<string> {
  return new Set<string>([
    ...[...plan.schemas.values()].flatMap((s) => [s.type, ...(s.request ? [s.request] : [])]),
    ...[...plan.operations.values()].flatMap((o) =>
      Object.values(o).filter((v) => typeof v === 'string'),
    ),
    ...reservedNames(ir.info.lib),
  ]);
}

/**
 * The names the package index re-exports from the module: the five the plan keeps free, with
 * `rootTypes` each alias no schema's or operation's name already takes (such an alias is still
 * declared in `src/openapi-types.ts`, where it does not clash), and with `enum` each enum.
 */
export function openApiTypeExports(
  ir: Ir,
  plan: Plan,
  options: OpenApiTypesOptions | undefined,
): OpenApiTypeExports {
  const settled = settleOpenApiTypesOptions(options);
  if ((!settled.rootTypes && !settled.enum) || ir.mirror === undefined)
    return { typeNames: [...OPENAPI_TYPE_NAMES], valueNames: [] };
  const taken = packageNames(ir, plan);
  const aliases = settled.rootTypes
    ? rootTypeNames(ir.mirror, settled.enum).flatMap(({ name }) => (taken.has(name) ? [] : [name]))
    : [];
  return {
    typeNames: [...OPENAPI_TYPE_NAMES, ...aliases],
    valueNames: settled.enum ? renderOpenApiTypes(ir, plan, options).enums.map((e) => e.name) : [],
  };
}

/**
 * A located warning for each enum `openapiTypes.enum` does not declare because the package
 * exports its name already: the package's own export of that name is what
 * `import { OrderState } from '<package>'` finds, and the types take the enum's values.
 */
export function withheldEnumWarnings(
  document: Locatable,
  ir: Ir,
  plan: Plan,
  options: OpenApiTypesOptions | undefined,
): Diagnostic[] {
  return renderOpenApiTypes(ir, plan, options).withheld.map((e) =>
    diagnosticAt(
      document,
      'openapi-enum-name-taken',
      e.at,
      `openapiTypes.enum: ${e.name}, the enum openapi-typescript declares for this schema, is a name the package exports already (for a named enum schema, its own object of the values); the types take the values, so that one's members fit where openapi-typescript's enum would`,
      {
        severity: 'warning',
        hint: `import ${e.name} from the package as before; compare its members' names with openapi-typescript's where a value is not an identifier`,
      },
    ),
  );
}

const EMPTY: IrDocumentMirror = {
  paths: [],
  components: {
    schemas: [],
    responses: [],
    parameters: [],
    requestBodies: [],
    headers: [],
    pathItems: [],
  },
  operations: [],
};

export function emitOpenApiTypes(
  ir: Ir,
  plan: Plan,
  path: string,
  options?: OpenApiTypesOptions,
): TypeScriptFile {
  const { statements, enums } = renderOpenApiTypes(ir, plan, options);
  return typescriptFile(path, [...statements, ...enums.map(enumStructure)]);
}

/**
 * The module's declarations, and with the `enum` option the enums the types refer to, met in
 * openapi-typescript's order (paths with their operations, webhooks, components).
 */
function renderOpenApiTypes(
  ir: Ir,
  plan: Plan,
  options?: OpenApiTypesOptions,
): {
  statements: (StatementStructures | string)[];
  enums: readonly MirrorEnumDeclaration[];
  withheld: readonly MirrorEnumDeclaration[];
} {
  const settled = settleOpenApiTypesOptions(options);
  const mirror = ir.mirror ?? EMPTY;
  const enums = settled.enum ? new MirrorEnums(packageNames(ir, plan)) : undefined;
  const render = new DocumentTypes(settled, enums);
  const ro = settled.immutable;
  const member = (
    name: string,
    type: string,
    doc: string,
    isReadonly = ro,
  ): PropertySignatureStructure => ({
    kind: StructureKind.PropertySignature,
    name: propertyKey(name),
    type,
    isReadonly,
    docs: [doc],
  });
  const pathsOf = (paths: readonly IrMirrorPath[], asTemplates: boolean) => {
    const properties: PropertySignatureStructure[] = [];
    const indexSignatures: IndexSignatureDeclarationStructure[] = [];
    for (const { key, item, pathParameterTypes } of paths.map((p) => ({
      ...p,
      pathParameterTypes: asTemplates ? templateOf(p, mirror) : undefined,
    }))) {
      const type = render.pathItem(item);
      if (pathParameterTypes === undefined)
        properties.push(member(key, type, `The operations at \`${key}\`, by method.`));
      else
        indexSignatures.push({
          kind: StructureKind.IndexSignature,
          keyName: 'path',
          keyType: pathParameterTypes,
          returnType: type,
          isReadonly: ro,
        });
    }
    return { properties, indexSignatures };
  };
  const emptyRecord = (name: string, doc: string): TypeAliasDeclarationStructure => ({
    kind: StructureKind.TypeAlias,
    name,
    isExported: true,
    type: 'Record<string, never>',
    docs: [doc],
  });
  const anInterface = (
    name: string,
    doc: string,
    body: {
      properties: PropertySignatureStructure[];
      indexSignatures?: IndexSignatureDeclarationStructure[];
    },
  ): InterfaceDeclarationStructure => ({
    kind: StructureKind.Interface,
    name,
    isExported: true,
    docs: [doc],
    ...body,
  });
  // Rendered in openapi-typescript's order, which is the order `enum` declares enums in.
  const paths = pathsOf(mirror.paths, settled.pathParamsAsTypes);
  const operations =
    mirror.operations.length === 0
      ? emptyRecord('operations', OPERATIONS_DOC)
      : anInterface('operations', OPERATIONS_DOC, {
          properties: mirror.operations.map(({ id, operation }) =>
            member(
              id,
              render.operation(operation),
              `The operation \`${id}\`: its parameters, request body and responses.`,
            ),
          ),
        });
  const webhooks =
    mirror.webhooks === undefined
      ? emptyRecord('webhooks', 'The document declares no webhooks; kept for code that imports it.')
      : anInterface(
          'webhooks',
          'The webhooks the document declares, shaped as `paths` is.',
          pathsOf(mirror.webhooks, false),
        );
  const { components } = mirror;
  const section = (entries: readonly { key: string; type: string }[]) =>
    entries.length === 0
      ? 'never'
      : `{ ${entries.map((e) => `${ro ? 'readonly ' : ''}${propertyKey(e.key)}: ${e.type};`).join(' ')} }`;
  const componentSections: [string, string][] = [
    [
      'schemas',
      section(
        components.schemas.map((s) => ({
          key: s.key,
          type: render.schema(s.type),
        })),
      ),
    ],
    [
      'responses',
      section(
        components.responses.map((r) => ({ key: r.key, type: render.responseOrRef(r.response) })),
      ),
    ],
    [
      'parameters',
      section(
        components.parameters.map((p) => ({
          key: p.key,
          type: render.parameterOrRef(p.parameter),
        })),
      ),
    ],
    [
      'requestBodies',
      section(
        components.requestBodies.map((b) => ({ key: b.key, type: render.bodyOrRef(b.body) })),
      ),
    ],
    [
      'headers',
      section(components.headers.map((h) => ({ key: h.key, type: render.headerOrRef(h.header) }))),
    ],
    [
      'pathItems',
      section(components.pathItems.map((p) => ({ key: p.key, type: render.pathItem(p.item) }))),
    ],
  ];
  const statements: (StatementStructures | string)[] = [
    // openapi-typescript's shapes are kept even where TypeScript cannot resolve them: a
    // recursive union written through indexed access (`Json: string | components['schemas']['Json'][]`)
    // is TS2502 in its output as in ours, where its users' skipLibCheck hides it. Checked, the
    // package would not build for such a document; unchecked, that member reads as `any`, as
    // it does for openapi-typescript's users, and every other type stays exact.
    '// @ts-nocheck',
    anInterface(
      'paths',
      "Every path of the document, as openapi-typescript writes `paths`: each method's parameters, request body and responses.",
      paths,
    ),
    webhooks,
    anInterface(
      'components',
      "The document's reusable parts by section, as openapi-typescript writes `components`.",
      {
        properties: componentSections.map(([name, type]) =>
          member(name, type, `The document's \`${name}\`, by the names it gives them.`, false),
        ),
      },
    ),
    ...(settled.rootTypes ? rootTypeAliases(mirror, settled.enum) : []),
    emptyRecord(
      '$defs',
      "openapi-typescript's `$defs`, empty here; kept for code that imports it.",
    ),
    operations,
    ...render.helpers(),
  ];
  return {
    statements,
    enums: enums?.declarations ?? [],
    withheld: enums?.withheld ?? [],
  };
}

/**
 * A path key with `{parameters}` as openapi-typescript's `--path-params-as-types` writes it: a
 * template literal with `${number}` or `${boolean}` for a parameter of that schema type and
 * `${string}` for any other. Undefined for a path without parameters, which stays a plain key.
 */
function templateOf(path: IrMirrorPath, mirror: IrDocumentMirror): string | undefined {
  if (!path.key.includes('{') || 'kind' in path.item) return undefined;
  const item = path.item;
  // Where openapi-typescript looks for a path parameter: the path item's, then each operation's.
  const operations = item.methods.map(({ operation }) =>
    operation.kind === 'operation'
      ? mirror.operations.find((o) => o.id === operation.id)?.operation
      : operation,
  );
  const typeOf = (name: string) =>
    [item.parameters, ...operations.flatMap((o) => (o ? [o.parameters] : []))]
      .flatMap((p) => p.path)
      .find((use) => use.name === name);
  let text = '';
  let rest = path.key;
  for (;;) {
    const open = rest.indexOf('{');
    const close = open < 0 ? -1 : rest.indexOf('}', open);
    if (close < 0) break;
    text += escapeTemplate(rest.slice(0, open));
    const use = typeOf(rest.slice(open + 1, close));
    const schema = use === undefined ? undefined : parameterType(use.parameter, mirror);
    const keyword = schema?.kind === 'keyword' ? schema.keyword : undefined;
    text += keyword === 'number' ? '${number}' : keyword === 'boolean' ? '${boolean}' : '${string}';
    rest = rest.slice(close + 1);
  }
  return `\`${text}${escapeTemplate(rest)}\``;
}

function escapeTemplate(text: string): string {
  return text.replace(/[`\\]|\$\{/g, (m) => (m === '${' ? '\\${' : `\\${m}`));
}

/** A parameter's type, through a ref to `components.parameters`. */
function parameterType(
  parameter: IrMirrorParameter | IrMirrorRef,
  mirror: IrDocumentMirror,
  seen = new Set<string>(),
): IrMirrorSchema | undefined {
  if (!('kind' in parameter)) return parameter.type;
  if (parameter.section !== 'parameters' || seen.has(parameter.key)) return undefined;
  seen.add(parameter.key);
  const target = mirror.components.parameters.find((p) => p.key === parameter.key);
  return target === undefined ? undefined : parameterType(target.parameter, mirror, seen);
}
