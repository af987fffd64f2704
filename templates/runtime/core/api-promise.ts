/**
 * What every operation returns. The request starts at once, like `fetch`; awaiting gives the
 * data, `.withResponse()` the data with the `Response`, `.asResponse()` the `Response` alone
 * without reading it as JSON (so it works even when the body is not what the type says).
 * The body is parsed and validated once, the first time data is asked for.
 */
import type { Exchange } from './operation.js';

/** The data of a call together with the HTTP response it came in. */
export interface WithResponse<T> {
  /** The parsed (and validated) body. */
  readonly data: T;
  /** The HTTP response; its body has not been read and can still be consumed. */
  readonly response: Response;
}

/**
 * The result of every call: a promise of the data, plus access to the HTTP response.
 *
 * @example
 * const { data: user, response } = await client.users.retrieve('user-123').withResponse();
 * console.log(response.headers.get('x-request-id'), user.id);
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #exchange: Promise<Exchange>;
  readonly #parse: (exchange: Exchange) => T | Promise<T>;
  #data: Promise<T> | undefined;

  /** @internal Created by `ClientCore`; not meant to be constructed by hand. */
  constructor(exchange: Promise<Exchange>, parse: (exchange: Exchange) => T | Promise<T>) {
    // The base promise is a placeholder: `then` below delegates to the parsed result.
    super(placeholder);
    this.#exchange = exchange;
    this.#parse = parse;
  }

  /** Derived promises (`.then(...)` results) are plain Promises, not ApiPromises. */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** The raw `Response` of the successful attempt, unread. Error statuses still reject with ApiError. */
  asResponse(): Promise<Response> {
    return this.#exchange.then((exchange) => exchange.response);
  }

  /** The data and the `Response` it came in (whose body has not been consumed). */
  withResponse(): Promise<WithResponse<T>> {
    return this.#exchange.then(async (exchange) => ({
      data: await this.#parsed(),
      response: exchange.response,
    }));
  }

  /** Parsed once, the first time data is asked for: the `Response` copy is only made for `withResponse()`. */
  #parsed(): Promise<T> {
    return (this.#data ??= this.#exchange.then(this.#parse));
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#parsed().then(onfulfilled, onrejected);
  }
  // `catch` and `finally` are inherited: the standard ones call `this.then`, which is the
  // parsed result's.
}

const placeholder = (resolve: (value: never) => void): void => resolve(undefined as never);
