/**
 * Our validation extra for the `/fetch` client, off unless passed:
 * `createClient<paths>({ validate: validation(validators) })`, with `validators` from the
 * package's `./fetch/validators` entry (the generated guards of each operation's success
 * body, keyed by method and path as `paths` spells them). Only a JSON success body is
 * checked: other `parseAs` values, error bodies and paths without a validator pass as they
 * came. The guards allow what the contract allows (extra members, enum values added later),
 * so an answer the document permits is never refused.
 */
import type { Check, GuardFailure } from '../runtime/core/guard.js';
import { ResponseValidationError } from '../runtime/core/response-validation-error.js';
import type { RequestContext } from '../runtime/core/sdk-error.js';

/** What the generated `./fetch/validators` entry holds for one operation. */
export interface OperationValidator {
  /** Upper case: `GET`. */
  readonly method: string;
  /** The path as the document (and `paths`) writes it: `/pets/{petId}`. */
  readonly path: string;
  /** The spec's operationId, which messages name. */
  readonly operationId: string;
  /** The 2xx statuses the document declares; a bodiless 204 is a mismatch under none of them. */
  readonly successStatuses: readonly number[];
  /** The guard of the success body. */
  readonly check: Check;
  /** The body's type as messages name it: `Pet[]`. */
  readonly responseType: string;
}

/**
 * The package client's `ValidationMode`, spelled out: importing its module would bring the
 * client's options and hooks into the type check of every `/fetch` user, who may compile
 * without `strictNullChecks`, which those are not written for.
 */
export type ValidationMode = 'strict' | 'warn' | 'off';

export interface ValidationOptions {
  /**
   * As the package's own client (`validateResponses`): `'strict'` rejects the call with a
   * `ResponseValidationError` naming the JSON path; `'warn'` (default) reports it and gives
   * the data, since a provider's new field should show in monitoring, not stop production
   * calls; `'off'` skips the check (a call turning off what its client turned on).
   */
  readonly mode?: ValidationMode;
  /**
   * Where `'warn'` reports a mismatch, every time; by default `console.warn`, once per
   * operation and field so that a changed field cannot flood the console.
   */
  readonly report?: (error: ResponseValidationError) => void;
}

/** What the client hands the extra after reading a 2xx answer as JSON. */
export interface ValidatedAnswer {
  readonly schemaPath: string;
  readonly request: Request;
  readonly response: Response;
  readonly data: unknown;
}

/** The `validate` option of the client and of a call: `validation(…)` makes one. */
export type Validate = (answer: ValidatedAnswer) => void;

/**
 * The messages name the URL without its query: the `/fetch` client serves any API, and some
 * put keys in the query. Origin and path tell calls apart well enough.
 */
function contextOf(operationId: string, request: Request): RequestContext {
  const url = new URL(request.url);
  return { operationId, method: request.method, url: `${url.origin}${url.pathname}` };
}

/** The first mismatch of `data`, or undefined; a guard that throws is a mismatch, not a crash. */
function mismatch(validator: OperationValidator, status: number, data: unknown) {
  const { check, successStatuses, responseType } = validator;
  // A bodiless answer is fine under a status declared so; under another, it is no body posing as data.
  if (data === undefined && (status === 204 || status === 205))
    return successStatuses.length === 0 || successStatuses.includes(status)
      ? undefined
      : { reversedPath: [], expected: responseType, found: `${status} without a body` };
  try {
    return check(data);
  } catch {
    return { reversedPath: [], expected: responseType, found: 'a value the guard could not check' };
  }
}

/** Checks the success bodies of the operations in `validators`; other paths pass unchecked. */
export function validation(
  validators: readonly OperationValidator[],
  options: ValidationOptions = {},
): Validate {
  const { mode = 'warn' } = options;
  const byKey = new Map(validators.map((v) => [`${v.method} ${v.path}`, v]));
  const seen = new Set<string>();
  const report =
    options.report ??
    ((error: ResponseValidationError) => {
      const key = `${error.operationId}\0${error.path.replace(/\[\d+\]/g, '[]')}`;
      if (seen.has(key)) return;
      seen.add(key);
      console.warn(`${error.message} (logged once per field; mode: 'strict' throws)`);
    });
  return ({ schemaPath, request, response, data }) => {
    const validator = byKey.get(`${request.method} ${schemaPath}`);
    if (mode === 'off' || !validator || request.method === 'HEAD') return;
    const failure: GuardFailure | undefined = mismatch(validator, response.status, data);
    if (!failure) return;
    const error = new ResponseValidationError(
      failure,
      contextOf(validator.operationId, request),
      validator.responseType,
      data,
    );
    if (mode === 'strict') throw error;
    report(error);
  };
}
