/**
 * The kinds of reusable objects OpenAPI keeps under `components` that a `$ref` may name,
 * each a map from the author's names to objects: the bundler hoists a split spec's targets
 * there (load/split/positions.ts), and the validator reads their keys as names, not keywords.
 * (3.1's `pathItems` is left out: a path item referred to from another file is inlined.)
 */
export const COMPONENT_KINDS = [
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
] as const;

export type ComponentKind = (typeof COMPONENT_KINDS)[number];
