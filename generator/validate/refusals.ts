/**
 * What the generator refuses in a valid OpenAPI 3.x document, because the client cannot
 * express it yet: one entry per diagnostic code, with the one-line reason docs/teams-and-ci.md lists.
 * That page's section between the `refusals` markers is this list rendered by
 * `refusalsMarkdown` (test/validate/refusals.test.ts keeps them equal, and keeps this list
 * equal to the codes the validator and the IR builder report). Everything else a valid
 * document holds is generated, or at worst a warning.
 */
export interface Refusal {
  readonly code: string;
  readonly reason: string;
}

export const REFUSALS: readonly Refusal[] = [
  {
    code: 'unsupported-version',
    reason:
      'documents that are neither Swagger 2.0 (converted to OpenAPI 3.0 when loaded) nor OpenAPI 3.0, 3.1 or 3.2',
  },
  {
    code: 'unsupported-ref',
    reason:
      "`$ref`s to URLs (nothing is fetched; refs to other files, relative to the file they are in, are followed), a text file (`.md`, `.txt`) named anywhere but as a description or a summary, and a `$ref` that a 3.1 schema's relative `$id` sends to another file than the one it is written in",
  },
  {
    code: 'unsupported-status',
    reason:
      'response keys other than a status code, a range such as `5XX`, or `default` (OpenAPI 3.0 allows no others either)',
  },
  {
    code: 'unsupported-parameter',
    reason:
      'lists and objects that hold lists or objects in path parameters and in required header and cookie parameters (an optional one is left out, with a warning), booleans in path parameters, and parameters `in` anything but path, query, header and cookie',
  },
  {
    code: 'unsupported-schema',
    reason:
      'schema types outside JSON Schema, and `enum` or `const` values that are objects or arrays',
  },
  {
    code: 'schema-cycle',
    reason:
      'schemas defined only as themselves (`A: {$ref: B}`, `B: {allOf: [{$ref: A}]}`), which no value can match',
  },
];

/** The docs page's list: one bullet per refusal, `code`: reason. */
export function refusalsMarkdown(refusals: readonly Refusal[] = REFUSALS): string {
  return refusals.map((r) => `- \`${r.code}\`: ${r.reason}.`).join('\n');
}
