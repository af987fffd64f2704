/**
 * The records of a streamed body, read as they come: the lines of JSON Lines, the texts of a
 * JSON text sequence (RFC 7464, each led by the record separator 0x1E) and the events of
 * `text/event-stream` (the WHATWG HTML rules for server-sent events). Pure functions over
 * text chunks, so that a chunk may end anywhere (in a CRLF, in a field name) and nothing is
 * lost or doubled. A line or record longer than `limit` characters is refused by `tooLong`,
 * so a server that never ends a line cannot fill the memory.
 */

/** One server-sent event, as dispatched by the blank line that ends it. */
export interface ServerSentEvent {
  /** The `event:` field, `message` when it has none. */
  readonly event: string;
  /** The `data:` lines, joined with `\n`. */
  readonly data: string;
  /** The last `id:` seen so far in the stream (it carries over to later events), `''` for none. */
  readonly id: string;
  /** The last `retry:` seen so far, in milliseconds: how long to wait before reconnecting. */
  readonly retry?: number;
}

/**
 * Splits the text into pieces ended by any of `ends` (CR, LF and CRLF as one end for lines;
 * RS for JSON sequences). The text after the last end is a piece too, for a body whose last
 * line has no newline. At the end of each chunk, a piece that `complete` says is whole is
 * given at once rather than when its end arrives.
 */
async function* pieces(
  text: AsyncIterable<string>,
  lines: boolean,
  limit: number,
  tooLong: () => Error,
  complete?: (piece: string) => boolean,
): AsyncGenerator<string> {
  let buffer = '';
  // A CR ended the last chunk: an LF starting the next belongs to it.
  let afterCr = false;
  for await (const chunk of text) {
    if (chunk === '') continue;
    let start = afterCr && chunk.charCodeAt(0) === 10 ? 1 : 0;
    afterCr = false;
    for (let i = start; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (lines ? c !== 10 && c !== 13 : c !== 0x1e) continue;
      const piece = buffer + chunk.slice(start, i);
      buffer = '';
      if (piece.length > limit) throw tooLong();
      yield piece;
      if (c === 13) {
        if (i + 1 === chunk.length) afterCr = true;
        else if (chunk.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
    }
    buffer += chunk.slice(start);
    if (buffer.length > limit) throw tooLong();
    if (buffer !== '' && complete?.(buffer)) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer !== '') yield buffer;
}

/** The non-blank lines of JSON Lines / NDJSON, each one JSON text. */
export async function* jsonLines(
  text: AsyncIterable<string>,
  limit: number,
  tooLong: () => Error,
): AsyncGenerator<string> {
  for await (const line of pieces(text, true, limit, tooLong)) if (line.trim() !== '') yield line;
}

/**
 * The texts of a JSON text sequence: what lies between record separators, blank ones skipped.
 * A record is given as soon as a chunk ends with it whole (RFC 7464's closing LF after a JSON
 * text that parses), not when the next record's RS comes: a server sends the RS with its
 * record, so a stream whose records come apart in time (a log tail) would otherwise hold each
 * one back until the next, and its last one until the end. The LF is required so that a
 * number cut in two (`12`, then `3`) is not taken whole; a text can be cut at any LF inside,
 * but never so that its start parses alone. The parse is tried once per chunk, not per LF.
 */
export async function* jsonSequence(
  text: AsyncIterable<string>,
  limit: number,
  tooLong: () => Error,
): AsyncGenerator<string> {
  for await (const record of pieces(text, false, limit, tooLong, wholeRecord))
    if (record.trim() !== '') yield record;
}

/** Whether a JSON sequence's record so far is a whole JSON text closed by its LF. */
function wholeRecord(record: string): boolean {
  if (record.charCodeAt(record.length - 1) !== 10 || record.trim() === '') return false;
  try {
    JSON.parse(record);
    return true;
  } catch {
    return false;
  }
}

/**
 * The events of a `text/event-stream` body (WHATWG HTML, "Interpreting an event stream"):
 * `field: value` lines (one space after the colon dropped), comments led by `:`, an event
 * dispatched by a blank line when it has data, and an event cut off by the end of the stream
 * dropped. The byte-order mark is dropped by the UTF-8 decoder before this sees the text.
 */
export async function* serverSentEvents(
  text: AsyncIterable<string>,
  limit: number,
  tooLong: () => Error,
): AsyncGenerator<ServerSentEvent> {
  let data = '';
  let hasData = false;
  let event = '';
  let id = '';
  let retry: number | undefined;
  for await (const line of pieces(text, true, limit, tooLong)) {
    if (line === '') {
      if (hasData)
        yield { event: event || 'message', data, id, ...(retry !== undefined && { retry }) };
      data = event = '';
      hasData = false;
      continue;
    }
    if (line.charCodeAt(0) === 58 /* : */) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') {
      data = hasData ? `${data}\n${value}` : value;
      hasData = true;
      if (data.length > limit) throw tooLong();
    } else if (field === 'event') event = value;
    else if (field === 'id') {
      if (!value.includes('\0')) id = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  }
}
