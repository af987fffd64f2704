/**
 * The runtime's public surface: everything generated code and SDK users may import.
 *
 * Defaults, and why:
 * - Retries (2, exponential backoff with full jitter, Retry-After honoured up to 60 s) only
 *   for operations whose descriptor is `retrySafe`; any other is sent once, always.
 * - 60 s per attempt, because some operations do slow work before answering; no overall
 *   deadline unless `deadlineMs` is given.
 * - Response validation `'warn'`: new enum values from the provider should be seen, not
 *   break production calls; the mismatch is logged as a warning, once per operation and
 *   field. Warnings and errors go to the console unless `logger` or `logLevel` say otherwise.
 * - Undeclared query keys are refused (a misspelt filter would silently widen a search).
 * - The token goes only to the configured origin over https (or to this machine), never
 *   along a redirect or an off-origin `next` link; a repeated `next` link throws.
 */
export { ClientCore } from './core/client-core.js';
export type {
  ClientOptions,
  ClientMeta,
  RequestOptions,
  ValidationMode,
  Environment,
  FetchLike,
  HeadersOption,
} from './core/options.js';
export {
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_RETRY_DELAY_MS,
  DEFAULT_VALIDATION_MODE,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_PAGES,
} from './core/options.js';
export type {
  OperationDescriptor,
  OperationInput,
  BodyEncoding,
  HttpMethod,
  QueryParameter,
  HeaderParameter,
  CookieParameter,
  InputChecks,
} from './core/operation.js';
// The request-building parts a descriptor names (see OperationDescriptor): exported so that a
// hand-written descriptor passed to `ClientCore.request` can name them as generated ones do.
export { encodeBody } from './core/body.js';
export { encodeParameters } from './core/params.js';
export { renderPath } from './core/url.js';
export { checkInput } from './core/request-checks.js';
export type { BinaryBody } from './core/binary-body.js';
export type { EventStream, ServerSentEvent } from './core/event-stream.js';
export { ApiPromise, type WithResponse } from './core/api-promise.js';
export {
  Page,
  PagePromise,
  PaginationError,
  requestPage,
  type PageData,
  type PageEnvelope,
  type PageParams,
} from './core/pagination.js';
// Types only: generated cursor lists import the walker from its module, so that a bundle of
// every export carries no cursor code for an API without cursor lists.
export type {
  CursorPagePromise,
  CursorList,
  CursorPage,
  CursorPageData,
} from './core/cursor-pagination.js';
export { SdkError, type RequestContext } from './core/sdk-error.js';
export {
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
  apiErrorClassFor,
  type ApiErrorClass,
  type KnownErrorType,
  type KnownErrorTypes,
  type ErrorBody,
} from './core/errors.js';
export {
  ConfigurationError,
  InsecureTransportError,
  InvalidRequestError,
  TokenProviderError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseParseError,
  ResponseValidationError,
  ResponseTooLargeError,
} from './core/request-errors.js';
export type {
  ClientHooks,
  RequestHookEvent,
  ResponseHookEvent,
  ErrorHookEvent,
  ValidationIssueEvent,
} from './core/hooks.js';
export type { Logger, LogLevel } from './core/logger.js';
export { BASE_RETRY_DELAY_MS, RETRY_AFTER_CAP_MS } from './core/retry.js';
export { isOneOf, type KnownValues } from './core/known.js';
export {
  GuardError,
  describeFailure,
  formatGuardPath,
  type Check,
  type GuardFailure,
} from './core/guard.js';
// Types only: the form validators and their interpreter are reached through the package's
// `forms` entry point, so an app that validates no form ships none of them.
export type {
  FieldConstraints,
  FormFields,
  FormSchema,
  StandardSchemaIssue,
  StandardSchemaV1,
} from './core/standard-schema.js';
export type { FormNode, FormStringFormat } from './core/form-nodes.js';
export type { FormIssue, FormIssueCode } from './core/validate.js';
// Types only: the query options and their helpers are reached through the package's `query`
// entry point; their types are here for code written around them, and so that the plan
// reserves their names (a schema of one of them would otherwise clash in the query module).
export type {
  InvalidationContext,
  MutationSettings,
  NonApiError,
  OperationApiError,
  OperationError,
  PageLinks,
  CursorLinks,
  QueryKeyPrefix,
  QueryRequestOptions,
} from './core/query.js';
