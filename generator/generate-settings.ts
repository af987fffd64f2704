/**
 * What a config file asks of one generation beyond the spec: the package's npm name, a fixed
 * version instead of the release stage's, and the optional modules to leave out. Applied to
 * the IR before the plan names anything, so every emitter sees one consistent package.
 */
import type { OptionalModules } from './emit/index.js';
import type { OpenApiTypesOptions } from './emit/openapi-types/options.js';
import type { Ir } from './ir/types.js';
import type { ReadOptions } from './load/split/trust.js';

export interface GenerateSettings {
  /** Overrides the spec's `info.x-package-name` (or the name made from its title). */
  readonly packageName?: string;
  /** A fixed package version: the release stage is not run, and no surface record or changelog is kept. */
  readonly packageVersion?: string;
  /** Modules to leave out; `layer: false` leaves out the hand-written layer the spec names. */
  readonly modules?: OptionalModules & { readonly layer?: boolean };
  /** The shape of the `paths`, `components`… types (openapi-typescript 7's options). */
  readonly openapiTypes?: OpenApiTypesOptions;
  /** What the loader may read beyond the defaults: more roots for `$ref`s, other size limits. */
  readonly read?: ReadOptions;
}

/** The IR as the settings want it: renamed, and without its layer when that is switched off. */
export function settleIr(ir: Ir, settings: GenerateSettings | undefined): Ir {
  if (!settings) return ir;
  const { lib, ...info } = ir.info;
  const keepLayer = settings.modules?.layer !== false && lib !== undefined;
  return {
    ...ir,
    info: {
      ...info,
      ...(keepLayer ? { lib } : {}),
      ...(settings.packageName !== undefined ? { packageName: settings.packageName } : {}),
    },
  };
}
