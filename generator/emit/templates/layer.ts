/**
 * What a hand-written layer (`info.x-sdk-lib`, a folder under templates/) adds to its package
 * besides its modules, as data: npm keywords, a helper per error field of its own, and
 * markdown for the README and api.md. generator/emit/templates/layers.ts reads it from the layer's
 * `layer.json`; the emitters render whatever it holds without knowing which layer it is, so
 * the generic generator has no branch naming one, and a package without a layer gets none.
 */
import type { Ir } from '../../ir/types.js';
import { methodPath } from '../common/samples.js';

/** A field of error bodies only this API sends, read by a helper the layer exports. */
export interface LayerErrorField {
  /** The status whose errors carry it, for example 402. */
  readonly status: number;
  /** The layer's exported function that reads it from an error, for example `paymentIntentClientSecretOf`. */
  readonly helper: string;
  /** What the README's error example does when the field is there, as a code comment. */
  readonly comment: string;
}

/** The fake server (its fake/, templates/<lib>/fake), when the layer brings it. */
export interface FakeContribution {
  /** The fake's README section, markdown with placeholders; shown only when `testing/` is emitted. */
  readonly readme: string;
  /** The token the fake accepts when it is given none (`DEFAULT_TOKEN` of its auth module). */
  readonly token: string;
}

export interface LayerContribution {
  /** npm keywords saying what the API is about. */
  readonly keywords: readonly string[];
  /**
   * The operationId the layer's docs are about (the tile helpers are about `stationsTile`). A
   * spec without it gets neither doc section: they would describe helpers with nothing to call.
   */
  readonly operation?: string;
  readonly errorFields: readonly LayerErrorField[];
  /** The README's section on the layer (after cancellation), markdown with placeholders. */
  readonly readme?: string;
  /** api.md's section on the layer (after the operations), markdown with placeholders. */
  readonly api?: string;
  readonly fake?: FakeContribution;
}

/**
 * The names each kind of markdown may use as `{{name}}`: the layer's sections know the
 * package, its client class and the client method of the layer's operation
 * (`client.stations.tile`); the fake's section knows the package, the client, and the fake's
 * command and default token.
 */
export const DOC_PLACEHOLDERS = {
  layer: ['package', 'client', 'operationMethod'],
  fake: ['package', 'client', 'fakeCommand', 'fakeToken'],
} as const;

export type LayerPlaceholder = (typeof DOC_PLACEHOLDERS)[keyof typeof DOC_PLACEHOLDERS][number];

/** `{{name}}` anywhere in markdown; generator/emit/templates/layers.ts checks each name against `DOC_PLACEHOLDERS`. */
export const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The markdown with each placeholder replaced by its value. */
export function fillPlaceholders(
  markdown: string,
  values: Readonly<Partial<Record<LayerPlaceholder, string>>>,
): string {
  return markdown.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name as LayerPlaceholder];
    // The loader refused unknown names, so a missing value is the emitter's mistake.
    if (value === undefined) throw new Error(`no value for the layer placeholder {{${name}}}`);
    return value;
  });
}

/**
 * One of the layer's doc sections (its `readme` or `api`) with the placeholders filled; none
 * when there is no such section, or when the layer's operation is not in the spec.
 */
export function layerSection(
  ir: Pick<Ir, 'operations'>,
  layer: LayerContribution | undefined,
  section: 'readme' | 'api',
  values: Readonly<Partial<Record<LayerPlaceholder, string>>>,
): string[] {
  const markdown = layer?.[section];
  if (layer === undefined || markdown === undefined) return [];
  const op = ir.operations.find((o) => o.operationId === layer.operation);
  if (layer.operation !== undefined && op === undefined) return [];
  return [
    fillPlaceholders(markdown, { ...values, ...(op && { operationMethod: methodPath(op) }) }),
  ];
}
