/**
 * `createClient<paths>(options)`: one method per HTTP method, each building a Request from the
 * path template and `init`, running middleware around fetch and reading the response into
 * `{ data, error, response }`. An HTTP status never throws; only a failure to get a response
 * does (after `onError` middleware had its say).
 */
import type { MediaType } from './helpers.js';
import { byteLimit, DEFAULT_MAX_RESPONSE_BYTES, read } from './read.js';
import {
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  mergeHeaders,
  removeTrailingSlash,
} from './serialize.js';
import type {
  Client,
  ClientOptions,
  MergedOptions,
  Middleware,
  MiddlewareCallbackParams,
  Send,
} from './types.js';

/** A call's `init` as the client reads it, all keys optional and untyped by path. */
type CallInit = Omit<ClientOptions, 'headers'> & {
  [key: string]: any;
  method: string;
  params?: MiddlewareCallbackParams['params'];
  headers?: ClientOptions['headers'];
  middleware?: Middleware[];
  parseAs?: MergedOptions['parseAs'];
  body?: unknown;
};

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/** Node's `process`, as far as it is read here; the package type-checks without Node's types. */
interface NodeProcess {
  readonly versions?: { readonly node?: string; readonly undici?: string };
}

/**
 * undici (Node's fetch) takes a second argument beside a Request, a browser's fetch does not:
 * `requestInitExt` reaches fetch only on Node.
 */
function takesInitExt(): boolean {
  const versions = (globalThis as { process?: NodeProcess }).process?.versions;
  return Number.parseInt(versions?.node?.slice(0, 2) ?? '') >= 18 && !!versions?.undici;
}

/** An id that tells one call's middleware callbacks apart from another's. */
export const randomID = (): string => Math.random().toString(36).slice(2, 11);

/** A hook's answer that is none of those it may give: a bug in the middleware, said at once. */
function refuse(hook: string, allowed: string): never {
  throw new Error(`${hook}: must return ${allowed}`);
}

