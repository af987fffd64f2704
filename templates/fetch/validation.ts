/**
 * Our validation extra for the `/fetch` client, off unless passed:
 * `createClient<paths>({ validate: validation(validators) })`, with `validators` from the
 * package's `./fetch/validators` entry (the generated guards of each operation, keyed by
 * method and path as `paths` spells them). Before sending, the call's `params` and `body` are
 * checked against the declared parameters and body, as the package's client checks its
 * arguments; after, a JSON success body against the declared answer. Other `parseAs` values,
 * error bodies and paths without a validator pass as they came. The guards allow what the
 * contract allows (extra members, enum values added later), so an answer the document permits
 * is never refused.
 */
import { formatGuardPath, type Check, type GuardFailure } from '../runtime/core/guard.js';
import { InvalidRequestError } from '../runtime/core/invalid-request-error.js';
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
  /** The guard of the success body; absent when it is not JSON with a shape to check. */
  readonly check?: Check;
  /** The body's type as messages name it: `Pet[]`. */
  readonly responseType?: string;
  /** The guards of what the call sends, by `params` key and `body`; absent when nothing is declared to check. */
  readonly request?: RequestChecks;
}

/** The parts of a call's `init` the document constrains, as the `/fetch` client spells them. */
export interface RequestChecks {
  readonly path?: Check;
  readonly query?: Check;
  readonly header?: Check;
  readonly cookie?: Check;
  readonly body?: Check;
  /** The document requires a body: leaving it out is a mismatch. */
  readonly bodyRequired?: boolean;
}

const PARTS = ['path', 'query', 'header', 'cookie', 'body'] as const;

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
  readonly report?: (error: ResponseValidationError | InvalidRequestError) => void;
}

/** What the client hands the extra before building the request. */
export interface ValidatedCall {
  readonly method: string;
  readonly schemaPath: string;
  readonly baseUrl: string;
  readonly params: Readonly<Partial<Record<'path' | 'query' | 'header' | 'cookie', unknown>>>;
  readonly body: unknown;
}

/** What the client hands the extra after reading a 2xx answer as JSON. */
export interface ValidatedAnswer {
  readonly schemaPath: string;
  readonly request: Request;
  readonly response: Response;
  readonly data: unknown;
}

/** The `validate` option of the client and of a call: `validation(…)` makes one. */
export interface Validate {
  /** Throws (`'strict'`) or reports (`'warn'`) a call's arguments that break the document, before sending. */
  readonly request: (call: ValidatedCall) => void;
  /** Throws or reports a JSON success body that does not match. */
  readonly response: (answer: ValidatedAnswer) => void;
}

/**
 * The messages name the URL without its query: the `/fetch` client serves any API, and some
 * put keys in the query. Origin and path tell calls apart well enough.
 */
function contextOf(operationId: string, method: string, url: string): RequestContext {
  const parsed = new URL(url);
  return { operationId, method, url: `${parsed.origin}${parsed.pathname}` };
}

/**
 * The first part of a call that breaks its checks, as the package's client words it:
 * `query.limit: expected integer, got string`. What was found is named by kind, never quoted.
 */
function refusal(checks: RequestChecks, call: ValidatedCall) {
  for (const part of PARTS) {
    const check = checks[part];
    if (!check) continue;
    let value = part === 'body' ? call.body : call.params[part];
    if (value === undefined) {
      if (part === 'body' && !checks.bodyRequired) continue;
      // Parameters left out are an empty set: the check then names the required ones missing.
      if (part !== 'body') value = {};
    }
    const failure = check(value);
    if (!failure) continue;
    const argument = formatGuardPath(failure, part);
    return { argument, problem: `${argument}: expected ${failure.expected}, got ${failure.found}` };
  }
  return undefined;
}

/** The first mismatch of `data`, or undefined; a guard that throws is a mismatch, not a crash. */
function mismatch(validator: OperationValidator, status: number, data: unknown) {
  const { check, successStatuses, responseType = 'a body' } = validator;
  // A bodiless answer is fine under a status declared so; under another, it is no body posing as data.
  if (data === undefined && (status === 204 || status === 205))
    return successStatuses.length === 0 || successStatuses.includes(status)
      ? undefined
      : { reversedPath: [], expected: responseType, found: `${status} without a body` };
  try {
    return check!(data);
  } catch {
    return { reversedPath: [], expected: responseType, found: 'a value the guard could not check' };
  }
}

/** Checks the calls and success bodies of the operations in `validators`; other paths pass unchecked. */
export function validation(
  validators: readonly OperationValidator[],
  options: ValidationOptions = {},
): Validate {
  const { mode = 'warn' } = options;
  const byKey = new Map(validators.map((v) => [`${v.method} ${v.path}`, v]));
  const seen = new Set<string>();
  const report =
    options.report ??
    ((error: ResponseValidationError | InvalidRequestError) => {
      const field = 'path' in error ? error.path : error.argument;
      const key = `${error.operationId}\0${field?.replace(/\[\d+\]/g, '[]')}`;
      if (seen.has(key)) return;
      seen.add(key);
      console.warn(`${error.message} (logged once per field; mode: 'strict' throws)`);
    });
  const settle = (error: ResponseValidationError | InvalidRequestError) => {
    if (mode === 'strict') throw error;
    report(error);
  };
  return {
    request(call) {
      const validator = byKey.get(`${call.method} ${call.schemaPath}`);
      const found = mode !== 'off' && validator?.request && refusal(validator.request, call);
      if (!found) return;
      const { operationId } = validator!;
      // The path template stands for the URL: its parameters are what was found wrong.
      const context = contextOf(operationId, call.method, `${call.baseUrl}${call.schemaPath}`);
      settle(new InvalidRequestError(`${operationId}: ${found.problem}`, context, found.argument));
    },
    response({ schemaPath, request, response, data }) {
      const validator = byKey.get(`${request.method} ${schemaPath}`);
      if (mode === 'off' || !validator?.check || request.method === 'HEAD') return;
      const failure: GuardFailure | undefined = mismatch(validator, response.status, data);
      if (!failure) return;
      settle(
        new ResponseValidationError(
          failure,
          contextOf(validator.operationId, request.method, request.url),
          validator.responseType,
          data,
        ),
      );
    },
  };
}
