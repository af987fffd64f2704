/**
 * The declared constraints of a call's arguments, checked before anything is sent: a value
 * the server would refuse with 400 fails here instead, with the argument and JSON path
 * (`query.page_size: expected integer at least 1, got 0`), and is never retried.
 */
import type { RequestContext } from './sdk-error.js';
import { formatGuardPath, type GuardFailure } from './guard.js';
import type { OperationDescriptor, OperationInput } from './operation.js';
import { refuse } from '../internal/refuse.js';

const PARTS = ['path', 'query', 'headers', 'cookies', 'body'] as const;

/**
 * Throws `InvalidRequestError` for the first argument that breaks the constraints the
 * descriptor's `inputChecks` declare. Named by the descriptors that have checks, so a bundle
 * of operations without any leaves it out.
 */
export function checkInput(
  { inputChecks: checks }: OperationDescriptor,
  input: OperationInput,
  context: RequestContext,
): void {
  if (checks === undefined) return;
  for (const part of PARTS) {
    const check = checks[part];
    if (check === undefined) continue;
    let value: unknown = input[part];
    if (value === undefined) {
      if (part === 'body' && !checks.bodyRequired) continue;
      // Parameters left out are an empty set of parameters: the check then names the
      // required ones that are missing.
      if (part !== 'body') value = {};
    }
    const failure = check(value);
    if (failure === undefined) continue;
    const argument = formatGuardPath(failure, part);
    throw refuse(
      context,
      argument,
      `${argument}: expected ${failure.expected}, got ${shown(value, failure)}`,
    );
  }
}

/**
 * What was found: numbers and booleans as themselves (`got 0` says more than `got
 * integer`), anything else by its kind only, since a string may be a secret.
 */
function shown(root: unknown, failure: GuardFailure): string {
  let value = root;
  for (let i = failure.reversedPath.length - 1; i >= 0; i--) {
    if (typeof value !== 'object' || value === null) return failure.found;
    value = (value as Record<string | number, unknown>)[failure.reversedPath[i]!];
  }
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : failure.found;
}
