/**
 * Turns ajv's raw error list into the few errors a person should read. With `allErrors`, a
 * document that fails one `oneOf` reports every alternative's complaints (a 3.0 parameter
 * with a bad `in` yields nine errors); this keeps the ones that explain the problem:
 *
 * 1. For each failed `oneOf`/`anyOf`, errors are attributed to the alternative they came
 *    from (by walking from the error's schema up to the alternative). Then, in order:
 *    - a value with `$ref` was meant to be a Reference Object, a value without it was not:
 *      the other alternatives' errors go (for a `$ref` value, every error but the reference's);
 *    - alternatives whose discriminator (the direct property most alternatives reject by
 *      `enum`/`const`, such as a security scheme's `type`) does not match go, if any
 *      alternative does match; if none does, only the discriminator errors stay (merged below
 *      into one "must be one of");
 *    - alternatives that got deeper into the value win over those that failed at its top;
 *    - if what is left is one `required` error per alternative, they become one message
 *      ("must have exactly one of 'schema' or 'content'").
 * 2. Summary errors (`if`, `propertyNames`, and `oneOf`/`anyOf` that still have a more
 *    specific error at the same or a deeper path) go.
 * 3. An `unevaluatedProperties` error goes when it is a consequence: next to a failed
 *    discriminator, or for a property some branch of the schema allows, on a value that has
 *    another error (a 3.1 parameter without `schema` makes its `style` "unevaluated", because
 *    `style` is allowed only under `dependentSchemas.schema`).
 * 4. A `type` error hides the other errors on the same value; `enum` errors on one value merge.
 */
import type { ErrorObject } from 'ajv';
import type { CompiledSchema, SchemaNode } from './schemas.js';

/** One ajv error that survived, possibly merged (`allowedValues`) or combined (`alternatives`). */
export interface KeptError {
  readonly error: ErrorObject;
  /** For merged `enum` errors: the union of every alternative's allowed values. */
  readonly allowedValues?: readonly unknown[];
  /** For combined `required` errors: the property names of which exactly one (oneOf) or at least one (anyOf) is needed. */
  readonly alternatives?: {
    readonly keyword: 'oneOf' | 'anyOf';
    readonly properties: readonly string[];
  };
}

export function simplifyErrors(
  errors: readonly ErrorObject[],
  schema: CompiledSchema,
): KeptError[] {
  const dropped = new Set<ErrorObject>();
  const candidates: Combination[] = [];
  for (const failure of errors) {
    if (failure.keyword !== 'oneOf' && failure.keyword !== 'anyOf') continue;
    const combination = chooseAlternative(failure, errors, schema, dropped);
    if (combination) candidates.push(combination);
  }
  // A combination stands unless an enclosing `oneOf` rejected the failure it explains.
  const combined: KeptError[] = [];
  for (const { kept, parts } of candidates) {
    if (dropped.has(kept.error)) continue;
    for (const part of parts) dropped.add(part);
    dropped.add(kept.error);
    combined.push(kept);
  }

  const live = (e: ErrorObject) => !dropped.has(e) && !SUMMARY.has(e.keyword);
  for (const error of errors) {
    if (error.keyword === 'if') dropped.add(error);
    // ajv reports a bad property name twice: the name's own error (with `propertyName`) and
    // a `propertyNames` summary on the object.
    if (
      error.keyword === 'propertyNames' &&
      errors.some((e) => e.propertyName !== undefined && e.instancePath === error.instancePath)
    )
      dropped.add(error);
    if (
      (error.keyword === 'oneOf' || error.keyword === 'anyOf') &&
      (errors.some((e) => live(e) && isAtOrBelow(e.instancePath, error.instancePath)) ||
        combined.some((c) => isAtOrBelow(c.error.instancePath, error.instancePath)))
    ) {
      dropped.add(error);
    }
  }
  const kept = errors.filter((e) => !dropped.has(e));

  const discriminatorFailed = (path: string) =>
    kept.some(
      (e) => (e.keyword === 'enum' || e.keyword === 'const') && parentPath(e.instancePath) === path,
    );
  const typeFailed = new Set(kept.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const result: KeptError[] = [];
  const enums = new Map<string, { error: ErrorObject; values: unknown[] }>();
  const otherFailed = new Set([
    ...kept.filter((e) => e.keyword !== 'unevaluatedProperties').map((e) => e.instancePath),
    ...combined.map((c) => c.error.instancePath),
  ]);
  for (const error of kept) {
    if (error.keyword === 'unevaluatedProperties' && discriminatorFailed(error.instancePath))
      continue;
    if (
      error.keyword === 'unevaluatedProperties' &&
      otherFailed.has(error.instancePath) &&
      isKnownInSomeBranch(error.parentSchema, String(error.params['unevaluatedProperty']), schema)
    ) {
      continue;
    }
    if (error.keyword !== 'type' && typeFailed.has(error.instancePath)) continue;
    if (error.keyword === 'enum') {
      const values = Array.isArray(error.params['allowedValues'])
        ? (error.params['allowedValues'] as unknown[])
        : [];
      const merged = enums.get(error.instancePath);
      if (merged) {
        for (const value of values) if (!merged.values.includes(value)) merged.values.push(value);
        continue;
      }
      const entry = { error, values: [...values] };
      enums.set(error.instancePath, entry);
      result.push({ error, allowedValues: entry.values });
      continue;
    }
    result.push({ error });
  }
  return [...result, ...combined];
}

const SUMMARY = new Set(['oneOf', 'anyOf', 'if']);

/** Whether `name` is among the `properties` of the schema or of its inline subschemas (not following `$ref`). */
function isKnownInSomeBranch(parentSchema: unknown, name: string, schema: CompiledSchema): boolean {
  const seen = new Set<unknown>();
  const search = (node: unknown, refs: number): boolean => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return false;
    seen.add(node);
    const object = node as SchemaNode;
    const properties = object['properties'];
    if (typeof properties === 'object' && properties !== null && Object.hasOwn(properties, name))
      return true;
    if (
      typeof object['$ref'] === 'string' &&
      refs < 1 &&
      search(schema.resolve(object['$ref']), refs + 1)
    )
      return true;
    return Object.entries(object).some(
      ([key, value]) => key !== 'properties' && search(value, refs),
    );
  };
  return search(parentSchema, 0);
}

