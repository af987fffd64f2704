/**
 * The plan stage: IR → Plan. It decides every name the package exports, in one pass over the
 * IR in document order, so the result is the same on every run:
 *
 * - type-level names (schemas with their guards, request views, an operation's parameter and
 *   body types, resource classes) share one registry, seeded with what the hand-written parts
 *   export (`template-names.ts`) and the client class;
 * - value-level names (operation functions and descriptors) share another, seeded with the
 *   same reserved names and every schema's guards;
 * - a client method is unique among its resource's members.
 *
 * A name already taken gets the first number that makes it free (`User2`); the change report
 * calls such a rename breaking, so the order of claims is part of the contract.
 */
import type { Ir, IrOperation, IrResource, IrSchema } from '../ir/types.js';
import { hoistedNameFor } from '../ir/hoist.js';
import {
  clientClassName,
  guardNames,
  NameRegistry,
  nameOperations,
  pascalCase,
} from '../ir/names.js';
import { pathNeedsCheck } from '../emit/input-checks.js';
import { rawBodyKind } from '../emit/body-media.js';
import {
  operationKey,
  resourceKey,
  type OperationSymbols,
  type Plan,
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
  const operations = planOperations(ir, schemas, types, reserved);
  const resources = withOperations(ir.resources, false).filter((r) => r.path.length > 0);
  return {
    client,
    schemas,
    operations,
    resources: new Map(
      resources.map((r) => [
        resourceKey(r.path),
        types.claim(`${pascalCase(r.path.join(' '))}Resource`),
      ]),
    ),
    operationModules: new Map(
      withOperations(ir.resources, true).map((r) => [
        resourceKey(r.path),
        operationModulePath(r.path),
      ]),
    ),
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

function planOperations(
  ir: Ir,
  schemas: ReadonlyMap<string, SchemaSymbols>,
  types: NameRegistry,
  reserved: readonly string[],
): Map<string, OperationSymbols> {
  // A function may not take a schema guard's name (a resource `check` with a method `pet`
  // next to a schema `Pet`); the request form of a schema (`PetRequest`) has guards too.
  const guards = [...schemas.values()].flatMap(({ type }) => [
    ...guardNames(type),
    ...guardNames(`${type}Request`),
  ]);
  const functions = new NameRegistry([...reserved, ...guards]);
  const places = nameOperations(ir.operations, functions);
  const declared = ir.operations.map((op, i) => ({
    functionName: places[i]!.functionName,
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
 * The types (and the path check) an operation's module declares beside its function, each
 * only where the operation has that part: `UsersListQuery`, `UsersCreateBody`.
 */
export function operationTypeNames(
  op: IrOperation,
  functionName: string,
  types: NameRegistry,
): Omit<OperationSymbols, 'functionName' | 'methodName' | 'descriptor'> {
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
