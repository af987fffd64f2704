/**
 * Validation against the official OpenAPI JSON Schema for the document's version: 3.1.x and 3.2.x with
 * ajv's 2020-12 build, 3.0.x with plain ajv on a draft-07 rewrite of the draft-04 schema (see
 * `schemas.ts`). ajv's raw errors are reduced by `simplifyErrors` and worded by `wordError`.
 */
import type { ErrorObject } from 'ajv';
import { diagnosticAt, type Diagnostic } from '../shared/diagnostics.js';
import type { SourceDocument } from '../load/load.js';
import { errorAt } from './report.js';
import { simplifyErrors } from './schema-errors.js';
import { wordError } from './schema-messages.js';
import type { TextCache } from '../shared/cache.js';
import { acceptorFor, compiledSchema, type OpenApiLine } from './schemas.js';
import { readingOf, type ToleratedCode } from './tolerances.js';

export type VersionCheck =
  { readonly line: OpenApiLine } | { readonly line?: undefined; readonly diagnostic: Diagnostic };

const SUPPORTED = 'this generator reads Swagger 2.0, OpenAPI 3.0.x, 3.1.x and 3.2.x documents';

/** Which schema applies, from the `openapi` field; anything else is one `unsupported-version` error. */
export function detectVersion(doc: SourceDocument): VersionCheck {
  const root = doc.value;
  const field = (name: string): unknown =>
    isRecord(root) && Object.hasOwn(root, name) ? root[name] : undefined;
  const openapi = field('openapi');
  if (typeof openapi === 'string' && /^3\.2\.\d+(-.+)?$/.test(openapi)) return { line: '3.2' };
  if (typeof openapi === 'string' && /^3\.1\.\d+(-.+)?$/.test(openapi)) return { line: '3.1' };
  if (typeof openapi === 'string' && /^3\.0\.\d+(-.+)?$/.test(openapi)) return { line: '3.0' };

  const unsupported = (pointer: string, message: string, hint: string) => ({
    diagnostic: errorAt(doc, 'unsupported-version', pointer, message, hint),
  });
  const swagger = field('swagger');
  if (openapi === undefined && swagger !== undefined) {
    // `swagger: "2.0"` is converted when loaded (generator/load/swagger/); it arrives here only
    // from a caller that validates the raw document, or as a number YAML made of `2.0`.
    return unsupported(
      '/swagger',
      typeof swagger === 'number'
        ? `'swagger' must be the string "2.0", not the number ${swagger}`
        : `Swagger ${String(swagger)} documents are not supported`,
      typeof swagger === 'number'
        ? 'quote the version: `swagger: "2.0"`'
        : swagger === '2.0'
          ? 'load it with loadDocument (generator/load/swagger/load.ts), which converts it to OpenAPI 3.0'
          : `convert it to OpenAPI 3 first; ${SUPPORTED}`,
    );
  }
  if (openapi === undefined) {
    return unsupported(
      '',
      "the document has no 'openapi' field",
      `add \`openapi: 3.1.0\` at the top; ${SUPPORTED}`,
    );
  }
  if (typeof openapi === 'number') {
    // YAML reads `openapi: 3.1` as the number 3.1, which no OpenAPI version string matches.
    return unsupported(
      '/openapi',
      `'openapi' must be a version string such as "3.1.0", not the number ${openapi}`,
      'quote the full version: `openapi: "3.1.0"`',
    );
  }
  return unsupported(
    '/openapi',
    `OpenAPI version ${JSON.stringify(openapi)} is not supported`,
    SUPPORTED,
  );
}

/** Problems the OpenAPI JSON Schema for `line` finds, a few useful ones per place. */
export function checkSchema(
  doc: SourceDocument,
  line: OpenApiLine,
  acceptorCache?: TextCache,
): Diagnostic[] {
  // The common case, a valid document, without compiling the schema for its errors.
  if (acceptorFor(line, acceptorCache)(doc.value)) return [];
  const schema = compiledSchema(line);
  if (schema.validate(doc.value)) return [];
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const kept of simplifyErrors(schema.validate.errors ?? [], schema)) {
    const { pointer, message, hint } = wordError(kept, schema, doc.value);
    const key = `${pointer}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const tolerated = tolerable(kept.error);
    diagnostics.push(
      tolerated
        ? diagnosticAt(doc, tolerated, pointer, message, {
            severity: 'warning',
            hint: hint ?? `read as ${readingOf(tolerated)}`,
          })
        : errorAt(doc, 'schema', pointer, message, hint),
    );
  }
  return diagnostics;
}

/**
 * Slight invalidities that other generators accept and that change nothing the generator
 * reads, or have one plain reading: each is a warning naming its place, with its own code,
 * instead of a `schema` error. The codes and their readings are listed in `TOLERANCES`
 * (`generator/validate/tolerances.ts`), which docs/teams-and-ci.md shows. Only the top level is tolerant of
 * unknown keys: deeper down, an unknown key is more often a typo that changes the meaning
 * (`nulable`, `reponses`), so it stays an error.
 */
function tolerable(error: ErrorObject): ToleratedCode | undefined {
  const unknown =
    error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties';
  if (unknown && error.instancePath === '') return 'unknown-key';
  // A Schema Object's `required` list (3.0 asks for one name at least, each once): the
  // names it lists are required, no more, whether the list is empty or repeats one.
  if (/\/properties\/required\/minItems$/.test(error.schemaPath)) return 'required-empty';
  if (/\/properties\/required\/uniqueItems$/.test(error.schemaPath)) return 'required-duplicate';
  // 3.0 makes a parameter's or media type's `example` and `examples` mutually exclusive;
  // neither reaches the generated code, so both stay what they are, documentation.
  const forbidden = isRecord(error.schema) ? error.schema['required'] : undefined;
  if (
    error.keyword === 'not' &&
    Array.isArray(forbidden) &&
    forbidden.length === 2 &&
    forbidden.includes('example') &&
    forbidden.includes('examples')
  )
    return 'example-and-examples';
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
