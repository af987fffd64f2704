/**
 * The API surface as a client user meets it: a flat list of entries (operations, their
 * parameters, request bodies, statuses, and every field reachable from them), each keyed so
 * that the same place in two spec versions has the same key. Comparing two surfaces is then
 * a matter of matching keys, and the surface is plain data, so it can be stored in
 * `generated/` and compared with later versions without the old spec.
 */

import type { Limits } from './limits.js';
import type { Phrase } from './phrase.js';

/** Which way data flows: what the client sends, what it receives, or the call itself. */
export type Side = 'operation' | 'request' | 'response';

/** `export`: a name the package exports beyond what the spec describes (enum members, guards, error classes, the runtime). */
export type Subject =
  'type' | 'export' | 'operation' | 'parameter' | 'request-body' | 'status' | 'field';

export interface SurfaceEntry {
  /** Unique within a surface and stable across versions: `GET /users/{}/|param:query:page`. */
  readonly key: string;
  /** Key of the operation the entry belongs to (its own key for an operation); `''` for exported types. */
  readonly operation: string;
  /** Key of the enclosing entry, so a report can name an added object once rather than every field in it. */
  readonly parent?: string;
  readonly subject: Subject;
  readonly side: Side;
  /** Where a reader finds it: "query parameter `page`", "response 200 field `results[].name`", the spec's text kept apart. */
  readonly location: Phrase;
  readonly required: boolean;
  readonly nullable: boolean;
  /** Shape without children: `string`, `integer`, `array`, `object`, `enum`, `one of`, `no body`. */
  readonly type: string;
  /** Values of an enum, in spec order; for an export, its members (`ConnectorType.IEC_62196_T2`). */
  readonly values?: readonly (string | number)[];
  /** Bounds, lengths, counts, `pattern`, `format` (requests only), `multipleOf`, `uniqueItems`. */
  readonly limits?: Limits;
  /** For request bodies and responses: the media types the spec lists, lower case, without parameters. */
  readonly mediaTypes?: readonly string[];
  /** For a status: whether the client reads it as a result (a 2xx or `2XX`) rather than an error. */
  readonly success?: boolean;
  /** Members of a union, by name or shape. */
  readonly variants?: readonly string[];
  /** For operations: how the client exposes the call (`client.users.create`, `usersCreate`). */
  readonly client?: string;
  readonly deprecated?: boolean;
  /** A member of a union: the union's `variants` report its arrival or departure, and it covers its own fields. */
  readonly member?: boolean;
}

export interface Surface {
  /** `info.version` of the spec the surface was built from: the API's version, not the package's. */
  readonly version: string;
  /** What the record it was built from holds (`SURFACE_LEVEL`); absent in records from before levels. */
  readonly level?: number;
  readonly entries: readonly SurfaceEntry[];
}
