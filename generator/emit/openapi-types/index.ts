/**
 * `src/openapi-types.ts`: the types openapi-typescript 7 gives for the document (`paths`,
 * `webhooks`, `components`, `$defs`, `operations`, and with `rootTypes` its `SchemaPet`…
 * aliases), with the same structure and keys, so code written against its output indexes
 * ours unchanged: `paths['/pets/{petId}']['get']['responses'][200]['content']['application/json']`.
 * They are rendered from the IR's document mirror (`IrDocumentMirror`), not from the package's
 * own types, which differ on purpose (open enums, read and write views, dates).
 * The module is type-checked like the rest of the package: where openapi-typescript's shape
 * does not compile, ours names a recursive schema by a module-local alias (cycles.ts) and
 * types a ref to a member that does not exist as `unknown` (refs.ts).
 */
import {
  StructureKind,
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
import { schemaCycles } from './cycles.js';
import { refNullable, refResolver } from './refs.js';
import { MIRROR_HELPERS } from './schema-type.js';
import { OPENAPI_TYPE_NAMES, propertyKey } from '../../ir/names.js';
import type { Plan } from '../../plan/types.js';
import { reservedNames } from '../../plan/reserved.js';

export { type OpenApiTypesOptions, OPENAPI_TYPES_OPTION_NAMES } from './options.js';

export const OPENAPI_TYPES_MODULE = 'openapi-types.ts';

/**
 * The names the package index re-exports from the module: the five the plan keeps free, and
 * with `rootTypes` each alias no schema's or operation's name already takes (such an alias is
 * still exported by the module, `src/openapi-types.ts`, where it does not clash).
 */
const OPERATIONS_DOC =
  'Every operation with an `operationId`, by it, as openapi-typescript writes `operations`.';

export function openApiTypeExports(
  ir: Ir,
  plan: Plan,
  options: OpenApiTypesOptions | undefined,
): string[] {
  if (!settleOpenApiTypesOptions(options).rootTypes || ir.mirror === undefined)
    return [...OPENAPI_TYPE_NAMES];
  const taken = new Set<string>([
    ...[...plan.schemas.values()].flatMap((s) => [s.type, ...(s.request ? [s.request] : [])]),
    ...[...plan.operations.values()].flatMap((o) =>
      Object.values(o).filter((v) => typeof v === 'string'),
    ),
    ...reservedNames(ir.info.lib),
  ]);
  return [
    ...OPENAPI_TYPE_NAMES,
    ...rootTypeNames(ir.mirror).flatMap(({ name }) => (taken.has(name) ? [] : [name])),
  ];
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
  path: string,
  options?: OpenApiTypesOptions,
): TypeScriptFile {
  const settled = settleOpenApiTypesOptions(options);
  const mirror = ir.mirror ?? EMPTY;
  const { components } = mirror;
  const resolves = refResolver(mirror);
  const cycles = schemaCycles(
    components.schemas,
    [
      ...OPENAPI_TYPE_NAMES,
      ...(settled.rootTypes ? rootTypeNames(mirror).map(({ name }) => name) : []),
      ...Object.keys(MIRROR_HELPERS),
    ],
    resolves,
  );
  const render = new DocumentTypes(settled, resolves, cycles, refNullable(mirror));
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
          type: cycles.aliases.get(s.key) ?? render.schema(s.type),
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
  // With `pathParamsAsTypes`, openapi-typescript's `paths` declares keys that its template keys
  // also match (`/user/login` and `/user/${string}`), which TypeScript rejects in the declaring
  // file (TS2411, TS2413) while every access still resolves; its users' skipLibCheck hides
  // that, and only this option's shape has it, so only then is the module left unchecked.
  const overlappingKeys =
    paths.indexSignatures.length > 0 && paths.indexSignatures.length + paths.properties.length > 1;
  return typescriptFile(path, [
    ...(overlappingKeys ? ['// @ts-nocheck'] : []),
    anInterface(
      'paths',
      "Every path of the document, as openapi-typescript writes `paths`: each method's parameters, request body and responses.",
      paths,
    ),
    mirror.webhooks === undefined
      ? emptyRecord('webhooks', 'The document declares no webhooks; kept for code that imports it.')
      : anInterface(
          'webhooks',
          'The webhooks the document declares, shaped as `paths` is.',
          pathsOf(mirror.webhooks, false),
        ),
    anInterface(
      'components',
      "The document's reusable parts by section, as openapi-typescript writes `components`.",
      {
        properties: componentSections.map(([name, type]) =>
          member(name, type, `The document's \`${name}\`, by the names it gives them.`, false),
        ),
      },
    ),
    ...(settled.rootTypes ? rootTypeAliases(mirror) : []),
    emptyRecord(
      '$defs',
      "openapi-typescript's `$defs`, empty here; kept for code that imports it.",
    ),
    operations,
    ...render.cycleAliases(components.schemas),
    ...render.helpers(),
  ]);
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
