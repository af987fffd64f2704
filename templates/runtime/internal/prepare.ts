/**
 * Everything about a request that can be decided before sending it: URL, headers, body and
 * the call's settings. All argument checks happen here, so a bad argument fails before any
 * byte leaves the machine. What only some operations need (query, header and cookie
 * parameters, path styles, bodies) comes with their descriptors, so this stays small.
 */
import type { RequestContext } from '../core/sdk-error.js';
import { CALL_OPTION_RULES, optionProblem, type ResolvedConfig } from './config.js';
import { layerHeaders } from './headers.js';
import type {
  CallSettings,
  OperationDescriptor,
  OperationInput,
  PreparedRequest,
} from '../core/operation.js';
import type { EncodedBody, HeaderRecord } from '../core/wire.js';
import type { RequestOptions } from '../core/options.js';
import { safeUrl, scrubPatterns } from './redact.js';
import { refuse } from './refuse.js';
import { simplePath } from '../core/url.js';

/** Where the request goes: built from the descriptor and the caller's input, or a `next` link as given. */
export type RequestTarget = { readonly input: OperationInput } | { readonly url: string };

/** The options a call may set that are checked by kind. */
const CALL_OPTIONS = Object.keys(CALL_OPTION_RULES) as (keyof typeof CALL_OPTION_RULES)[];

export function callSettings(
  config: ResolvedConfig,
  options: RequestOptions,
  context: RequestContext,
): CallSettings {
  if (typeof options !== 'object' || options === null)
    throw refuse(context, 'options', 'options must be an object');
  // Most calls pass no options: their settings are the client's own, made once per client.
  for (const _ in options) {
    const settings: Record<string, unknown> = { ...config.settings };
    for (const key of CALL_OPTIONS) {
      const problem = optionProblem(options[key], `options.${key}`, CALL_OPTION_RULES[key]);
      if (problem) throw refuse(context, `options.${key}`, problem);
      if (options[key] !== undefined) settings[key] = options[key];
    }
    // Duck-typed: a signal from another realm (an iframe, a test environment) is still a signal.
    const signal = options.signal as Partial<AbortSignal> | undefined;
    if (
      signal !== undefined &&
      (typeof signal?.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')
    )
      throw refuse(context, 'options.signal', 'options.signal must be an AbortSignal');
    settings['signal'] = signal;
    return settings as unknown as CallSettings;
  }
  return config.settings;
}

/**
 * The parameters of an operation that declares no query, header or cookie parameter: none,
 * and any the caller passes is refused (a misspelt filter would otherwise widen a search
 * without a word).
 */
function noParameters(input: OperationInput, context: RequestContext): string {
  for (const part of ['query', 'headers', 'cookies'] as const) {
    const values = input[part] as Readonly<Record<string, unknown>> | undefined;
    for (const key in values)
      if (values[key] !== undefined && values[key] !== null)
        throw refuse(
          context,
          `${part}.${key}`,
          `unknown ${part === 'query' ? part : part.slice(0, -1)} parameter "${key}"; it takes none`,
        );
  }
  return '';
}

/** The body of an operation that takes none: nothing, and a body or an encoding passed is refused. */
function noBody(body: unknown, options: RequestOptions, context: RequestContext): undefined {
  if (body !== undefined) throw refuse(context, 'body', 'takes no request body');
  if (options.encoding !== undefined)
    throw refuse(
      context,
      'options.encoding',
      'takes no request body, so options.encoding does not apply',
    );
  return undefined;
}

export function prepareRequest(
  config: ResolvedConfig,
  descriptor: OperationDescriptor,
  target: RequestTarget,
  options: RequestOptions = {},
): PreparedRequest {
  const { id: operationId, method } = descriptor;
  // One context per call. Until the URL is known, errors name the path template (the base
  // URL holds no credentials); the URL is filled in once built, since nothing has kept the
  // context by then (only errors, which end the call, hold it).
  const context: { -readonly [K in keyof RequestContext]: RequestContext[K] } = {
    operationId,
    method,
    url: config.urlPrefix + descriptor.path,
  };
  // One copy of the client's headers per call; only the token is set again per attempt.
  const headers: HeaderRecord = { ...config.defaultHeaders };
  if (descriptor.accept !== undefined) headers['accept'] = descriptor.accept;
  let url: string;
  let settings: CallSettings;
  let encoded: EncodedBody | undefined;
  if ('url' in target) {
    // A `next` link may hold credentials of its own: it is parsed to strip them. The server
    // wrote it, so it may echo the token too.
    url = target.url;
    context.url = config.scrubber.text(safeUrl(url));
    settings = callSettings(config, options, context);
  } else {
    const input = target.input ?? {};
    if (typeof input !== 'object' || input === null)
      throw refuse(context, 'input', 'input must be an object');
    const path = (descriptor.renderPath ?? simplePath)(descriptor.path, input.path, context);
    const query = descriptor.encodeParameters
      ? descriptor.encodeParameters(descriptor, input, context, headers)
      : noParameters(input, context);
    url = config.urlPrefix + path + (query === '' ? '' : `?${query}`);
    // A URL built here starts with the base URL, which holds no user name or password (the
    // config refuses them): only patterns that look like secrets need hiding.
    context.url = scrubPatterns(url);
    settings = callSettings(config, options, context);
    if (settings.validateRequests) descriptor.checkInput?.(descriptor, input, context);
    encoded = descriptor.encodeBody
      ? descriptor.encodeBody(descriptor, input.body, options.encoding, context)
      : noBody(input.body, options, context);
  }

  const problem = layerHeaders(headers, options.headers, 'options.headers');
  if (problem) throw refuse(context, 'options.headers', problem);
  // Only a body has a type; the client's defaults never hold one (see `resolveConfig`).
  if (encoded?.contentType !== undefined) headers['content-type'] = encoded.contentType;
  else if (options.headers !== undefined) delete headers['content-type'];
  return {
    descriptor,
    context,
    url,
    headers,
    body: encoded?.body,
    oneShot: encoded?.oneShot === true,
    settings,
  };
}
