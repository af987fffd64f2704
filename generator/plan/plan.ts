/**
 * The plan stage: IR → Plan. It decides every name the package exports, in one pass over the
 * IR in document order, so the result is the same on every run:
 *
 * - type-level names (schemas with their guards, request views, an operation's parameter and
 *   body types, resource classes) share one registry, seeded with what the hand-written parts
 *   export (`shared/templates/names.ts`) and the client class;
 * - value-level names (operation functions and descriptors) share another, seeded with the
 *   same reserved names and every schema's guards;
 * - a client method is unique among its resource's members;
 * - the query options' names (the `./query` entry point) are claimed last in both registries.
 *
 * A name already taken gets the first number that makes it free (`User2`); the change report
 * calls such a rename breaking, so the order of claims is part of the contract.
 */
import type { Ir, IrOperation, IrResource, IrSchema } from '../ir/types.js';
import { hoistedNameFor } from '../ir/hoist.js';
import { groupResources } from '../ir/resources.js';
import {
  camelCase,
  clientClassName,
  guardNames,
  NameRegistry,
  nameOperations,
  pascalCase,
} from '../ir/names.js';
import { pathNeedsCheck } from '../ir/inputs.js';
import { rawBodyKind } from '../ir/body-media.js';
import {
  pageParameterOf,
  queryRoleOf,
  rootKeyOf,
  streamedQueryOf,
  takesArguments,
} from './query-keys.js';
import { planForms } from './forms.js';
import {
  operationKey,
  resourceKey,
  type OperationSymbols,
  type Plan,
  type QueryOptionSymbols,
  type SchemaSymbols,
} from './types.js';

/**
 * @param reserved Names the package exports besides the generated ones (`reservedNames`): a
 * generated name, or one of a schema's guards, that would take one is renumbered.
 */
export function planPackage(ir: Ir, reserved: readonly string[]): Plan {
  const client = clientClassName(ir.info.title);
  const types = new NameRegistry([...reserved, client]);
  const schemas = planSchemas(ir.schemas, types);
  const functions = functionRegistry(schemas, reserved);
  const operations = planOperations(ir, types, functions);
  // The tree of the settled places: an operation may have given way to the place its id names.
  const tree = groupResources(
    ir.operations.map((op) => ({
      ...op,
      resourcePath: operations.get(operationKey(op))!.resourcePath,
    })),
  );
  const resources = withOperations(tree, false).filter((r) => r.path.length > 0);
  const resourceClasses = new Map(
    resources.map((r) => [
      resourceKey(r.path),
      types.claim(`${pascalCase(r.path.join(' '))}Resource`),
    ]),
  );
  // The query options' names come last, so that none of the names above is renumbered for them.
  const queryKeyRoot = functions.claim(`${camelCase(rootKeyOf(ir.info.title))}QueryKey`);
  return {
    client,
    schemas,
    operations: planQueryOptions(ir, operations, functions, types),
    resources: resourceClasses,
    operationModules: new Map(
      withOperations(tree, true).map((r) => [resourceKey(r.path), operationModulePath(r.path)]),
    ),
    queryKeyRoot,
    // The form validators' names, claimed after every other name (see plan/forms.ts).
    forms: planForms(ir, schemas, operations, types),
  };
}

/** Components first, then hoisted schemas, as the IR lists them; request views after every type. */
function planSchemas(list: readonly IrSchema[], types: NameRegistry): Map<string, SchemaSymbols> {
  const typeNames = list.map((s) => types.claim(wantedName(s), guardNames));
  return new Map(
    list.map((s, i): [string, SchemaSymbols] => {
      const type = typeNames[i]!;
      return [
        s.name,
        s.views === 'split' ? { type, request: types.claim(`${type}Request`) } : { type },
      ];
    }),
  );
}

/** A component is named after its key; a hoisted schema (whose source is its pointer) after its place. */
function wantedName(schema: IrSchema): string {
  // A key under `components.schemas` never starts with `/`; a hoisted schema's source does.
  return schema.sourceName.startsWith('/')
    ? hoistedNameFor(schema.sourceName)
    : pascalCase(schema.sourceName);
}

/**
 * The value-level names' registry: seeded with the reserved names and every schema's guards.
 * A function may not take a schema guard's name (a resource `check` with a method `pet` next to
 * a schema `Pet`); the request form of a schema (`PetRequest`) has guards too.
 */
function functionRegistry(
  schemas: ReadonlyMap<string, SchemaSymbols>,
  reserved: readonly string[],
): NameRegistry {
  const guards = [...schemas.values()].flatMap(({ type }) => [
    ...guardNames(type),
    ...guardNames(`${type}Request`),
  ]);
  return new NameRegistry([...reserved, ...guards]);
}

