/**
 * Streamed answers: `text/event-stream`, JSON Lines and JSON text sequences, read as they come
 * into an `EventStream` of typed items. Only descriptors of operations that may stream name
 * `openStream`, so other bundles leave all of this out. The attempt's timer covers the wait
 * for the response head, then stops: a stream may rightly last longer than any timeout. The
 * caller's signal, or `break` in `for await`, cancels the body.
 */
import { Received, type Attempt } from '../internal/attempt.js';
import type { Check } from './guard.js';
import type { Exchange, OperationDescriptor } from './operation.js';
import { validateResponse } from '../internal/response-body.js';
import { AbortError, ConnectionError, ResponseParseError } from './request-errors.js';
import { bindScrubber, describeCause } from './sdk-error.js';
import { sendWithRetries } from '../internal/send.js';
import {
  jsonLines,
  jsonSequence,
  serverSentEvents,
  type ServerSentEvent,
} from './stream-records.js';

export type { ServerSentEvent } from './stream-records.js';

/**
 * The longest event, line or record, in characters (1 MiB of ASCII): one longer is a
 * ResponseParseError rather than a buffer without bound.
 */
export const MAX_STREAM_RECORD = 1_048_576;

/** How long to wait before reconnecting to an event stream whose server sent no `retry:`. */
export const DEFAULT_RECONNECT_MS = 1000;

/** What an operation says of one item of its streamed answer. */
export interface StreamItem {
  /** The guard of one item, run when response validation is on. */
  readonly check?: Check;
  /** The item's type name, for messages. */
  readonly itemType?: string;
  /** The item is the event's data as text (its schema is a string), not parsed as JSON. */
  readonly text?: boolean;
}

type Framing = 'sse' | 'jsonl' | 'json-seq';

/** The framing of a streamed Content-Type, or undefined for any other body (JSON, say). */
function framingOf(contentType: string | null): Framing | undefined {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (essence === 'text/event-stream') return 'sse';
  if (essence === 'application/json-seq') return 'json-seq';
  if (
    /^application\/(x-)?(nd)?json-?lines$|^application\/(x-)?ndjson$|^application\/jsonl$/.test(
      essence,
    )
  )
    return 'jsonl';
  return undefined;
}

/**
 * A success response whose body is a stream, handed over before its body is read. The call's
 * data is its `stream`; `response` is the live response (its body is the stream's).
 */
class Streamed extends Received {
  declare readonly live: Response;
  override get response(): Response {
    return this.live;
  }
}

const NOTHING = new Uint8Array(0);

/**
 * The descriptor's `stream`: the exchange of a 2xx response that is a stream, its body
 * unread, or undefined for any other response, read whole as usual. Deciding by the
 * Content-Type lets one operation answer JSON or a stream (OpenAI's `stream: true`).
 */
export function openStream(
  attempt: Attempt,
  response: Response,
  sentAt: number,
  item: StreamItem,
): Received | undefined {
  const framing = response.ok ? framingOf(response.headers.get('content-type')) : undefined;
  if (!framing) return undefined;
  const exchange = new Streamed(attempt, response, NOTHING, sentAt);
  const stream = new EventStream(exchange, framing, attempt, item);
  const { request } = exchange;
  const { descriptor } = request;
  const live = exchange as { live: Response; request: unknown };
  live.live = response;
  // The stream is the call's data: the exchange's own descriptor decodes to it, so the JSON
  // path reads nothing, and the core needs no code for streams.
  live.request = {
    ...request,
    descriptor: {
      ...descriptor,
      decode: () => stream,
      responseType: `EventStream<${item.itemType ?? 'unknown'}>`,
    },
  };
  return exchange;
}

/**
 * The items of a streamed answer, as they come: `for await (const chunk of stream)`. For
 * server-sent events an item is the event's `data` parsed as JSON (or the text itself when the
 * schema says string); `data: [DONE]` ends the stream, as OpenAI sends it. `events()` gives
 * the events themselves (name, id, retry) instead. A stream is read once, by one of the two.
 * A GET event stream cut off mid-way reconnects with `Last-Event-ID`.
 */
export class EventStream<Item> implements AsyncIterable<Item> {
  readonly #exchange: Exchange;
  readonly #framing: Framing;
  readonly #attempt: Attempt;
  readonly #item: StreamItem;
  #used = false;

  /** @internal Made by the client for a streamed answer. */
  constructor(exchange: Exchange, framing: Framing, attempt: Attempt, item: StreamItem) {
    this.#exchange = exchange;
    this.#framing = framing;
    this.#attempt = attempt;
    this.#item = item;
  }

  /** The HTTP response the stream came in (of the first connection). */
  get response(): Response {
    return this.#exchange.response;
  }