/** Errors that one message replaces: one `required` per alternative. */
interface Combination {
  readonly kept: KeptError;
  readonly parts: readonly ErrorObject[];
}

/**
 * Applies rule 1 to one failed `oneOf`/`anyOf`: marks the errors it rejects in `dropped`,
 * and returns the combined message if what is left is one `required` per alternative.
 */
function chooseAlternative(
  failure: ErrorObject,
  errors: readonly ErrorObject[],
  schema: CompiledSchema,
  dropped: Set<ErrorObject>,
): Combination | undefined {
  const branches = Array.isArray(failure.schema) ? (failure.schema as unknown[]) : [];
  const roots = branches.map((branch) => branchRoots(branch, schema));
  const byBranch = branches.map((): ErrorObject[] => []);
  for (const error of errors) {
    if (error === failure || !isAtOrBelow(error.instancePath, failure.instancePath)) continue;
    const index = branchOf(error, roots, depth(failure.instancePath), schema);
    if (index !== undefined) byBranch[index]?.push(error);
  }
  const drop = (index: number) => byBranch[index]?.forEach((e) => dropped.add(e));

  // "Matched more than one": the failing alternatives' errors say nothing about the problem.
  if (Array.isArray(failure.params['passingSchemas'])) {
    byBranch.forEach((_, index) => drop(index));
    return undefined;
  }

  const isReference = roots.map((set) =>
    [...set].some((node) => /^reference$/i.test(schema.definitionNames.get(node) ?? '')),
  );
  const data = failure.data;
  const hasRef = typeof data === 'object' && data !== null && Object.hasOwn(data, '$ref');
  let remaining = byBranch.map((_, index) => index);
  if (isReference.some(Boolean)) {
    remaining = remaining.filter((index) => {
      const keep = isReference[index] === hasRef;
      if (!keep) drop(index);
      return keep;
    });
    // A value with `$ref` is a Reference Object: whatever else was said about it came from
    // the other alternatives, including definitions they pulled in with `$ref` (which the
    // attribution above cannot see through), so only the reference's own errors stay.
    if (hasRef) {
      const own = new Set(remaining.flatMap((index) => byBranch[index] ?? []));
      for (const error of errors) {
        if (
          error !== failure &&
          !own.has(error) &&
          isAtOrBelow(error.instancePath, failure.instancePath)
        )
          dropped.add(error);
      }
      return undefined;
    }
  }
  // Branches with no attributable error: nothing is known about why they failed, so do not guess.
  if (remaining.length < 2 || remaining.some((index) => byBranch[index]?.length === 0))
    return undefined;

  const childDepth = depth(failure.instancePath) + 1;
  // The discriminator is the direct property most alternatives reject by value (`in` for a
  // 3.0 parameter location, `type` for a security scheme), not just any property with an enum.
  const isValueCheck = (e: ErrorObject) =>
    (e.keyword === 'enum' || e.keyword === 'const') && depth(e.instancePath) === childDepth;
  const votes = new Map<string, number>();
  for (const index of remaining) {
    for (const path of new Set(byBranch[index]?.filter(isValueCheck).map((e) => e.instancePath)))
      votes.set(path, (votes.get(path) ?? 0) + 1);
  }
  const discriminator = [...votes].reduce<[string, number] | undefined>(
    (best, entry) => (!best || entry[1] > best[1] ? entry : best),
    undefined,
  )?.[0];
  const isDiscriminator = (e: ErrorObject) => isValueCheck(e) && e.instancePath === discriminator;
  const mismatched = remaining.filter((index) => byBranch[index]?.some(isDiscriminator));
  if (mismatched.length > 0 && mismatched.length < remaining.length) {
    mismatched.forEach(drop);
    remaining = remaining.filter((index) => !mismatched.includes(index));
  } else if (mismatched.length === remaining.length) {
    for (const index of remaining)
      byBranch[index]?.forEach((e) => isDiscriminator(e) || dropped.add(e));
    return undefined;
  }

  const deepest = (index: number) =>
    Math.max(...(byBranch[index] ?? []).map((e) => depth(e.instancePath)));
  const furthest = Math.max(...remaining.map(deepest));
  if (furthest > depth(failure.instancePath)) {
    remaining.filter((index) => deepest(index) < furthest).forEach(drop);
    remaining = remaining.filter((index) => deepest(index) === furthest);
  }

  const onlyRequired = remaining.every((index) => {
    const own = byBranch[index] ?? [];
    return (
      own.length === 1 &&
      own[0]?.keyword === 'required' &&
      own[0].instancePath === failure.instancePath
    );
  });
  if (!onlyRequired || remaining.length < 2) return undefined;
  const parts = remaining.flatMap((index) => byBranch[index] ?? []);
  const properties = parts.map((e) => String(e.params['missingProperty']));
  return {
    kept: {
      error: failure,
      alternatives: { keyword: failure.keyword === 'anyOf' ? 'anyOf' : 'oneOf', properties },
    },
    parts,
  };
}

