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

/** An error status an operation declares, and the class a caller catches for it. */
export interface ErrorResponse {
  readonly className: string;
  readonly status: number;
  readonly description?: string;
}

/** The operation's declared error statuses (400 and up), in spec order. */
export function errorResponsesFor(op: IrOperation): ErrorResponse[] {
  return op.responses
    .filter((r): r is typeof r & { status: number } => typeof r.status === 'number' && r.status >= 400)
    .map((r) => ({ className: errorClassForStatus(r.status), status: r.status, ...(r.description ? { description: r.description } : {}) }));
}

/** `NotFoundError 404 — text`, with the class name as its caller writes it (`{@link …}` in a doc comment, code in markdown). */
export function errorLine(error: ErrorResponse, className: string = error.className): string {
  return `${className} ${error.status}${error.description ? ` — ${error.description}` : ''}`;
}

/** `{@link NotFoundError} 404 …` lines for an operation's declared error statuses. */
export function errorClassesFor(op: IrOperation): string[] {
  return errorResponsesFor(op).map((e) => errorLine(e, `{@link ${e.className}}`));
}
