/**
 * What the generator accepts with a warning: slight invalidities that published documents
 * carry, that the OpenAPI or JSON Schema specification only states as a SHOULD (or that
 * openapi-typescript generates from all the same), and that have one plain reading. Each is
 * a warning with its own code, naming file, line, column and JSON pointer; the document
 * still generates. The section of docs/teams-and-ci.md between the `tolerances` markers is this list
 * rendered by `tolerancesMarkdown` (test/validate/tolerated.test.ts keeps them equal). What
 * cannot be read stays an error, and what cannot be expressed yet a refusal (`REFUSALS`).
 */
export interface Tolerance {
  readonly code: string;
  /** What the document holds. */
  readonly construct: string;
  /** How the generator reads it, and why that reading. */
  readonly reading: string;
}

export const TOLERANCES = [
  {
    code: 'unknown-key',
    construct:
      'a top-level key the OpenAPI schema does not define (`x` without `x-`, a misspelt `sevrers`)',
    reading:
      'nothing: the key is ignored, as other generators do; deeper down an unknown key stays an error, being more often a typo that changes the meaning (`nulable`)',
  },
  {
    code: 'path-parameter-optional',
    construct: '`required: false` on a path parameter',
    reading: 'required all the same, since a path cannot leave a segment out',
  },
  {
    code: 'enum-empty',
    construct:
      '`enum: []` (JSON Schema only says an enum SHOULD have a value; OpenAPI 3.0 requires one)',
    reading:
      "no enum constraint: the schema's other keywords (`type`, `allOf` …) give its type and its guard. Strictly no value matches it, and openapi-typescript types it `never`; but a document describing data an API sends cannot mean that, a `never` field can be neither read nor sent, and a guard refusing every value would break every call that meets one",
  },
  {
    code: 'enum-duplicate',
    construct: 'an `enum` listing a value twice (its values SHOULD be unique)',
    reading:
      'each value once, in the order it first appears. Peers emit the repeated literal, which means the same',
  },
  {
    code: 'required-empty',
    construct:
      '`required: []` in an OpenAPI 3.0 schema (3.0 asks for one name at least; 3.1 allows it)',
    reading: 'no property required',
  },
  {
    code: 'required-duplicate',
    construct: "a schema's `required` naming a property twice (3.0 asks for unique names)",
    reading: 'the property required, once',
  },
  {
    code: 'example-and-examples',
    construct:
      'both `example` and `examples` on an OpenAPI 3.0 parameter or media type (3.0 makes them mutually exclusive)',
    reading: 'documentation, both of them: neither reaches the generated code',
  },
] as const satisfies readonly Tolerance[];

export type ToleratedCode = (typeof TOLERANCES)[number]['code'];

/** How the generator reads a tolerated construct: the hint its warning carries. */
export function readingOf(code: ToleratedCode): string {
  return TOLERANCES.find((t) => t.code === code)!.reading.split('. ')[0]!;
}

/** The docs page's list: one bullet per tolerated construct, `code`: construct → reading. */
export function tolerancesMarkdown(tolerances: readonly Tolerance[] = TOLERANCES): string {
  return tolerances.map((t) => `- \`${t.code}\`: ${t.construct}. Read as ${t.reading}.`).join('\n');
}
