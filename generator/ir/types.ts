/**
 * The intermediate representation: everything the emitters need, and nothing of the raw
 * OpenAPI document. It is closed (discriminated unions, readonly, no `any`) so that every
 * emitter handles every case, and it is plain data so a JSON dump of it is a useful snapshot.
 */

export interface Ir {
  readonly info: IrInfo;
  readonly servers: readonly IrServer[];
  /** Named schemas in document order. */
  readonly schemas: readonly IrSchema[];
  /** Named enums in document order (also present in `schemas` as `enum` types). */
  readonly enums: readonly IrEnum[];
  readonly operations: readonly IrOperation[];
  /** Operations grouped as the client exposes them: `client.users.billingDetails.update`. */
  readonly resources: IrResource;
  /** The document as openapi-typescript mirrors it, for the package's `paths`, `components`… types. */
  readonly mirror?: IrDocumentMirror;
}

export interface IrInfo {
  readonly title: string;
  readonly version: string;
  readonly description?: string;
  /** npm package name of the generated client. */
  readonly packageName: string;
  /** `info.x-sdk-token-env`: the environment variable the client reads the token from when none is given. */
  readonly tokenEnvVar?: string;
  /** `info.x-sdk-client-header`: a header naming the package and version, for browsers, which cannot set `User-Agent`. */
  readonly clientHeader?: string;
  /** `info.x-sdk-lib`: the hand-written layer (a folder under templates/) the package also gets, `connect` for our API. */
  readonly lib?: string;
  /**
   * `info.x-sdk-spec-revision`: which revision of its description of the API at `version` the
   * document is, for a spec kept by hand beside the provider's (corrections, not a new interface).
   */
  readonly specRevision?: number;
}

export interface IrServer {
  /** `production`, `playground`, or a name derived from the position. */
  readonly name: string;
  readonly url: string;
  readonly description?: string;
}

/** Documentation carried from the spec to doc comments. */
export interface IrDocs {
  readonly title?: string;
  readonly description?: string;
  readonly deprecated?: boolean;
  readonly example?: unknown;
}

export type IrType =
  | IrStringType
  | IrNumberType
  | { readonly kind: 'boolean' }
  | { readonly kind: 'null' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'literal'; readonly value: string | number | boolean }
  | IrEnumType
  | IrArrayType
  | IrObjectType
  | IrRefType
  | IrUnionType
  | IrIntersectionType;

export type StringFormat =
  'date-time' | 'date' | 'uri' | 'email' | 'uuid' | 'decimal' | 'binary' | 'other';

export interface IrStringType {
  readonly kind: 'string';
  readonly format?: StringFormat;
  readonly minLength?: number;
  readonly maxLength?: number;
  /**
   * A regular expression the value matches, as JavaScript compiles it with the `u` flag
   * (rewritten from the document's where only `u` refused it: see pattern.ts).
   */
  readonly pattern?: string;
  /** The pattern compiles only without the `u` flag: the guards test it so; forms and the fake leave it out. */
  readonly patternWithoutUnicode?: true;
}

