/**
 * The `/fetch` entry: openapi-fetch's API over an openapi-typescript `paths` type, so a
 * project moves here by changing its import. Our extras (`retries`, `timeout`, `validation`)
 * are off unless passed to `createClient`, and a bundle that does not import them does not
 * carry them.
 */
import { createClient } from './client.js';

export default createClient;
export { createClient, randomID } from './client.js';
export { ResponseTooLargeError } from './read.js';
export { createPathBasedClient, wrapAsPathBasedClient } from './path-based.js';
// openapi-fetch's serializer helpers, public as they are: serialize.ts exports nothing else.
export * from './serialize.js';
export { retries, type RetryOptions } from './retries.js';
export { timeout, TimeoutError } from './timeout.js';
export {
  validation,
  type OperationValidator,
  type RequestChecks,
  type Validate,
  type ValidatedCall,
  type ValidatedAnswer,
  type ValidationMode,
  type ValidationOptions,
} from './validation.js';
export { ResponseValidationError } from '../runtime/core/response-validation-error.js';
export { InvalidRequestError } from '../runtime/core/invalid-request-error.js';
export type {
  BodySerializer,
  Client,
  ClientForPath,
  ClientMethod,
  ClientOptions,
  ClientPathsWithMethod,
  ClientRequestMethod,
  DefaultParamsOption,
  FetchOptions,
  FetchResponse,
  HeadersOptions,
  MaybeOptionalInit,
  MergedOptions,
  MethodResponse,
  Middleware,
  MiddlewareCallbackParams,
  MiddlewareRequestParams,
  ParamsOption,
  ParseAs,
  ParseAsResponse,
  PathBasedClient,
  PathSerializer,
  QuerySerializer,
  QuerySerializerOptions,
  RequestBodyOption,
  RequestOptions,
  Send,
  SendWrapper,
} from './types.js';
// What openapi-typescript-helpers gave, for imports that named it.
export type * from './helpers.js';
