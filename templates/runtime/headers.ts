/**
 * Request headers, layered: the client's defaults, the client's `headers` option, the
 * operation's header parameters, the call's `headers`, then the body's content type.
 * `Authorization` is added per attempt by the request loop and cannot be set anywhere else.
 */
import type { RequestContext } from './sdk-error.js';
import { checkHeaders, type ResolvedConfig } from './config.js';
import type { ClientMeta, HeadersOption } from './options.js';
import type { CookieParameter, HeaderParameter } from './operation.js';
import { InvalidRequestError } from './request-errors.js';
import { nodeVersion, runsInBrowser } from './runtime-globals.js';
import { scalarText } from './url.js';

/**
 * `Accept`, and who is calling: the client header the spec names (`meta.clientHeader`)
 * everywhere, because browsers do not let scripts set `User-Agent`; `User-Agent` as well
 * outside browsers. Both name the package's version and, as a comment, the API version it was
 * generated from (`name/2.0.0 (api 1.4.0)`), since the two move independently and the
 * provider's logs need both.
 */
export function defaultHeaders(meta: ClientMeta): Record<string, string> {
  const api = meta.apiVersion === undefined ? '' : ` (api ${meta.apiVersion})`;
  const client = `${meta.sdkName}/${meta.sdkVersion}${api}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (meta.clientHeader !== undefined) headers[meta.clientHeader.toLowerCase()] = client;
  if (!runsInBrowser()) {
    const node = nodeVersion();
    headers['user-agent'] = node === undefined ? client : `${client} node/${node}`;
  }
  return headers;
}

/**
 * Each client's default headers with its `headers` option laid over them, built once:
 * checking names and values per request showed up in profiles.
 */
const DEFAULTS = new WeakMap<ResolvedConfig, Headers>();

function defaultsFor(config: ResolvedConfig): Headers {
  let headers = DEFAULTS.get(config);
  if (headers === undefined) {
    headers = new Headers(defaultHeaders(config.meta));
    layer(headers, config.headers);
    DEFAULTS.set(config, headers);
  }
  return headers;
}

function layer(target: Headers, extra: HeadersOption | undefined): void {
  for (const [name, value] of Object.entries(extra ?? {})) {
    if (value === null) target.delete(name);
    else if (value !== undefined) target.set(name, value);
  }
}

export interface HeaderInput {
  readonly declared: readonly HeaderParameter[] | undefined;
  /** The operation's header parameters as the caller passed them. */
  readonly parameters: object | undefined;
  readonly callHeaders: HeadersOption | undefined;
  readonly contentType: string | undefined;
  /** The operation's own `Accept` (a text or binary response); a call's headers still win. */
  readonly accept?: string | undefined;
  readonly declaredCookies?: readonly CookieParameter[] | undefined;
  /** The operation's cookie parameters as the caller passed them. */
  readonly cookies?: object | undefined;
}

export function buildRequestHeaders(
  config: ResolvedConfig,
  input: HeaderInput,
  context: RequestContext,
): Headers {
  const headers = new Headers(defaultsFor(config));
  if (input.accept !== undefined) headers.set('accept', input.accept);
  if (input.parameters !== undefined || input.cookies !== undefined)
    parameterHeaders(headers, input, context);

  if (input.callHeaders !== undefined) {
    const problem = checkHeaders(input.callHeaders, 'options.headers');
    if (problem)
      throw new InvalidRequestError(
        `${context.operationId}: ${problem}`,
        context,
        'options.headers',
      );
    layer(headers, input.callHeaders);
  }

  if (input.contentType !== undefined) headers.set('content-type', input.contentType);
  else headers.delete('content-type');
  return headers;
}

/** The operation's header and cookie parameters, checked and set. */
function parameterHeaders(headers: Headers, input: HeaderInput, context: RequestContext): void {
  // Header names are case-insensitive; cookie names are not.
  for (const { name, text, argument } of scalarParameters(
    'header',
    input.declared,
    input.parameters,
    context,
    (n) => n.toLowerCase(),
  )) {
    setChecked(headers, name, text, argument, context);
  }
  // `a=1; b=x%20y`: each value percent-encoded, since a cookie value may not hold spaces, commas or semicolons.
  const cookies = scalarParameters(
    'cookie',
    input.declaredCookies,
    input.cookies,
    context,
    (n) => n,
  ).map(({ name, text }) => `${name}=${encodeURIComponent(text)}`);
  if (cookies.length > 0) setChecked(headers, 'cookie', cookies.join('; '), 'cookies', context);
}

/**
 * The header or cookie parameters the caller gave, as text: undefined and null skipped,
 * undeclared names and values that are not scalars refused before anything is sent.
 */
function scalarParameters(
  kind: 'header' | 'cookie',
  declared: readonly (HeaderParameter | CookieParameter)[] | undefined,
  values: object | undefined,
  context: RequestContext,
  key: (name: string) => string,
): { name: string; text: string; argument: string }[] {
  const known = new Set((declared ?? []).map((p) => key(p.name)));
  const out: { name: string; text: string; argument: string }[] = [];
  for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const argument = `${kind}s.${name}`;
    if (!known.has(key(name)))
      throw new InvalidRequestError(
        `${context.operationId}: unknown ${kind} parameter "${name}"`,
        context,
        argument,
      );
    const text = scalarText(value, argument, context);
    if (text === undefined)
      throw new InvalidRequestError(
        `${context.operationId}: ${argument} must be a string, number or boolean`,
        context,
        argument,
      );
    out.push({ name, text, argument });
  }
  return out;
}

function setChecked(
  headers: Headers,
  name: string,
  value: string,
  argument: string,
  context: RequestContext,
): void {
  try {
    headers.set(name, value);
  } catch {
    throw new InvalidRequestError(
      `${context.operationId}: ${argument} is not a valid header value`,
      context,
      argument,
    );
  }
}
