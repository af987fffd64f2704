/**
 * Validated document → Ir. The only stage that reads raw OpenAPI; everything after it
 * works on the typed IR.
 */
import { hasErrors, type Diagnostic } from '../shared/diagnostics.js';
import type { SourceDocument } from '../load/load.js';
import type { Ir, IrEnum, IrSchema, IrServer, IrType } from './types.js';
import { asNumber, asObject, asString, entries, joinPointer, Reporter } from './raw.js';
import { convertSchema, schemaDocs, type SchemaContext } from './schema.js';
import { buildOperations } from './operations.js';
import { reportOas32LeftOut } from './oas32-left-out.js';
import { Hoisting } from './hoist.js';
import { assignViews } from './views.js';
import { groupResources } from './resources.js';
import { NameRegistry, words } from './names.js';
import { buildMirror } from './mirror.js';

export interface BuildResult {
  readonly ir?: Ir;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The IR names nothing: a schema is known by its JSON pointer (`/components/schemas/User`,
 * which refs carry), an operation by the place the spec gives it. The plan stage
 * (`plan/plan.ts`) decides every name the package exports and binds them into the IR.
 */
export function buildIr(source: SourceDocument): BuildResult {
  const root = source.value;
  const reporter = new Reporter(source);
  const rawSchemas = entries(asObject(asObject(root)?.components)?.schemas);
  // Every component's id is known before any schema is converted, so refs resolve in one pass.
  const schemaIds = new Map(
    rawSchemas.map(([key]) => [key, joinPointer('/components/schemas', key)] as const),
  );
  const hoisting = new Hoisting();
  const ctx: SchemaContext = { root, reporter, schemaIds, inlining: new Set(), hoisting };

  const components = rawSchemas.map(([key, raw]) => ({
    sourceName: key,
    pointer: schemaIds.get(key)!,
    name: schemaIds.get(key)!,
    type: convertSchema(raw, joinPointer('/components/schemas', key), ctx),
    docs: schemaDocs(asObject(raw) ?? {}),
  }));
  const withHoisted = () => [
    ...components,
    ...hoisting.all().map((h) => ({ ...h, name: h.pointer, sourceName: h.pointer })),
  ];
  const schemaTypes = new Map<string, IrType>(withHoisted().map((s) => [s.name, s.type]));
  reportOas32LeftOut(ctx.root, ctx.reporter, source.files.length > 1);
  const operations = buildOperations(ctx, schemaTypes);
  // Operations may hoist schemas of their own (a recursive schema inside a path).
  const converted = withHoisted();
  for (const s of converted) schemaTypes.set(s.name, s.type);
  const sourceNameOf = (id: string) => converted.find((s) => s.name === id)?.sourceName ?? id;
  for (const s of converted) {
    const cycle = directCycle(s.name, schemaTypes);
    if (cycle) {
      reporter.error(
        'schema-cycle',
        s.pointer,
        `schema '${s.sourceName}' is defined only in terms of itself (${cycle.map(sourceNameOf).join(' → ')}), so no value can match it`,
        'give one schema in the cycle properties or items of its own, so the recursion goes through an object or an array',
      );
    }
  }
  const views = assignViews(schemaTypes, operations);

  const schemas: IrSchema[] = converted.map((s) => {
    const view = views.get(s.name)!;
    return {
      name: s.name,
      sourceName: s.sourceName,
      type: s.type,
      ...s.docs,
      views: view,
    };
  });
  const enums: IrEnum[] = schemas.flatMap((s) =>
    s.type.kind === 'enum'
      ? [
          {
            name: s.name,
            values: s.type.values,
            ...(s.description !== undefined ? { description: s.description } : {}),
          },
        ]
      : [],
  );

  if (hasErrors(reporter.diagnostics)) return { diagnostics: reporter.diagnostics };
  return {
    ir: {
      info: buildInfo(root),
      servers: buildServers(root),
      schemas,
      enums,
      operations,
      resources: groupResources(operations),
      mirror: buildMirror(source),
    },
    diagnostics: reporter.diagnostics,
  };
}

/**
 * The path back to `name` through refs, unions and intersections alone (`A: {$ref: B}`,
 * `B: {allOf: [{$ref: A}]}`), if there is one. Recursion through an object's properties or
 * an array's items is fine; without one of those in the loop, the type is its own
 * definition, which TypeScript rejects ("circularly references itself").
 */
function directCycle(name: string, schemas: ReadonlyMap<string, IrType>): string[] | undefined {
  const visit = (type: IrType, path: readonly string[]): string[] | undefined => {
    switch (type.kind) {
      case 'ref': {
        if (type.name === name) return [...path, name];
        if (path.includes(type.name)) return undefined;
        const target = schemas.get(type.name);
        return target ? visit(target, [...path, type.name]) : undefined;
      }
      case 'union':
      case 'intersection':
        for (const member of type.members) {
          const found = visit(member, path);
          if (found) return found;
        }
        return undefined;
      default:
        return undefined;
    }
  };
  const start = schemas.get(name);
  return start ? visit(start, [name]) : undefined;
}

function buildInfo(root: unknown) {
  const info = asObject(asObject(root)?.info);
  const title = asString(info?.title) ?? 'API';
  const description = asString(info?.description);
  const packageName =
    asString(info?.['x-package-name']) ?? `${words(title).join('-').toLowerCase()}-client`;
  // The SDK extensions are optional; validation has already refused values of the wrong type.
  const sdk = {
    tokenEnvVar: asString(info?.['x-sdk-token-env']),
    clientHeader: asString(info?.['x-sdk-client-header'])?.toLowerCase(),
    lib: asString(info?.['x-sdk-lib']),
    specRevision: asNumber(info?.['x-sdk-spec-revision']),
  };
  const present = Object.fromEntries(
    Object.entries(sdk).filter(([, value]) => value !== undefined),
  ) as { tokenEnvVar?: string; clientHeader?: string; lib?: string; specRevision?: number };
  return {
    title,
    version: asString(info?.version) ?? '0.0.0',
    packageName,
    ...(description !== undefined ? { description } : {}),
    ...present,
  };
}

function buildServers(root: unknown): IrServer[] {
  const list = asObject(root)?.servers;
  const servers = Array.isArray(list) ? list : [];
  const names = new NameRegistry();
  return servers.flatMap((raw, i) => {
    const server = asObject(raw);
    const url = asString(server?.url);
    if (!server || url === undefined) return [];
    const description = asString(server.description);
    const name = names.claim(
      // `name` is OpenAPI 3.2's own field for what `x-environment` said before it.
      asString(server['x-environment']) ??
        asString(server.name) ??
        (i === 0 ? 'production' : `server${i + 1}`),
    );
    return [{ name, url, ...(description !== undefined ? { description } : {}) }];
  });
}
