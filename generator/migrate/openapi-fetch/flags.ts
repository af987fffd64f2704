/**
 * openapi-typescript 7's command-line flags and what each becomes here: a key of the
 * config's `openapiTypes` (the options that change the shape of `paths`/`components`), a flag
 * of `connect-codegen generate`, or nothing, with the reason the user is told. One table, so
 * the codemod, its tests and the migration guide's table say the same thing.
 */

/** What a flag turns into. */
export type FlagEquivalent =
  | { readonly kind: 'config'; readonly key: string }
  | { readonly kind: 'cli'; readonly flag: string }
  | { readonly kind: 'none'; readonly reason: string };

export interface FlagRule {
  /** The long spelling, with its dashes. */
  readonly flag: string;
  readonly alias?: string;
  /** A flag that takes a value (`--output <file>`); the others are switches that may be followed by `true`/`false`. */
  readonly takesValue: boolean;
  readonly equivalent: FlagEquivalent;
}

const config = (key: string): FlagEquivalent => ({ kind: 'config', key });
const none = (reason: string): FlagEquivalent => ({ kind: 'none', reason });

/**
 * The flags of `openapi-typescript --help` (7.13), in its order. `--output` and the input are
 * read apart. The `config` keys are exactly those `openapiTypes` accepts
 * (generator/emit/openapi-types/options.ts); a flag joins them when the generator learns it.
 */
export const FLAG_RULES: readonly FlagRule[] = [
  {
    flag: '--redocly',
    alias: '-c',
    takesValue: true,
    equivalent: none(
      'a Redocly config is not read; name the spec with --spec, and folders its $refs may reach with refRoots in connect-codegen.config.json',
    ),
  },
  { flag: '--enum', takesValue: false, equivalent: config('enum') },
  {
    flag: '--enum-values',
    takesValue: false,
    equivalent: none('no arrays of enum values are exported'),
  },
  {
    flag: '--conditional-enums',
    takesValue: false,
    equivalent: none('the generator has no option for it; enums follow openapiTypes.enum alone'),
  },
  {
    flag: '--dedupe-enums',
    takesValue: false,
    equivalent: none(
      'each enum keeps the name of its place; enums of the same values are not merged under the first name',
    ),
  },
  { flag: '--check', takesValue: false, equivalent: { kind: 'cli', flag: '--check' } },
  {
    flag: '--export-type',
    alias: '-t',
    takesValue: false,
    equivalent: none('the top-level types are interfaces; indexing them gives the same types'),
  },
  { flag: '--immutable', takesValue: false, equivalent: config('immutable') },
  {
    flag: '--additional-properties',
    takesValue: false,
    equivalent: config('additionalProperties'),
  },
  {
    flag: '--empty-objects-unknown',
    takesValue: false,
    equivalent: config('emptyObjectsUnknown'),
  },
  {
    flag: '--default-non-nullable',
    takesValue: false,
    equivalent: config('defaultNonNullable'),
  },
  {
    flag: '--properties-required-by-default',
    takesValue: false,
    equivalent: none(
      'the generator has no option for it; a property is required where the schema lists it',
    ),
  },
  {
    flag: '--array-length',
    takesValue: false,
    equivalent: none('arrays stay arrays; minItems/maxItems do not make tuples'),
  },
  {
    flag: '--path-params-as-types',
    takesValue: false,
    equivalent: config('pathParamsAsTypes'),
  },
  {
    flag: '--alphabetize',
    takesValue: false,
    equivalent: none('keys keep the document order; the order changes no indexed type'),
  },
  {
    flag: '--exclude-deprecated',
    takesValue: false,
    equivalent: none(
      'the generator has no option for it; deprecated operations and schemas are kept',
    ),
  },
  { flag: '--root-types', takesValue: false, equivalent: config('rootTypes') },
  {
    flag: '--root-types-no-schema-prefix',
    takesValue: false,
    equivalent: none('root types keep their Schema/Response… prefix'),
  },
  {
    flag: '--root-types-keep-casing',
    takesValue: false,
    equivalent: none('root types are named as openapi-typescript names them by default'),
  },
  {
    flag: '--make-paths-enum',
    takesValue: false,
    equivalent: none('no ApiPaths enum is emitted; the path strings are the keys of `paths`'),
  },
  {
    flag: '--read-write-markers',
    takesValue: false,
    equivalent: none('the generator emits no $Read/$Write marker types'),
  },
];

/** The rule for a flag as written (`--immutable`, `-t`), if openapi-typescript has it. */
export function flagRule(word: string): FlagRule | undefined {
  return FLAG_RULES.find((rule) => rule.flag === word || rule.alias === word);
}
