/**
 * The base of the generated client. Generated operation functions hand it a descriptor and
 * the caller's arguments; it prepares, sends, retries, parses and validates. The token lives
 * in a private field and the class controls its own printing, so neither `JSON.stringify`
 * nor `util.inspect` of a client shows it.
 */
import { ApiPromise } from './api-promise.js';
import { bindScrubber, SdkError, INSPECT_CUSTOM } from './sdk-error.js';
import { resolveConfig, type ResolvedConfig } from './config.js';
import type { OperationDescriptor, OperationInput } from './operation.js';
import type { ClientMeta, ClientOptions, RequestOptions } from './options.js';
import { Page, PagePromise, readEnvelope } from './pagination.js';
import { prepareRequest, type PreparedRequest, type RequestTarget } from './prepare.js';
import { REDACTED } from './redact.js';
import { decodeSuccessBody } from './response-body.js';
import { defaultRuntime, type RuntimeEnvironment } from './runtime-env.js';
import { sendWithRetries, type Exchange } from './send.js';
import { pageUrlKey } from './url.js';

/**
 * What every generated client is built on: configuration, the token, and sending requests
 * with retries, timeouts and validation. The standalone operation functions take one.
 */
export class ClientCore {
  readonly #config: ResolvedConfig;
  readonly #env: RuntimeEnvironment;

  /**
   * @param options Token, environment, timeouts … see {@link ClientOptions}.
   * @param meta Supplied by the generated client.
   * @param runtime @internal Clock, randomness and sleep, replaced by tests.
   */
  constructor(options: ClientOptions, meta: ClientMeta, runtime?: Partial<RuntimeEnvironment>) {
    this.#config = resolveConfig(options, meta);
    this.#env = { ...defaultRuntime, ...runtime };
  }

  /** The server this client talks to, for example `https://api.example.com`. */
  get baseUrl(): string {
    return this.#config.baseUrl.href.replace(/\/$/, '');
  }

  /** Sends one operation and resolves to its (validated) body, `undefined` for empty responses. */
  request<T>(
    descriptor: OperationDescriptor,
    input: OperationInput = {},
    options: RequestOptions = {},
  ): ApiPromise<T> {
    return new ApiPromise<T>(
      this.#send(descriptor, { input }, options),
      (exchange) =>
        decodeSuccessBody(
          this.#config,
          exchange,
          exchange.request.settings.validateResponses,
          false,
        ) as T,
    );
  }

  /** Sends a list operation and resolves to its first page; iterate it to walk every item. */
  requestPage<Item>(
    descriptor: OperationDescriptor,
    input: OperationInput = {},
    options: RequestOptions = {},
  ): PagePromise<Item> {
    return this.#page<Item>(descriptor, { input }, options, undefined);
  }

  #page<Item>(
    descriptor: OperationDescriptor,
    target: RequestTarget,
    options: RequestOptions,
    visited: ReadonlySet<string> | undefined,
  ): PagePromise<Item> {
    return new PagePromise<Item>(this.#send(descriptor, target, options), (exchange) => {
      const data = decodeSuccessBody(
        this.#config,
        exchange,
        exchange.request.settings.validateResponses,
        true,
      );
      const envelope = this.#envelope<Item>(data, exchange);
      const seen = visited ?? new Set([pageUrlKey(exchange.request.url)]);
      return new Page<Item>(envelope, exchange, this.#config.baseUrl, seen, (url, nextVisited) =>
        this.#page<Item>(descriptor, { url }, options, nextVisited),
      );
    });
  }

  #envelope<Item>(data: unknown, exchange: Exchange): ReturnType<typeof readEnvelope<Item>> {
    try {
      return readEnvelope<Item>(data, exchange);
    } catch (error) {
      if (error instanceof SdkError)
        bindScrubber(error, (text) => this.#config.scrubber.text(text));
      throw error;
    }
  }

  #send(
    descriptor: OperationDescriptor,
    target: RequestTarget,
    options: RequestOptions,
  ): Promise<Exchange> {
    let prepared: PreparedRequest;
    try {
      prepared = prepareRequest(this.#config, descriptor, target, options);
    } catch (error) {
      if (error instanceof SdkError)
        bindScrubber(error, (text) => this.#config.scrubber.text(text));
      return Promise.reject(error);
    }
    return sendWithRetries(this.#config, this.#env, prepared);
  }

  /** The client's name, version and base URL for logs; the token is never shown. */
  toJSON(): Record<string, unknown> {
    const { meta } = this.#config;
    return { client: `${meta.sdkName}/${meta.sdkVersion}`, baseUrl: this.baseUrl, token: REDACTED };
  }

  /** One line naming the client class and its base URL, the token shown as redacted. */
  toString(): string {
    return `${this.constructor.name} { baseUrl: ${this.baseUrl}, token: ${REDACTED} }`;
  }

  [INSPECT_CUSTOM](): string {
    return this.toString();
  }
}