  /** The events as sent, for server-sent events (each JSON line or record as one `message` otherwise). */
  async *events(): AsyncGenerator<ServerSentEvent> {
    if (this.#used) throw new TypeError('the stream has already been read');
    this.#used = true;
    const { call } = this.#attempt;
    const { config, env, request } = call;
    const { context, settings } = request;
    const { signal } = settings;
    const scrub = (text: string) => config.scrubber.text(text);
    let exchange: Exchange = this.#exchange;
    let lastId = '';
    let retryMs = DEFAULT_RECONNECT_MS;
    // Reconnections in a row without an event between them, bounded by the retries allowed
    // (none for an operation that is not safe to repeat).
    let failures = 0;
    for (;;) {
      const response = exchange.response;
      const tooLong = () =>
        bindScrubber(
          new ResponseParseError(
            `an event longer than ${MAX_STREAM_RECORD} characters`,
            context,
            response.status,
            response.headers.get('content-type') ?? undefined,
            '',
          ),
          scrub,
        );
      const body = response.body;
      if (!body) return;
      const reader = body.getReader();
      const cancel = () => void reader.cancel(signal?.reason).catch(() => undefined);
      signal?.addEventListener('abort', cancel, { once: true });
      try {
        const text = decoded(reader);
        if (this.#framing === 'sse')
          for await (const event of serverSentEvents(text, MAX_STREAM_RECORD, tooLong)) {
            failures = 0;
            lastId = event.id;
            if (event.retry !== undefined) retryMs = event.retry;
            yield event;
          }
        else
          for await (const data of (this.#framing === 'jsonl' ? jsonLines : jsonSequence)(
            text,
            MAX_STREAM_RECORD,
            tooLong,
          ))
            yield { event: 'message', data, id: '' };
        if (signal?.aborted) throw signal.reason;
        return;
      } catch (cause) {
        if (signal?.aborted) throw bindScrubber(new AbortError(context, signal.reason), scrub);
        if (cause instanceof ResponseParseError) throw cause;
        const error = new ConnectionError(
          `${context.operationId}: the stream was cut off: ${config.scrubber.text(describeCause(cause))}`,
          context,
          exchange.attempt,
          cause,
          response.status,
        );
        if (this.#framing !== 'sse' || failures >= call.maxRetries)
          throw bindScrubber(error, scrub);
        failures++;
      } finally {
        signal?.removeEventListener('abort', cancel);
      }
      // A server's `retry:` is bounded by the client's longest wait between attempts.
      try {
        await env.sleep(Math.min(retryMs, settings.maxRetryDelayMs), signal);
      } catch (reason) {
        throw bindScrubber(new AbortError(context, reason), scrub);
      }
      if (lastId) request.headers['last-event-id'] = lastId;
      exchange = await sendWithRetries(config, env, request);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item> {
    const { request } = this.#exchange;
    const { config, request: prepared } = this.#attempt.call;
    const stream = this.#item;
    const mode = prepared.settings.validateResponses;
    const scrub = (text: string) => config.scrubber.text(text);
    // Items are checked as a body is, with the item's guard and name in place of the body's.
    const items: Exchange = {
      ...this.#exchange,
      event: this.#exchange.event,
      request: {
        ...request,
        // The body's own guard and name leave: an item without a guard of its own is unchecked.
        descriptor: {
          ...withoutBodyCheck(request.descriptor),
          ...(stream.check !== undefined ? { check: stream.check } : {}),
          ...(stream.itemType !== undefined ? { responseType: stream.itemType } : {}),
        },
      },
    };
    for await (const { data } of this.events()) {
      if (this.#framing === 'sse' && data === '[DONE]') return;
      let item: unknown = data;
      if (!(stream.text && this.#framing === 'sse'))
        try {
          item = JSON.parse(data);
        } catch {
          const { status, headers } = this.#exchange;
          throw bindScrubber(
            new ResponseParseError(
              'an item that is not JSON',
              request.context,
              status,
              headers.get('content-type') ?? undefined,
              config.scrubber.text(data.slice(0, 200)),
            ),
            scrub,
          );
        }
      validateResponse(config, items, item, mode);
      yield item as Item;
    }
  }
}

/** The body as text chunks, UTF-8, the byte-order mark dropped; cancelled when left early. */
async function* decoded(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      yield decoder.decode(next.value, { stream: true });
    }
    done = true;
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    // `break` in the caller's `for await`: nothing more is downloaded.
    if (!done) void reader.cancel().catch(() => undefined);
  }
}

/** A descriptor without its success body's guard and type name, which an item replaces. */
function withoutBodyCheck({
  check: _check,
  responseType: _type,
  ...rest
}: OperationDescriptor): OperationDescriptor {
  return rest;
}
