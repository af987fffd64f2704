/**
 * What a request carries on the wire, as plain types: the body encodings a call may choose,
 * the body fetch sends and the headers it is given. A leaf that imports nothing: the options,
 * the descriptor types and the modules that build requests all name these, and importing
 * them from any one of those would tie the others to it (they once made a circle of ten).
 */

/**
 * The request body encodings the runtime can send. JSON is the default; `text` and `binary`
 * are sent as they are, by the encoder the operation's descriptor names.
 */
export type BodyEncoding = 'json' | 'form' | 'multipart' | 'text' | 'binary';

/** What fetch can send: strings and forms, and the bytes of a binary body. */
export type WireBody =
  | string
  | URLSearchParams
  | FormData
  | Blob
  | ArrayBuffer
  | ArrayBufferView
  | ReadableStream<Uint8Array>;

export interface EncodedBody {
  /** Everything but a stream can be sent again on a retry. */
  readonly body: WireBody | undefined;
  /** Unset for multipart, where fetch writes the header with its boundary. */
  readonly contentType: string | undefined;
  /** A stream is read as it is sent, so it can be sent once only: no retry, and fetch needs `duplex`. */
  readonly oneShot?: boolean;
}

/** Header names (lower case) to values, as handed to fetch. */
export type HeaderRecord = Record<string, string>;
