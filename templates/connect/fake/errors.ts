/**
 * The two error bodies the spec declares, `Detail` and `ErrorDetail`, as a throwable value:
 * handlers throw an `ApiFailure` and the server writes it, so every error path ends in a body
 * the spec allows.
 */
import { formatGuardPath, type GuardFailure } from '../../runtime/core/guard.js';

/** The spec's `ErrorType` values the fake uses. */
export type ErrorTypeName =
  | 'validation_error'
  | 'payment_method_error'
  | 'payment_error'
  | 'temporary_locked'
  | 'already_charging'
  | 'already_stopped'
  | 'station_availability_issue'
  | 'billing_data_required'
  | 'charging_provider_error'
  | 'unexpected_error'
  | 'pre_authorization_failed';

export interface DetailBody {
  readonly detail: string;
}

export interface ErrorDetailBody {
  readonly detail: string;
  readonly error: {
    readonly type: ErrorTypeName;
    readonly details: string;
    readonly payment_intent_client_secret?: string;
  };
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: DetailBody | ErrorDetailBody,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`${status} ${body.detail}`);
    this.name = 'ApiFailure';
  }
}

/** A simple error: `{detail}`. */
export function detailFailure(
  status: number,
  detail: string,
  headers?: Readonly<Record<string, string>>,
): ApiFailure {
  return new ApiFailure(status, { detail }, headers);
}

/** A validation or payment error: `{detail, error: {type, details}}`. */
export function errorDetailFailure(
  status: number,
  type: ErrorTypeName,
  detail: string,
  details = detail,
  paymentIntentClientSecret?: string,
): ApiFailure {
  const error =
    paymentIntentClientSecret === undefined
      ? { type, details }
      : { type, details, payment_intent_client_secret: paymentIntentClientSecret };
  return new ApiFailure(status, { detail, error });
}

/**
 * 400 `validation_error` naming the field (or parameter) at fault in `error.details`. The
 * `detail` stays general, as Django REST Framework's is: clients show both, and the field's
 * problem in both read twice (`Invalid input: x: … — x: …`).
 */
export function validationFailure(field: string, problem: string): ApiFailure {
  return errorDetailFailure(400, 'validation_error', 'Invalid input.', `${field}: ${problem}`);
}

/** 400 for a body that failed its generated guard; the guard's path names the field. */
export function guardFailure(failure: GuardFailure): ApiFailure {
  const field = formatGuardPath(failure).replace(/^\$\.?/, '') || 'body';
  return validationFailure(field, `expected ${failure.expected}, got ${failure.found}`);
}

export function notFound(what = 'Not found.'): ApiFailure {
  return detailFailure(404, what);
}

/** 404 for an unknown path; when only the trailing slash is missing, the detail names the path meant. */
export function noRoute(withSlash: string | undefined): ApiFailure {
  return notFound(
    withSlash === undefined
      ? 'Not found.'
      : `Not found. Paths of this API end with a slash: ${withSlash}`,
  );
}