export function createClient<Paths extends {}, Media extends MediaType = MediaType>(
  clientOptions?: ClientOptions,
): Client<Paths, Media> {
  const {
    baseUrl: clientBaseUrl = '',
    Request: ClientRequest = globalThis.Request,
    fetch: clientFetch = globalThis.fetch,
    querySerializer: clientQuerySerializer,
    bodySerializer: clientBodySerializer,
    pathSerializer: clientPathSerializer,
    headers: clientHeaders,
    requestInitExt: clientInitExt,
    retry: clientRetry,
    timeout: clientTimeout,
    validate: clientValidate,
    maxResponseBytes: clientMaxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
    ...clientInit
  } = { ...clientOptions };
  byteLimit(clientMaxResponseBytes, 'createClient');
  const requestInitExt = takesInitExt() ? clientInitExt : undefined;
  const baseUrl = removeTrailingSlash(clientBaseUrl);
  const clientMiddleware: Middleware[] = [];

  async function call(schemaPath: string, init: CallInit) {
    const {
      baseUrl: callBaseUrl,
      fetch = clientFetch,
      Request = ClientRequest,
      headers,
      params = {},
      parseAs = 'json',
      querySerializer: callQuerySerializer,
      bodySerializer = clientBodySerializer ?? defaultBodySerializer,
      pathSerializer = clientPathSerializer ?? defaultPathSerializer,
      body,
      middleware: callMiddleware = [],
      retry = clientRetry,
      timeout = clientTimeout,
      validate = clientValidate,
      maxResponseBytes = clientMaxResponseBytes,
      ...rest
    } = init;
    const base = callBaseUrl ? removeTrailingSlash(callBaseUrl) : baseUrl;
    // Checked before anything is sent, as a call's own argument.
    const limit = byteLimit(maxResponseBytes, `${init.method} ${schemaPath}`);
    // Our extra, when passed: what is sent checked against the document before anything is.
    validate?.request({ method: init.method, schemaPath, baseUrl: base, params, body });
    // A call's serializer options refine the client's; a function replaces them.
    const querySerializer =
      typeof callQuerySerializer === 'function'
        ? callQuerySerializer
        : typeof clientQuerySerializer === 'function' && !callQuerySerializer
          ? clientQuerySerializer
          : createQuerySerializer({
              ...(typeof clientQuerySerializer === 'object' ? clientQuerySerializer : {}),
              ...callQuerySerializer,
            });
    // The serializer sees every header the caller set (a form-encoded Content-Type, say) …
    const serialized =
      body === undefined
        ? undefined
        : bodySerializer(
            body as never,
            mergeHeaders(clientHeaders, headers, params.header as never),
          );
    // … and JSON's Content-Type comes first, for any of them to replace or remove. Without a
    // body there is none, and FormData gets the one fetch writes with its boundary.
    const finalHeaders = mergeHeaders(
      serialized === undefined || serialized instanceof FormData
        ? {}
        : { 'Content-Type': 'application/json' },
      clientHeaders,
      headers,
      params.header as never,
    );
    const middleware = [...clientMiddleware, ...callMiddleware];
    let request = new Request(
      createFinalURL(schemaPath, { baseUrl: base, params, querySerializer, pathSerializer }),
      { redirect: 'follow', ...clientInit, ...rest, body: serialized, headers: finalHeaders },
    );
    // Keys the Request class does not know (a framework's `next`, say) stay on the request.
    for (const key in rest) if (!(key in request)) (request as any)[key] = rest[key];

    let response: Response | undefined;
    let hookParams: MiddlewareCallbackParams | undefined;
    if (middleware.length > 0) {
      const options = Object.freeze({
        baseUrl: base,
        fetch,
        parseAs,
        querySerializer,
        bodySerializer,
        pathSerializer,
      }) as MergedOptions;
      hookParams = { request, schemaPath, params, options, id: randomID() };
      for (const m of middleware) {
        if (typeof m?.onRequest !== 'function') continue;
        const result = await m.onRequest({ ...hookParams, request });
        if (!result) continue;
        if (result instanceof Request) request = result;
        else if (result instanceof Response) {
          // An answer from middleware ends the chain: nothing is sent, no onResponse runs.
          response = result;
          break;
        } else refuse('onRequest', 'new Request() or Response() when modifying the request');
      }
    }

    // Settles the `finished` a timeout was given, however the call ends.
    let finish: (() => void) | undefined;
    try {
      if (!response) {
        let send: Send = (r) =>
          (fetch as Send & ((r: Request, e?: unknown) => Promise<Response>))(r, requestInitExt);
        // Our extras, when passed: each attempt has its own timeout, retries wrap the attempts.
        // An attempt's time runs until the call is done with the body, which `finished` tells.
        if (timeout) send = timeout(send, new Promise<void>((resolve) => (finish = resolve)));
        if (retry) send = retry(send);
        try {
          response = await send(request);
        } catch (thrown) {
          let error: unknown = thrown;
          // onError runs last-added first, like onResponse; a Response from one recovers the call.
          for (let i = middleware.length - 1; i >= 0; i--) {
            const m = middleware[i];
            if (typeof m?.onError !== 'function') continue;
            const result = await m.onError({ ...hookParams!, request, error });
            if (!result) continue;
            if (result instanceof Response) {
              error = undefined;
              response = result;
              break;
            }
            if (result instanceof Error) error = result;
            else refuse('onError', 'new Response() or instance of Error');
          }
          if (!response) throw error;
        }
        // Responses pass through middleware in reverse, so the first added sees the last word.
        for (let i = middleware.length - 1; i >= 0; i--) {
          const m = middleware[i];
          if (typeof m?.onResponse !== 'function') continue;
          const result = await m.onResponse({ ...hookParams!, request, response });
          if (!result) continue;
          if (!(result instanceof Response))
            refuse('onResponse', 'new Response() when modifying the response');
          response = result;
        }
      }
      const result = await read(response, request, parseAs, limit);
      // Our extra, when passed: a JSON success body checked against its operation's schema.
      if (validate && parseAs === 'json' && response.ok)
        validate.response({ schemaPath, request, response, data: result.data });
      return result;
    } finally {
      finish?.();
    }
  }

  function bind(method: string) {
    return (url: string, init?: object) => call(url, { ...init, method });
  }

  const client: Record<string, unknown> = {
    request: (method: string, url: string, init?: object) => bind(method.toUpperCase())(url, init),
    use(...added: Middleware[]) {
      for (const m of added) {
        if (!m) continue;
        if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m))
          throw new Error(
            'Middleware must be an object with one of `onRequest()`, `onResponse()` or `onError()`',
          );
        clientMiddleware.push(m);
      }
    },
    eject(...removed: Middleware[]) {
      for (const m of removed) {
        const i = clientMiddleware.indexOf(m);
        if (i !== -1) clientMiddleware.splice(i, 1);
      }
    },
  };
  for (const method of METHODS) client[method] = bind(method);
  return client as unknown as Client<Paths, Media>;
}
