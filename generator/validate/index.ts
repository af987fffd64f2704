/**
 * Stage 2 of the pipeline: `validateDocument(document) → Diagnostic[]`. Pure: no throw for
 * any input, and no disk but the compiled-schema cache the caller hands in. The OpenAPI JSON Schema check and the semantic rules both run, so one
 * pass reports every problem; nothing is built from a document with errors.
 */
import { sortDiagnostics, type Diagnostic } from '../shared/diagnostics.js';
import type { TextCache } from '../shared/cache.js';
import type { SourceDocument } from '../load/load.js';
import { checkSchema, detectVersion } from './openapi-schema.js';
import { semanticRules } from './semantic.js';

/**
 * Every problem in the document, sorted with `sortDiagnostics`. A document that is not
 * OpenAPI 3.0.x, 3.1.x or 3.2.x gets only the `unsupported-version` error: the other checks are
 * written for 3.x and would only add noise about, say, a Swagger 2.0 `definitions` section.
 */
export function validateDocument(doc: SourceDocument, acceptorCache?: TextCache): Diagnostic[] {
  const version = detectVersion(doc);
  if (version.line === undefined) return [version.diagnostic];
  const semantic = semanticRules.flatMap((rule) => rule(doc));
  const restated = new Set(
    semantic.filter((d) => RESTATES_SCHEMA.has(d.code)).map((d) => d.pointer),
  );
  const schema = checkSchema(doc, version.line, acceptorCache).filter(
    (d) => !restated.has(d.pointer),
  );
  return sortDiagnostics([...schema, ...semantic]);
}

/**
 * Rules that say more plainly what the schema check also reports at the very same place
 * (`required: false` on a path parameter; `enum: []` in a 3.0 schema): there, the schema's
 * generic message is dropped so one problem gives one line.
 */
const RESTATES_SCHEMA = new Set(['path-parameter-optional', 'enum-empty', 'querystring-mixed']);