function planOperations(
  ir: Ir,
  types: NameRegistry,
  functions: NameRegistry,
): Map<string, OperationSymbols> {
  const places = nameOperations(ir.operations, functions);
  const declared = ir.operations.map((op, i) => ({
    functionName: places[i]!.functionName,
    resourcePath: places[i]!.resourcePath,
    methodName: places[i]!.methodName,
    ...operationTypeNames(op, places[i]!.functionName, types),
  }));
  // Descriptors last, so that no operation's function is renamed for another's descriptor.
  return new Map(
    ir.operations.map((op: IrOperation, i) => [
      operationKey(op),
      { ...declared[i]!, descriptor: functions.claim(`${declared[i]!.functionName}Operation`) },
    ]),
  );
}

/**
 * The names the `./query` entry point declares per operation (`QueryOptionSymbols`), in document
 * order, after every other name: for a read `usersRetrieveQueryKey` and
 * `usersRetrieveQueryOptions` (and `usersListInfiniteQueryKey`, `usersListInfiniteQueryOptions`
 * for a paginated one), for a write `usersCreateMutationOptions` and `UsersCreateVariables`,
 * for either that can answer a stream `chatCreateStreamedQueryKey` and
 * `chatCreateStreamedQueryOptions`, and for both the error type `UsersRetrieveError`.
 */
function planQueryOptions(
  ir: Ir,
  operations: ReadonlyMap<string, OperationSymbols>,
  functions: NameRegistry,
  types: NameRegistry,
): Map<string, OperationSymbols> {
  return new Map(
    ir.operations.map((op): [string, OperationSymbols] => {
      const symbols = operations.get(operationKey(op))!;
      const role = queryRoleOf(op);
      if (role === undefined) return [operationKey(op), symbols];
      const base = symbols.functionName;
      const type = pascalCase(base);
      const infinite = role === 'read' && pageParameterOf(op) !== undefined;
      const queryOptions: QueryOptionSymbols = {
        error: types.claim(`${type}Error`),
        ...(role === 'read'
          ? {
              key: functions.claim(`${base}QueryKey`),
              // A read that only streams has streamed options alone: a plain query would cache
              // the unread stream, its connection open.
              ...(streamedQueryOf(op) !== 'always'
                ? { options: functions.claim(`${base}QueryOptions`) }
                : {}),
            }
          : {}),
        ...(infinite
          ? {
              infiniteKey: functions.claim(`${base}InfiniteQueryKey`),
              infiniteOptions: functions.claim(`${base}InfiniteQueryOptions`),
            }
          : {}),
        ...(role === 'write'
          ? {
              mutationOptions: functions.claim(`${base}MutationOptions`),
              ...(takesArguments(op) ? { variables: types.claim(`${type}Variables`) } : {}),
            }
          : {}),
        ...(streamedQueryOf(op)
          ? {
              streamedKey: functions.claim(`${base}StreamedQueryKey`),
              streamedOptions: functions.claim(`${base}StreamedQueryOptions`),
            }
          : {}),
      };
      return [operationKey(op), { ...symbols, queryOptions }];
    }),
  );
}

/**
 * The types (and the path check) an operation's module declares beside its function, each
 * only where the operation has that part: `UsersListQuery`, `UsersCreateBody`.
 */
export function operationTypeNames(
  op: IrOperation,
  functionName: string,
  types: NameRegistry,
): Omit<OperationSymbols, 'functionName' | 'resourcePath' | 'methodName' | 'descriptor'> {
  const base = pascalCase(functionName);
  return {
    ...(pathNeedsCheck(op) ? { path: types.claim(`${base}Path`) } : {}),
    ...(op.queryParameters.length > 0 ? { query: types.claim(`${base}Query`) } : {}),
    ...(op.headerParameters.length > 0 ? { headers: types.claim(`${base}Headers`) } : {}),
    ...(op.cookieParameters.length > 0 ? { cookies: types.claim(`${base}Cookies`) } : {}),
    ...(op.body && op.body.type.kind !== 'ref' && !rawBodyKind(op)
      ? { body: types.claim(`${base}Body`) }
      : {}),
  };
}

/** The resources in the tree's order; with `onlyWithOperations`, those that have operations. */
function withOperations(resource: IrResource, onlyWithOperations: boolean): IrResource[] {
  return [
    ...(!onlyWithOperations || resource.operations.length > 0 ? [resource] : []),
    ...resource.children.flatMap((child) => withOperations(child, onlyWithOperations)),
  ];
}

/** One module per resource: `operations/users.billing-details.ts`. */
export function operationModulePath(path: readonly string[]): string {
  return `operations/${path.map((p) => p.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()).join('.')}.ts`;
}
