/**
 * Swagger 2.0 in, OpenAPI 3.0 out, located in the original: the converted document's
 * `locate` translates a pointer back into the Swagger 2.0 document (`pointers.ts`) and finds
 * it in the file the user wrote, so the validator and the IR builder report the original's
 * line, column and pointer without knowing a conversion happened.
 *
 * The conversion itself is Scalar's upgrader (`@scalar/openapi-upgrader`: maintained, a pure
 * function of a value with no I/O, small, ESM; swagger2openapi's last release pulls in
 * node-fetch, yargs and an old yaml). Where it falls short, `prepare.ts` and `repair.ts` do
 * the rest, each step naming the shortfall. OpenAPI 3.0 rather than 3.1: it is the upgrader's
 * own step, and 3.1's rewrites (`nullable` into type lists) would be one more move for
 * `locate` to undo.
 */
import { diagnosticAt, type Diagnostic } from '../../shared/diagnostics.js';
import type { LoadResult, SourceDocument } from '../load.js';
import { isObject } from '../../shared/document/read.js';
import { originalPointer } from './pointers.js';
import { prepare } from './prepare.js';
import { repair } from './repair.js';

/** The upgrader's signature: a Swagger 2.0 value in, an OpenAPI 3.0 value out (it mutates its input). */
export type Upgrade = (document: Record<string, unknown>) => unknown;

/** Whether `value` is a Swagger 2.0 document: `swagger: "2.0"` and no `openapi`. */
export function isSwagger2(value: unknown): value is Record<string, unknown> {
  return isObject(value) && value.swagger === '2.0' && !Object.hasOwn(value, 'openapi');
}

/** `source` converted to OpenAPI 3.0, with a warning for each construct that does not carry over as written. */
export function convertSwagger(source: SourceDocument, upgrade: Upgrade): LoadResult {
  if (!isSwagger2(source.value)) return { document: source, diagnostics: [] };
  const original = source.value;
  const prepared = prepare(original);
  let upgraded: unknown;
  try {
    upgraded = upgrade(structuredClone(prepared.document));
  } catch (error) {
    // The upgrader assumes a valid 2.0 document (it throws on a parameter without `in`).
    const reason = error instanceof Error ? error.message : String(error);
    const message = `the Swagger 2.0 document could not be converted to OpenAPI 3.0: ${reason}`;
    const hint =
      'check it against the Swagger 2.0 specification, or convert it to OpenAPI 3 yourself';
    return {
      diagnostics: [diagnosticAt(source, 'swagger-conversion', '/swagger', message, { hint })],
    };
  }
  const findings: Diagnostic[] = prepared.findings.map((f) =>
    diagnosticAt(source, f.code, f.pointer, f.message, { severity: 'warning', hint: f.hint }),
  );
  return { document: convertedDocument(source, repair(upgraded, prepared)), diagnostics: findings };
}

/**
 * The converted value, located in `source`. `locate` also returns the original's pointer:
 * `diagnosticAt` spreads what `locate` returns over the pointer it was given, so every
 * diagnostic names the place in the Swagger 2.0 document, not in the converted one.
 */
function convertedDocument(source: SourceDocument, value: unknown): SourceDocument {
  return {
    file: source.file,
    format: source.format,
    files: source.files,
    value,
    locate: (pointer) => {
      const inOriginal = originalPointer(source.value, pointer);
      // A spec split over files locates in the file a node came from, with its own pointer.
      return { pointer: inOriginal, ...source.locate(inOriginal) };
    },
  };
}
