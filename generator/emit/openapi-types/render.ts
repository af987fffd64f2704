/**
 * The declarations of `src/openapi-types.ts` (index.ts), rendered from the IR's document
 * mirror: `paths`, `webhooks`, `components`, `$defs` and `operations` in openapi-typescript's
 * shapes, its root types and enums where the options ask for them, and what keeps the module
 * type-checked where its shape would not compile (cycles.ts, refs.ts).
 */
import {
  StructureKind,
  type IndexSignatureDeclarationStructure,
  type InterfaceDeclarationStructure,
  type PropertySignatureStructure,
  type StatementStructures,
  type TypeAliasDeclarationStructure,
} from 'ts-morph';
import type { Ir, IrDocumentMirror, IrMirrorPath } from '../../ir/types.js';
import { OPENAPI_TYPE_NAMES, propertyKey } from '../../ir/names.js';
import { DocumentTypes } from './document-types.js';
import { settleOpenApiTypesOptions, type OpenApiTypesOptions } from './options.js';
import { rootTypeAliases, rootTypeNames } from './root-types.js';
import { MODULE_GLOBALS, schemaCycles } from './cycles.js';
import { refNullable, refResolver } from './refs.js';
import { MIRROR_HELPERS } from './schema-type.js';
import { MirrorEnums, type MirrorEnumDeclaration } from './enums.js';
import { templateOf } from './path-templates.js';

const OPERATIONS_DOC =
  'Every operation with an `operationId`, by it, as openapi-typescript writes `operations`.';

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

/** The module's declarations, and with the `enum` option the enums its types refer to. */
export interface RenderedOpenApiTypes {
  readonly statements: (StatementStructures | string)[];
  readonly enums: readonly MirrorEnumDeclaration[];
  /** The enums not declared, their name taken (enums.ts). */
  readonly withheld: readonly MirrorEnumDeclaration[];
}

/**
 * Renders the document's types. `packageNames`: the names the package exports from its other
 * modules, which an enum may not take. Everything is rendered in openapi-typescript's order
 * (paths with their operations, webhooks, components), which is the order `enum` declares
 * enums in.
 */
export function renderOpenApiTypes(
  ir: Ir,
  packageNames: ReadonlySet<string>,
  options?: OpenApiTypesOptions,
): RenderedOpenApiTypes {
  const settled = settleOpenApiTypesOptions(options);
  const mirror = ir.mirror ?? EMPTY;
  const { components } = mirror;
  const resolves = refResolver(mirror);
  // The names the module declares besides the schemas' aliases and enums, and the globals its text reads.
  const declared = [
    ...OPENAPI_TYPE_NAMES,
    ...(settled.rootTypes ? rootTypeNames(mirror, settled.enum).map(({ name }) => name) : []),
    ...Object.keys(MIRROR_HELPERS),
    ...MODULE_GLOBALS,
  ];
  const cycles = schemaCycles(components.schemas, declared, resolves);
  // An enum takes none of those, nor a cycle's alias, nor a name the package exports.
  const enums = settled.enum
    ? new MirrorEnums(new Set([...packageNames, ...declared, ...cycles.aliases.values()]))
    : undefined;
  const render = new DocumentTypes(settled, resolves, cycles, refNullable(mirror), enums);
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
  // With `pathParamsAsTypes`, openapi-typescript's `paths` declares keys that its template keys
  // also match (`/user/login` and `/user/${string}`), which TypeScript rejects in the declaring
  // file (TS2411, TS2413) while every access still resolves; its users' skipLibCheck hides
  // that, and only this option's shape has it, so only then is the module left unchecked.
  const overlappingKeys =
    paths.indexSignatures.length > 0 && paths.indexSignatures.length + paths.properties.length > 1;
  const statements = [
    ...(overlappingKeys ? ['// @ts-nocheck'] : []),
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
    ...render.cycleAliases(components.schemas),
    ...render.helpers(),
  ];
  return { statements, enums: enums?.declarations ?? [], withheld: enums?.withheld ?? [] };
}
