/**
 * What a media type means for the client: which encoding sends a body of it, and how a
 * response of it is read. Every media type has an answer, so no body is refused for its
 * type: JSON and JSON-like types (`application/json`, `application/*+json`, vendor types such
 * as `application/x-amz-json-1.1`) are JSON; forms are forms; text (`text/*`, XML, YAML) is a
 * string; everything else (`application/octet-stream`, `image/*`, `application/pdf`, `*\/*`)
 * is bytes.
 */
import type { BodyEncoding } from './types.js';

/** `application/vnd.x+json; charset=utf-8` → `application/vnd.x+json`, lower case. */
export function essence(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}

/** Media types that are text without saying `text/`: XML, YAML, scripts, GraphQL, SQL. */
const TEXT_APPLICATION_TYPES = new Set([
  'application/xml',
  'application/yaml',
  'application/x-yaml',
  'application/javascript',
  'application/ecmascript',
  'application/graphql',
  'application/sql',
  'application/x-ndjson',
  'application/jsonl',
  'application/x-www-form-urlencoded',
]);

/**
 * Media types of a stream of messages: server-sent events, JSON lines, JSON text sequences.
 * The client reads them as they come, into an `EventStream` of items (event-stream.ts).
 */
const STREAM_TYPES = new Set([
  'text/event-stream',
  'application/x-ndjson',
  'application/ndjson',
  'application/jsonl',
  'application/x-jsonlines',
  'application/jsonlines',
  'application/json-seq',
]);

export function isStream(mediaType: string): boolean {
  return STREAM_TYPES.has(essence(mediaType));
}

/** How a stream's items are framed: server-sent events, JSON lines, or RS-led JSON texts. */
export function streamFraming(mediaType: string): 'sse' | 'jsonl' | 'json-seq' {
  const m = essence(mediaType);
  return m === 'text/event-stream' ? 'sse' : m === 'application/json-seq' ? 'json-seq' : 'jsonl';
}

/**
 * Text formats of structured data (XML, YAML, CSV): a schema beside one describes data the
 * client hands over as text, unparsed. Plain text and bytes are what they say.
 */
export function isStructuredText(mediaType: string): boolean {
  const m = essence(mediaType);
  return (
    m === 'application/xml' ||
    m === 'text/xml' ||
    m.endsWith('+xml') ||
    m === 'application/yaml' ||
    m === 'application/x-yaml' ||
    m === 'text/yaml' ||
    m === 'text/x-yaml' ||
    m === 'text/csv'
  );
}

export function isJsonLike(mediaType: string): boolean {
  const m = essence(mediaType);
  if (m === 'application/json' || m.endsWith('+json')) return true;
  // `application/json-seq` has `json` in its name but is a sequence of texts: no one JSON.parse reads it.
  if (isStream(m)) return false;
  // Vendor types that are JSON without the structured suffix: `application/x-amz-json-1.1`,
  // `application/vnd.api.json`, `application/json-patch` spellings.
  const [type, subtype = ''] = m.split('/');
  return type === 'application' && /(^|[.+-])json([.+-]|$)/.test(subtype) && !m.includes('ndjson');
}

export function isText(mediaType: string): boolean {
  const m = essence(mediaType);
  return (
    m.startsWith('text/') || m.endsWith('+xml') || TEXT_APPLICATION_TYPES.has(m) || isStream(m)
  );
}

/** `*\/*`, `application/*`, `image/*`: the caller's Blob may say which type it is. */
export function isWildcard(mediaType: string): boolean {
  return essence(mediaType).includes('*');
}

/**
 * The encoding of a request body of this media type. A wildcard whose schema is structured
 * (an object, not a string of bytes) is JSON: springdoc writes `*\/*` for JSON bodies.
 */
export function requestEncoding(mediaType: string, structured: boolean): BodyEncoding {
  const m = essence(mediaType);
  if (isJsonLike(m)) return 'json';
  if (m === 'application/x-www-form-urlencoded') return 'form';
  if (m === 'multipart/form-data' || m.startsWith('multipart/')) return 'multipart';
  if (isText(m)) return 'text';
  if (isWildcard(m) && structured) return 'json';
  return 'binary';
}

/** How a response body of this media type is read; JSON wins over text, text over bytes. */
export type ResponseMedia = 'json' | 'text' | 'binary';

export function responseMedia(mediaType: string, structured: boolean): ResponseMedia {
  const m = essence(mediaType);
  if (isJsonLike(m)) return 'json';
  if (isText(m)) return 'text';
  // springdoc writes `*/*` for every response whose controller does not say what it
  // produces; a structured schema there is JSON.
  if (isWildcard(m) && structured) return 'json';
  return 'binary';
}

/** The order in which one body's media types are preferred, lowest first. */
export const REQUEST_PREFERENCE: readonly BodyEncoding[] = [
  'json',
  'form',
  'multipart',
  'text',
  'binary',
];
export const RESPONSE_PREFERENCE: readonly ResponseMedia[] = ['json', 'text', 'binary'];