/** The schema objects that stand for one alternative: the branch itself and, for `{$ref}`, its target. */
function branchRoots(branch: unknown, schema: CompiledSchema): Set<unknown> {
  const roots = new Set<unknown>([branch]);
  if (
    typeof branch === 'object' &&
    branch !== null &&
    typeof (branch as SchemaNode)['$ref'] === 'string'
  ) {
    const target = schema.resolve((branch as SchemaNode)['$ref'] as string);
    if (target) roots.add(target);
  }
  return roots;
}

/**
 * Which alternative an error came from: walk from the schema that raised it up through its
 * parents until an alternative's root, counting how many levels of the value (`properties`,
 * `items`, ...) the walk crossed; the error belongs to that alternative only if the counts
 * agree (a deeper error inside the same recursive definition belongs to an inner `oneOf`).
 */
function branchOf(
  error: ErrorObject,
  roots: readonly Set<unknown>[],
  failureDepth: number,
  schema: CompiledSchema,
): number | undefined {
  let node = error.parentSchema as SchemaNode | undefined;
  let levels = 0;
  while (node) {
    const index = roots.findIndex((set) => set.has(node));
    if (index >= 0) return depth(error.instancePath) === failureDepth + levels ? index : undefined;
    const link = schema.parents.get(node);
    if (!link) return undefined;
    if (VALUE_LEVEL.has(link.path[0] ?? '')) levels += 1;
    node = link.parent;
  }
  return undefined;
}

/** Keywords whose subschema applies to a value one level down (a property or an item). */
const VALUE_LEVEL = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  'contains',
]);

function depth(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

function parentPath(pointer: string): string {
  return pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));
}

function isAtOrBelow(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}
