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
import type { Ir } from '../../ir/types.js';
import { typescriptFile, type TypeScriptFile } from '../common/model.js';
import { settleOpenApiTypesOptions, type OpenApiTypesOptions } from './options.js';
import { rootTypeNames } from './root-types.js';
import { enumStructure } from './enums.js';
import { renderOpenApiTypes, type RenderedOpenApiTypes } from './render.js';
import { diagnosticAt, type Diagnostic, type Locatable } from '../../shared/diagnostics.js';
import { OPENAPI_TYPE_NAMES } from '../../ir/names.js';
import type { Plan } from '../../plan/types.js';
import { reservedNames } from '../../plan/reserved.js';

export { type OpenApiTypesOptions, OPENAPI_TYPES_OPTION_NAMES } from './options.js';

export const OPENAPI_TYPES_MODULE = 'openapi-types.ts';

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
    valueNames: settled.enum ? rendered(ir, plan, options).enums.map((e) => e.name) : [],
  };
}

/**
 * A located warning for each enum `openapiTypes.enum` does not declare because its name is
 * taken (render.ts): mostly by the package's own export of that name, which is what
 * `import { OrderState } from '<package>'` finds; the types take the enum's values.
 */
export function withheldEnumWarnings(
  document: Locatable,
  ir: Ir,
  plan: Plan,
  options: OpenApiTypesOptions | undefined,
): Diagnostic[] {
  return rendered(ir, plan, options).withheld.map((e) =>
    diagnosticAt(
      document,
      'openapi-enum-name-taken',
      e.at,
      `openapiTypes.enum: ${e.name}, the enum openapi-typescript declares for this schema, is a name taken already: the package exports it (for a named enum schema, its own object of the values), or the module declares it or reads it as a global; the types take the enum's values instead`,
      {
        severity: 'warning',
        hint: `import ${e.name} from the package as before; compare its members' names with openapi-typescript's where a value is not an identifier`,
      },
    ),
  );
}

/**
 * The module rendered once for a generation: the index's value exports, the warnings and the
 * file itself all read the same rendering (with `enum`, the enums are known only after it).
 */
const renderings = new WeakMap<
  Ir,
  { readonly plan: Plan; readonly options: string; readonly result: RenderedOpenApiTypes }
>();

function rendered(ir: Ir, plan: Plan, options: OpenApiTypesOptions | undefined) {
  const settled = JSON.stringify(settleOpenApiTypesOptions(options));
  const hit = renderings.get(ir);
  if (hit?.plan === plan && hit.options === settled) return hit.result;
  const result = renderOpenApiTypes(ir, packageNames(ir, plan), options);
  renderings.set(ir, { plan, options: settled, result });
  return result;
}

export function emitOpenApiTypes(
  ir: Ir,
  plan: Plan,
  path: string,
  options?: OpenApiTypesOptions,
): TypeScriptFile {
  const { statements, enums } = rendered(ir, plan, options);
  return typescriptFile(path, [...statements, ...enums.map(enumStructure)]);
}