export interface IrNumberType {
  readonly kind: 'number';
  readonly integer: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

/** An inline enum; named enums are `ref`s to an `IrSchema` whose type is an enum. */
export interface IrEnumType {
  readonly kind: 'enum';
  readonly values: readonly (string | number)[];
}

export interface IrArrayType {
  readonly kind: 'array';
  readonly items: IrType;
  readonly minItems?: number;
  readonly maxItems?: number;
  /** Set only when the spec asks for it. */
  readonly uniqueItems?: true;
}

export interface IrObjectType {
  readonly kind: 'object';
  readonly properties: readonly IrProperty[];
  /**
   * Type of properties not listed. `unknown` for open objects (the default: the provider
   * adds fields in minor releases), a type for maps, `false` only when the spec forbids them.
   */
  readonly additional: IrType | false;
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

export interface IrProperty extends IrDocs {
  /** Name on the wire, used verbatim (quoted where it is not an identifier). */
  readonly name: string;
  readonly type: IrType;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly writeOnly: boolean;
  readonly default?: unknown;
}

export interface IrRefType {
  readonly kind: 'ref';
  /** Name of an `IrSchema` in `Ir.schemas`. */
  readonly name: string;
}

export interface IrUnionType {
  readonly kind: 'union';
  readonly members: readonly IrType[];
  readonly discriminator?: IrDiscriminator;
}

export interface IrDiscriminator {
  readonly property: string;
  /** Discriminator value → schema name, in spec order. */
  readonly mapping: readonly { readonly value: string; readonly schema: string }[];
}

export interface IrIntersectionType {
  readonly kind: 'intersection';
  readonly members: readonly IrType[];
}

export interface IrSchema extends IrDocs {
  /** TypeScript identifier of the type (the response-side one when the views are split). */
  readonly name: string;
  /**
   * Key under `components.schemas`; for a recursive schema from elsewhere that was hoisted
   * into a named type (hoist.ts), its JSON pointer.
   */
  readonly sourceName: string;
  readonly type: IrType;
  /**
   * Which declarations to emit. Responses see the `read` view (read-only properties kept,
   * enums open to values added later); requests see the `write` view (read-only properties
   * dropped, enums closed). `shared`: both views are the same, one declaration. `split`: the
   * views differ and the schema is used both ways, so the write view is declared again
   * under `requestName`.
   */
  readonly views: SchemaViews;
  readonly requestName?: string;
}

export type SchemaViews = 'read' | 'write' | 'shared' | 'split';

export type View = 'read' | 'write';

export interface IrEnum extends IrDocs {
  /** Same as the schema name. */
  readonly name: string;
  readonly values: readonly (string | number)[];
}

/** A method the path item names with a key of its own (OpenAPI 3.2 adds `query`), upper case. */
export type FixedMethod =
  'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'QUERY';

/**
 * The method of an operation: a fixed one, or another that a 3.2 path item's
 * `additionalOperations` names (`LINK`, `PURGE`), as written (HTTP methods are case-sensitive).
 */
export type HttpMethod = FixedMethod | (string & {});

/**
 * How a request body goes on the wire: JSON, a form, multipart, text sent as it is, or
 * bytes (a Blob, ArrayBuffer, typed array or stream).
 */
export type BodyEncoding = 'json' | 'form' | 'multipart' | 'text' | 'binary';

/** A status range a response may be declared for: `2XX`, `4XX`, `5XX` (and the rarer ones). */
export type StatusRange = '1XX' | '2XX' | '3XX' | '4XX' | '5XX';

/** The query styles other than `form`, OpenAPI's default. */
export type QueryStyle = 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

export interface IrParameter extends IrDocs {
  /** Name on the wire. */
  readonly name: string;
  /** Name as a TypeScript identifier (path parameters become positional arguments). */
  readonly identifier: string;
  readonly location: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly type: IrType;
  readonly default?: unknown;
  /** Arrays as one pair per element (true) or comma-joined (false). */
  readonly explode: boolean;
  /**
   * How a path parameter is written (RFC 6570): `label` `.a,b`, `matrix` `;id=a,b`; absent for
   * `simple`, `a,b`. A query's style other than form; a cookie's `cookie` (OpenAPI 3.2): the
   * form style's pairs with values sent as they are, not percent-encoded.
   */
  readonly style?: 'label' | 'matrix' | 'cookie' | QueryStyle;
  /** A query parameter's `allowReserved`: reserved characters are sent unencoded. */
  readonly allowReserved?: true;
  /**
   * How a deepObject query parameter writes lists: `expand[]=a` (brackets, the default) or
   * `expand[0]=a` (indices), from the document root's `x-sdk-deep-object-arrays`.
   */
  readonly arrays?: 'indices';
  /**
   * A path, header or cookie parameter whose values are lists (`a,b`) or objects (key-value
   * pairs) rather than one text, or a query parameter that is an object (`object` only);
   * absent for those and for other query parameters. Its descriptor
   * then names the runtime's writers of those forms, which other bundles leave out.
   */
  readonly form?: 'list' | 'object';
  /**
   * An OpenAPI 3.2 `in: querystring` parameter in JSON (`json`) or plain text (`text`): the
   * value's text is the whole query string. A form's fields are query parameters instead.
   */
  readonly querystring?: 'json' | 'text';
}

export interface IrRequestBody extends IrDocs {
  readonly required: boolean;
  /** Supported encodings, JSON first when present. */
  readonly encodings: readonly BodyEncoding[];
  /**
   * Request-side type. `string` for a text body; `unknown` for a binary one, whose
   * TypeScript type is the runtime's `BinaryBody`.
   */
  readonly type: IrType;
  /** Every media type the spec lists for the body, as written (the change report compares them). */
  readonly mediaTypes?: readonly string[];
  /**
   * The declared media type the body is sent with, where it is not the encoding's own
   * (`application/json`, a form, multipart): `application/vnd.x+json`, `text/xml`, `image/png`.
   * Always set for text and binary bodies.
   */
  readonly contentType?: string;
  /**
   * Fields of a urlencoded form body whose encoding says `style: deepObject`: sent nested
   * with brackets (`address[city]=Berlin`) rather than as JSON text.
   */
  readonly deepFields?: readonly string[];
  /**
   * Other fields of a urlencoded form whose encoding says how they are written: a style,
   * explode or allowReserved (as a query parameter's), or JSON text.
   */
  readonly styledFields?: readonly IrStyledFormField[];
  /**
   * A multipart body written part by part (it uploads files or declares parts' types):
   * property → the content type the document declares for it (may be empty).
   */
  readonly multipartTypes?: Readonly<Record<string, string>>;
}

/** A urlencoded form field's encoding, in the runtime's terms (styled-form-body.ts). */
export interface IrStyledFormField {
  readonly name: string;
  readonly style?: 'spaceDelimited' | 'pipeDelimited';
  readonly explode?: false;
  readonly allowReserved?: true;
  readonly json?: true;
}

export interface IrResponse {
  /** A status code, a range (`5XX`), or `default`. */
  readonly status: number | StatusRange | 'default';
  readonly description?: string;
  /** Body type (response side): `string` for a text body; absent for no body or a binary one. */
  readonly type?: IrType;
  /** Every media type the spec lists for the body, as written; absent when it lists none. */
  readonly mediaTypes?: readonly string[];
  /** How the body is read when it is not JSON: as text, or as bytes (a `Blob`). */
  readonly media?: 'text' | 'binary';
  /** The declared media type of a text or binary body, sent as `Accept`. */
  readonly mediaType?: string;
  /** A stream the body is, or may be beside JSON: its media type and the type of one item. */
  readonly stream?: { readonly mediaType: string; readonly item: IrType };
}

/**
 * A success answer read as a stream of items (event data, JSON lines, JSON texts): always, or
 * beside JSON when the request's `flag` (a boolean body property) asks for it.
 */
export interface IrSuccessStream {
  /** The stream's media types, sent as `Accept`. */
  readonly accept: string;
  readonly framing: 'sse' | 'jsonl' | 'json-seq';
  /** One item: 3.2's `itemSchema`, else the schema under the stream's media type. */
  readonly item: IrType;
  /** The body property that asks for the stream when the answer may also be JSON (`stream`). */
  readonly flag?: string;
}

/**
 * How a list is walked: `link`, Django's `{count, next, previous, results}`; `cursor`, a
 * cursor query parameter whose next value the response gives (`generator/ir/pagination.ts`).
 */
export type IrPagination = IrLinkPagination | IrCursorPagination;

export interface IrLinkPagination {
  readonly kind: 'link';
  /** Type of one item of `results`. */
  readonly item: IrType;
}

export interface IrCursorPagination {
  readonly kind: 'cursor';
  /** Type of one item of the page's list. */
  readonly item: IrType;
  /** Property path of the list in the response (`['data']`). */
  readonly items: readonly string[];
  /** The query parameter that takes the cursor, by wire name (`starting_after`). */
  readonly parameter: string;
  /** Where the next cursor is read: a property path of the response, or of the page's last item. */
  readonly cursor: { readonly from: 'response' | 'lastItem'; readonly path: readonly string[] };
  /** Property path of the `has_more` flag, when the response has one: false ends the list. */
  readonly hasMore?: readonly string[];
}

export interface IrOperation extends IrDocs {
  readonly operationId: string;
  /** Name of the standalone function, for example `stationsAround`. */
  readonly functionName: string;
  /** Where the client exposes it: `['users', 'billingDetails']` and `update`. */
  readonly resourcePath: readonly string[];
  readonly methodName: string;
  /** Where its operationId would put it, for a place read from its method and path (`ClientPlace`). */
  readonly idPlace?: { readonly resourcePath: readonly string[]; readonly methodName: string };
  readonly method: HttpMethod;
  /** The path template; a query its key carries is `fixedQuery`. */
  readonly path: string;
  /** The query a path key carries (`beta=true` of `/responses/{id}?beta=true`), sent with every call. */
  readonly fixedQuery?: string;
  readonly summary?: string;
  readonly tags: readonly string[];
  readonly pathParameters: readonly IrParameter[];
  readonly queryParameters: readonly IrParameter[];
  readonly headerParameters: readonly IrParameter[];
  /** Sent together in one `Cookie` header. */
  readonly cookieParameters: readonly IrParameter[];
  readonly body?: IrRequestBody;
  readonly responses: readonly IrResponse[];
  /** The statuses from 200 to 299, in order. */
  readonly successStatuses: readonly number[];
  /** Type of the success body; absent when no success response has a body, or a binary one. */
  readonly successType?: IrType;
  /**
   * How the success body is read when it is not JSON: `text` (a `string`) or `binary` (a
   * `Blob`), with the media types to send as `Accept`.
   */
  readonly successMedia?: { readonly kind: 'text' | 'binary'; readonly accept: string };
  /** A success answer that is (or, by a request flag, may be) a stream. */
  readonly successStream?: IrSuccessStream;
  readonly retrySafe: boolean;
  readonly pagination?: IrPagination;
  /**
   * Its role in TanStack Query where the document states one (`x-sdk-query`), else what its
   * method gives (`queryRoleOf` in plan/query-keys.ts): a GET that creates something each time
   * is a `write`.
   */
  readonly queryRole?: 'read' | 'write';
  /** The operationIds of the reads a success changes beyond its own path (`x-sdk-invalidates`). */
  readonly invalidates?: readonly string[];
}

export interface IrResource {
  /** Property name on the parent (`billingDetails`); empty for the root. */
  readonly name: string;
  /** Path from the root, for naming classes: `['users', 'billingDetails']`. */
  readonly path: readonly string[];
  readonly operations: readonly IrOperation[];
  readonly children: readonly IrResource[];
}

/**
 * The document as openapi-typescript 7 mirrors it (its `paths`, `webhooks`, `components` and
 * `operations` types), for packages that stand in for its output: keys as written, in
 * document order, and schemas typed node for node as openapi-typescript types them
 * (`IrMirrorSchema`). Refs inside it name components by their JSON pointer
 * (`/components/schemas/Pet`), which the plan leaves alone: the mirror's names are the
 * document's keys, not the package's. Absent from IR values a test makes by hand.
 */
export interface IrDocumentMirror {
  readonly paths: readonly IrMirrorPath[];
  /** The document's `webhooks` (3.1); absent when it has none. */
  readonly webhooks?: readonly IrMirrorPath[];
  readonly components: IrMirrorComponents;
  /** Operations with an operationId, which paths refer to by it; in document order, each id once. */
  readonly operations: readonly { readonly id: string; readonly operation: IrMirrorOperation }[];
}

/** The component sections a mirror's ref may name besides schemas. */
export type IrMirrorSection =
  'responses' | 'parameters' | 'requestBodies' | 'headers' | 'pathItems';

/** A `$ref` to a component, by its section and key. */
export interface IrMirrorRef {
  readonly kind: 'ref';
  readonly section: IrMirrorSection;
  readonly key: string;
}

/**
 * A schema as openapi-typescript 7 types it, node for node: its output is not always the
 * simplest type for a schema (`Omit<Base, "kind"> & { kind: "Cat" }` for a discriminated
 * child, `{ a: string } & (A | B)` for a oneOf beside properties), and code indexing it only
 * type-checks against a type of the same structure. Built by ir/mirror-schema.ts.
 */
export type IrMirrorSchema =
  | { readonly kind: 'keyword'; readonly keyword: MirrorKeyword }
  | { readonly kind: 'literal'; readonly value: string | number | boolean }
  | IrMirrorEnum
  /** A `$ref` by its pointer's tokens (`components`, `schemas`, `Pet`). */
  | { readonly kind: 'ref'; readonly tokens: readonly string[] }
  | { readonly kind: 'array'; readonly items: IrMirrorSchema }
  /** `prefixItems` (or 3.0's list of `items`): the positions only, as openapi-typescript has them. */
  | { readonly kind: 'tuple'; readonly items: readonly IrMirrorSchema[] }
  | IrMirrorObject
  /** A schema with a `type` that yields nothing else: `Record<string, never>` (or `unknown`, by option). */
  | { readonly kind: 'empty-record' }
  | { readonly kind: 'union'; readonly members: readonly IrMirrorSchema[] }
  | { readonly kind: 'intersection'; readonly members: readonly IrMirrorSchema[] }
  /** An allOf member whose schema has a discriminator, less that property: `Omit<T, "kind">`. */
  | { readonly kind: 'omit'; readonly type: IrMirrorSchema; readonly keys: readonly string[] }
  /** An allOf `$ref` whose properties the parent requires: `WithRequired<T, "a" | "b">`. */
  | {
      readonly kind: 'with-required';
      readonly type: IrMirrorSchema;
      readonly keys: readonly string[];
    };

/**
 * An `enum` of strings and numbers (no `null`): a union of its values, as openapi-typescript
 * writes it, or with its `--enum` (`openapiTypes.enum`) a TypeScript enum named after `path`.
 */
export interface IrMirrorEnum {
  readonly kind: 'enum';
  /** openapi-typescript's path of the schema (see ir/mirror-schema.ts), its enum's name. */
  readonly path: string;
  /** Its JSON pointer in the document, where a warning about it is located. */
  readonly pointer: string;
  /**
   * The values as listed, repeats included, each with the member name and description
   * `x-enum-varnames`/`x-enumNames` and `x-enum-descriptions`/`x-enumDescriptions` give at its
   * position.
   */
  readonly members: readonly IrMirrorEnumMember[];
  /** `nullable: true` or `null` in `type`: the union has `null`; the enum, as openapi-typescript's, does not. */
  readonly orNull: boolean;
}

export interface IrMirrorEnumMember {
  readonly value: string | number;
  readonly name?: string;
  readonly description?: string;
}

export type MirrorKeyword = 'string' | 'number' | 'boolean' | 'null' | 'unknown' | 'never';

export interface IrMirrorObject {
  readonly kind: 'object';
  readonly properties: readonly IrMirrorProperty[];
  /** The types of keys not listed the document declares (`additionalProperties`, `patternProperties`). */
  readonly index: readonly IrMirrorSchema[];
  /** `additionalProperties` is absent or false, so the `additionalProperties` option adds `unknown`. */
  readonly openByOption: boolean;
}

export interface IrMirrorProperty {
  readonly name: string;
  readonly type: IrMirrorSchema;
  readonly required: boolean;
  /** It has a `default` outside parameters and request bodies: required under `defaultNonNullable`. */
  readonly requiredByDefault: boolean;
  readonly readOnly: boolean;
}

export interface IrMirrorComponents {
  readonly schemas: readonly {
    readonly key: string;
    readonly type: IrMirrorSchema;
    readonly docs: IrDocs;
    /** It lists its values (`enum`, not an object's): `--enum` with `--root-types` gives it no alias. */
    readonly listsValues: boolean;
  }[];
  readonly responses: readonly {
    readonly key: string;
    readonly response: IrMirrorResponse | IrMirrorRef;
  }[];
  readonly parameters: readonly {
    readonly key: string;
    readonly parameter: IrMirrorParameter | IrMirrorRef;
  }[];
  readonly requestBodies: readonly {
    readonly key: string;
    readonly body: IrMirrorBody | IrMirrorRef;
  }[];
  readonly headers: readonly {
    readonly key: string;
    readonly header: IrMirrorHeader | IrMirrorRef;
  }[];
  readonly pathItems: readonly {
    readonly key: string;
    readonly item: IrMirrorPathItem | IrMirrorRef;
  }[];
}

export interface IrMirrorPath {
  /** The key under `paths` (or `webhooks`), as written. */
  readonly key: string;
  readonly item: IrMirrorPathItem | IrMirrorRef;
}

export type MirrorLocation = 'query' | 'header' | 'path' | 'cookie';

/** Parameters by location, each in document order (a path item's, then the operation's own). */
export type IrMirrorParameters = Readonly<Record<MirrorLocation, readonly IrMirrorParameterUse[]>>;

/** A parameter where it is used: its wire name, whether it is required, and its definition. */
export interface IrMirrorParameterUse {
  readonly name: string;
  readonly required: boolean;
  readonly parameter: IrMirrorParameter | IrMirrorRef;
}

export interface IrMirrorParameter extends IrDocs {
  readonly type: IrMirrorSchema;
}

export interface IrMirrorPathItem {
  readonly parameters: IrMirrorParameters;
  /** The methods the item declares, lower case, in openapi-typescript's order. */
  readonly methods: readonly {
    readonly method: string;
    readonly operation: IrMirrorOperation | { readonly kind: 'operation'; readonly id: string };
    readonly docs: IrDocs;
  }[];
}

export interface IrMirrorOperation {
  readonly kind: 'inline';
  readonly parameters: IrMirrorParameters;
  readonly requestBody?: IrMirrorBody | IrMirrorRef;
  readonly responses: readonly {
    readonly status: string;
    readonly response: IrMirrorResponse | IrMirrorRef;
  }[];
}

export interface IrMirrorContent {
  readonly mediaType: string;
  /** `unknown` for a media type without a schema. */
  readonly type: IrMirrorSchema;
}

export interface IrMirrorBody extends IrDocs {
  readonly required: boolean;
  readonly content: readonly IrMirrorContent[];
}

export interface IrMirrorResponse extends IrDocs {
  readonly headers: readonly {
    readonly name: string;
    readonly header: IrMirrorHeader | IrMirrorRef;
  }[];
  /** Absent when the response declares no content. */
  readonly content?: readonly IrMirrorContent[];
}

export interface IrMirrorHeader extends IrDocs {
  readonly required: boolean;
  readonly type: IrMirrorSchema;
}
