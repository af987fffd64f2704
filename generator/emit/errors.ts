/**
 * Which runtime error class a status becomes, so doc comments can say what a call throws.
 * Mirrors the status switch in templates/runtime/errors.ts; a test keeps the two in step.
 */
import type { IrOperation } from '../ir/types.js';

export const ERROR_CLASS_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  402: 'PaymentRequiredError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  409: 'ConflictError',
  423: 'LockedError',
  424: 'FailedDependencyError',
  429: 'RateLimitError',
};

export function errorClassForStatus(status: number): string {
  return ERROR_CLASS_BY_STATUS[status] ?? (status >= 500 ? 'InternalServerError' : 'ApiError');
}

/** `{@link NotFoundError} 404 …` lines for an operation's declared error statuses. */
export function errorClassesFor(op: IrOperation): string[] {
  return op.responses
    .filter((r): r is typeof r & { status: number } => typeof r.status === 'number' && r.status >= 400)
    .map((r) => `{@link ${errorClassForStatus(r.status)}} ${r.status}${r.description ? ` — ${r.description}` : ''}`);
}
