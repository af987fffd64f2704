/**
 * Loading a document the way the pipeline reads it: a Swagger 2.0 document comes out as
 * OpenAPI 3.0 (`convert.ts`), anything else as it was. The upgrader is imported only when a
 * document says `swagger: "2.0"`, so an OpenAPI 3 run never loads it.
 */
import { parseSource, type LoadResult } from '../load.js';
import { loadSpec, type LoadSpecOptions } from '../split/load-spec.js';
import { convertSwagger, isSwagger2, type Upgrade } from './convert.js';
import { bundledWithinDepthLimit } from '../depth.js';

/** Scalar's 2.0 → 3.0 step, imported on first use. */
export async function loadUpgrader(): Promise<Upgrade> {
  const { upgradeFromTwoToThree } = await import('@scalar/openapi-upgrader/2.0-to-3.0');
  return upgradeFromTwoToThree as Upgrade;
}

/**
 * The pipeline's one way in: the spec, split over files or not (`loadSpec`), then the
 * conversion when the document is Swagger 2.0.
 */
export async function loadDocument(
  file: string,
  options: LoadSpecOptions = {},
): Promise<LoadResult> {
  // Each file was checked as it was parsed; inlined path items and operations stack their depths.
  return converted(bundledWithinDepthLimit(await loadSpec(file, options)));
}

/** `parseSource`, then the conversion when the document is Swagger 2.0. */
export async function parseDocument(file: string, text: string): Promise<LoadResult> {
  return converted(parseSource(file, text));
}

/**
 * `loaded` with its document converted when it is Swagger 2.0, given the upgrader (for
 * callers that cannot wait for the import; without it the document is left as it is, and
 * the validator refuses it). A split spec with a ref that names nothing loads with that error
 * and the ref as written, so that the rest is validated in the same run: converted too, or
 * the validator would refuse it only for being Swagger 2.0.
 */
export function withSwaggerConverted(loaded: LoadResult, upgrade?: Upgrade): LoadResult {
  const { document } = loaded;
  if (!document || !upgrade || !isSwagger2(document.value)) return loaded;
  const result = convertSwagger(document, upgrade);
  return { ...result, diagnostics: [...loaded.diagnostics, ...result.diagnostics] };
}

async function converted(loaded: LoadResult): Promise<LoadResult> {
  if (!loaded.document || !isSwagger2(loaded.document.value)) return loaded;
  return withSwaggerConverted(loaded, await loadUpgrader());
}
