/**
 * What the fake knows of the spec, as plain data the generator writes for each package
 * (`FAKE_CONTRACT` in the package's `testing` entry): per operation its method and path
 * template, its parameters as the client's descriptors describe them, the forms entry's
 * validator of each part of a request, and its success response: status, the response view
 * of its schema to answer from, and the package's guard to check each answer with.
 */
import type { StyledFormField } from '../../runtime/internal/styled-form-body.js';
import type { Check } from '../../runtime/core/guard.js';
import type {
  BodyEncoding,
  OperationDescriptor,
  ParameterDescriptor,
} from '../../runtime/core/operation.js';
import type { FieldConstraints, StandardSchemaV1 } from '../../runtime/core/standard-schema.js';
import type { SampleNode } from './sample-node.js';

/**
 * A validator of the forms entry point (`formSchema`, `parameterSchema`): it reports every
 * issue with the path of its field, and a parameter set's reads URL text into typed values.
 */
export interface RequestValidator extends StandardSchemaV1<unknown> {
  /** Each field's declared constraints: which query parameters are lists, say. */
  readonly fields: Readonly<Record<string, FieldConstraints>>;
}

/** The parts of a request the fake checks, in the order it checks them. */
export const REQUEST_PARTS = ['path', 'query', 'headers', 'cookies', 'body'] as const;
export type RequestPart = (typeof REQUEST_PARTS)[number];

export interface FakeBody {
  readonly required: boolean;
  /**
   * The encodings the operation accepts, JSON first. JSON, urlencoded and multipart bodies are
   * read back into objects, checked and stored; text and bytes are taken unchecked.
   */
  readonly encodings: readonly BodyEncoding[];
  /** A urlencoded form's fields whose encoding gives them a style or JSON text. */
  readonly styled?: readonly StyledFormField[];
}

export interface FakeSuccess {
  /** The first 2xx status the spec declares (200 when it declares none). */
  readonly status: number;
  /** How the body is written: JSON unless the spec says text or bytes. */
  readonly media?: 'text' | 'binary';
  /** The media type of a text or binary body. */
  readonly contentType?: string;
  /** The response view of the body's schema; absent for an answer without a body. */
  readonly node?: SampleNode;
  /** The package's guard of the body, which every answer passes before it is sent. */
  readonly check?: Check;
  /** The stream the answer is, or may be beside JSON (`streams.ts`). */
  readonly stream?: FakeStream;
}

/** A success answer written as a stream of items: server-sent events, JSON Lines or JSON texts. */
export interface FakeStream {
  readonly framing: 'sse' | 'jsonl' | 'json-seq';
  /** The media type the stream is sent as. */
  readonly contentType: string;
  /** The response view of one item's schema, sampled for each event. */
  readonly node: SampleNode;
  /** The package's guard of one item. */
  readonly check?: Check;
  /** The boolean body property that asks for the stream; without it the answer is JSON. */
  readonly flag?: string;
}

/**
 * A list walked page by page by a cursor query parameter (`generator/ir/pagination.ts`): the
 * fake answers pages of the stored items, the cursor leading to the next.
 */
export interface FakeCursorList {
  /** Property path of the list in the answer (`['data']`). */
  readonly items: readonly string[];
  /** The query parameter that takes the cursor (`starting_after`). */
  readonly parameter: string;
  /** Where the client reads the next cursor: a property path of the answer, or of its last item. */
  readonly cursor: { readonly from: 'response' | 'lastItem'; readonly path: readonly string[] };
  /** Property path of the `has_more` flag, when the answer has one. */
  readonly hasMore?: readonly string[];
}

/** One operation, as the fake routes, checks and answers it. */
export interface FakeOperation extends Pick<OperationDescriptor, 'id' | 'method' | 'path'> {
  /**
   * The path with the style of each parameter written the RFC 6570 way (`/tags/{;tag*}`), as
   * the client's descriptor has it; absent when every parameter is in the simple style.
   */
  readonly pathForm?: string;
  /** The query, header and cookie parameters: the client descriptor's own description of each. */
  readonly query?: readonly ParameterDescriptor[];
  readonly headers?: readonly ParameterDescriptor[];
  readonly cookies?: readonly ParameterDescriptor[];
  /** Absent when the operation takes no body (one sent anyway is ignored). */
  readonly body?: FakeBody;
  /** The validator of each part of the request that has one. */
  readonly checks?: Readonly<Partial<Record<RequestPart, RequestValidator>>>;
  readonly success: FakeSuccess;
  /** How the client walks the operation's pages, when it is a cursor list. */
  readonly cursorList?: FakeCursorList;
}

export interface FakeContract {
  /** The API's title, for messages. */
  readonly title: string;
  /** The path of the spec's first server (`/v1`), where the fake answers unless told otherwise; empty for the root. */
  readonly basePath: string;
  /** Every operation, in spec order. */
  readonly operations: readonly FakeOperation[];
}
