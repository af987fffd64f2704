/**
 * The base of the generated client. Generated operation functions hand it a descriptor and
 * the caller's arguments; it prepares, sends, retries, parses and validates. The token lives
 * in a private field and the class controls its own printing, so neither `JSON.stringify`
 * nor `util.inspect` of a client shows it.
 */
import { ApiPromise } from './api-promise.js';
import { bindScrubber, SdkError, INSPECT_CUSTOM } from './sdk-error.js';
import { resolveConfig, type ResolvedConfig } from '../internal/config.js';
import type {
  Exchange,
  OperationDescriptor,
  OperationInput,
  PreparedRequest,
} from './operation.js';
import type { ClientMeta, ClientOptions, RequestOptions } from './options.js';
import { prepareRequest, type RequestTarget } from '../internal/prepare.js';
import { REDACTED } from '../internal/redact.js';
import { decodeSuccessBody } from '../internal/response-body.js';
import { defaultRuntime, type RuntimeEnvironment } from '../internal/runtime-env.js';
import { sendWithRetries } from '../internal/send.js';

/** @internal What the request functions outside the class need of a client. */
export interface CoreState {
  readonly config: ResolvedConfig;
  /** Prepares and sends one request; rejects with the scrubbed error of a refused argument. */
  send(
    descriptor: OperationDescriptor,
    target: RequestTarget,
    options: RequestOptions,
  ): Promise<Exchange>;
}

/**
 * Each client's state, kept off the object so nothing prints or reaches the token. Pagination
 * (`requestPage` in `pagination.ts`) reads it here rather than being a method of the class, so
 * that a bundle without a list operation leaves pagination out.
 */
const STATES = new WeakMap<ClientCore, CoreState>();

/** @internal The state of a client, for the request functions of the runtime. */
export function coreState(core: ClientCore): CoreState {
  const state = STATES.get(core);
  if (state === undefined) throw new TypeError('expected a client made by ClientCore');
  return state;
}

/**
 * What every generated client is built on: configuration, the token, and sending requests
 * with retries, timeouts and validation. The standalone operation functions take one.
 */
export class ClientCore {
  readonly #config: ResolvedConfig;
  readonly #env: RuntimeEnvironment;
  /** Reads a call's success body; one function per client rather than a closure per call. */
  readonly #decode: (exchange: Exchange) => unknown;

  /**
   * @param options Token, environment, timeouts … see {@link ClientOptions}.
   * @param meta Supplied by the generated client.
   * @param runtime @internal Clock, randomness and sleep, replaced by tests.
   */
  constructor(options: ClientOptions, meta: ClientMeta, runtime?: Partial<RuntimeEnvironment>) {
    this.#config = resolveConfig(options, meta);
    this.#env = { ...defaultRuntime, ...runtime };
    const config = this.#config;
    this.#decode = (exchange) =>
      decodeSuccessBody(config, exchange, exchange.request.settings.validateResponses, false);
    STATES.set(this, {
      config: this.#config,
      send: (descriptor, target, options) => this.#send(descriptor, target, options),
    });
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
      this.#decode as (exchange: Exchange) => T,
    );
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
