/**
 * Streamed answers: an operation whose success answer is a stream is answered as one, in its
 * media type — server-sent events (`id:` and `data:` lines), JSON Lines or JSON text sequences —
 * with a few items sampled from the item's schema, the same for the same request and seed, each
 * checked by the package's guard of an item before the answer starts.
 *
 * Where a body flag chooses (OpenAI's `stream`), the stream is sent only when the flag is true,
 * and its events end with `data: [DONE]` as OpenAI's do; an answer that may be JSON or a stream
 * with no flag is a stream when the request's `Accept` names the stream's media type. Events
 * are numbered from 1 in `id:`, and a request with `Last-Event-ID: n` continues with event n+1,
 * as a reconnecting client asks. Each event waits on the fake's clock first (`clock.ts`).
 */
import { describeFailure, isRecord } from '../../runtime/core/guard.js';
import type { FakeStreamEvent, StreamClock } from './clock.js';
import type { FakeOperation, FakeStream } from './contract.js';
import { loosen } from './loosen.js';
import { problem } from './problems.js';
import type { SeededRandom } from '../random.js';
import { sample } from './sample.js';
import { resolve } from './sample-node.js';
import type { ResponseMode } from './answers.js';

/** How many events a made-up stream has unless the fake is told otherwise. */
export const DEFAULT_STREAM_EVENTS = 3;

export interface StreamSettings {
  readonly events: number;
  readonly clock?: StreamClock | undefined;
  readonly mode: ResponseMode;
}

/** The stream the request asks for, or undefined when it is answered as JSON. */
export function streamAsked(
  op: FakeOperation,
  body: unknown,
  request: Request,
): FakeStream | undefined {
  const stream = op.success.stream;
  if (stream === undefined) return undefined;
  if (stream.flag !== undefined)
    return isRecord(body) && body[stream.flag] === true ? stream : undefined;
  if (op.success.node === undefined) return stream;
  const essence = stream.contentType.split(';')[0]!.trim().toLowerCase();
  return (request.headers.get('accept') ?? '').toLowerCase().includes(essence) ? stream : undefined;
}

export function streamResponse(
  op: FakeOperation,
  stream: FakeStream,
  request: Request,
  settings: StreamSettings,
  random: (number: number) => SeededRandom,
): Response {
  const count = settings.events;
  const first = stream.framing === 'sse' ? resumeAfter(request.headers.get('last-event-id')) : 0;
  const items: unknown[] = [];
  for (let number = first + 1; number <= count; number++) {
    let item = sample(stream.node, random(number));
    if (settings.mode === 'loosest') item = loosen(item, stream.node);
    const failure = stream.check?.(item);
    if (failure !== undefined)
      return problem(500, {
        detail: `The fake's event ${number} of ${op.id} does not match the spec: ${describeFailure(failure)}`,
      });
    items.push(item);
  }
  const text = stream.framing === 'sse' && resolve(stream.node).node.type === 'string';
  const records = items.map((item, i) => record(stream, first + i + 1, item, text));
  // OpenAI's end of a flagged stream of events.
  if (stream.framing === 'sse' && stream.flag !== undefined) records.push('data: [DONE]\n\n');
  const encoder = new TextEncoder();
  const gone = new AbortController();
  let next = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (next >= records.length) return controller.close();
      const number = first + next + 1;
      // `[DONE]` is no event of its own: it follows the last one at once.
      if (number <= count) {
        const event: FakeStreamEvent = { operation: op.id, number, count };
        await settings.clock?.wait(event, gone.signal);
      }
      if (gone.signal.aborted) return;
      controller.enqueue(encoder.encode(records[next++]!));
    },
    cancel() {
      gone.abort();
    },
  });
  return new Response(body, {
    status: op.success.status,
    headers: { 'content-type': stream.contentType, 'cache-control': 'no-cache' },
  });
}

/** The number of the last event a reconnecting client saw; 0 for none or an id not the fake's. */
function resumeAfter(lastEventId: string | null): number {
  const n = Number(lastEventId ?? '');
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

function record(stream: FakeStream, number: number, item: unknown, text: boolean): string {
  if (stream.framing === 'jsonl') return `${JSON.stringify(item)}\n`;
  if (stream.framing === 'json-seq') return `\u001e${JSON.stringify(item)}\n`;
  // A text item's own line breaks become `data:` lines, which a reader joins back with `\n`.
  const data = text ? String(item).split(/\r\n|\r|\n/) : [JSON.stringify(item)];
  return `id: ${number}\n${data.map((line) => `data: ${line}\n`).join('')}\n`;
}
