/**
 * The options of openapi-typescript 7 that change the shape of what users index, under the
 * names and with the defaults its Node API gives them, so a project that ran it with
 * `--immutable` asks for `openapiTypes: { immutable: true }` and indexes the same types.
 */
export interface OpenApiTypesOptions {
  /** `--immutable`: every member and array `readonly`. */
  readonly immutable?: boolean;
  /** `--path-params-as-types`: a path with parameters is a template-literal key (`/pets/${string}`). */
  readonly pathParamsAsTypes?: boolean;
  /** `--root-types`: `SchemaPet`, `ResponseNotFound`… aliases beside `components`. */
  readonly rootTypes?: boolean;
  /** `--default-non-nullable` (on by default): a property with a `default` is required outside parameters and request bodies. */
  readonly defaultNonNullable?: boolean;
  /** `--additional-properties`: an object without `additionalProperties` takes any other key. */
  readonly additionalProperties?: boolean;
  /** `--empty-objects-unknown`: an object that declares nothing is `Record<string, unknown>`. */
  readonly emptyObjectsUnknown?: boolean;
  /**
   * `--enum`: an enum of strings and numbers is an `export enum` (`PetStatus`) the types refer
   * to, exported from the package's index as a value (an enum is an object at run time).
   */
  readonly enum?: boolean;
}

/** The options as openapi-typescript 7 defaults them. */
export type SettledOpenApiTypesOptions = Required<OpenApiTypesOptions>;

export const OPENAPI_TYPES_OPTION_NAMES = [
  'immutable',
  'pathParamsAsTypes',
  'rootTypes',
  'defaultNonNullable',
  'additionalProperties',
  'emptyObjectsUnknown',
  'enum',
] as const satisfies readonly (keyof OpenApiTypesOptions)[];

export function settleOpenApiTypesOptions(
  options: OpenApiTypesOptions = {},
): SettledOpenApiTypesOptions {
  return {
    immutable: options.immutable ?? false,
    pathParamsAsTypes: options.pathParamsAsTypes ?? false,
    rootTypes: options.rootTypes ?? false,
    defaultNonNullable: options.defaultNonNullable ?? true,
    additionalProperties: options.additionalProperties ?? false,
    emptyObjectsUnknown: options.emptyObjectsUnknown ?? false,
    enum: options.enum ?? false,
  };
}
