/**
 * The raw document → `IrDocumentMirror`: its paths, webhooks, components and operations kept
 * in the document's own structure, as openapi-typescript 7 renders them, for the package's
 * `paths`/`components`/`operations` types. Schemas go through the same converter as the rest of
 * the IR, in its mirror mode, with a reporter of their own: every problem they have was already
 * reported when the IR proper converted them. A Swagger 2.0 document reaches this builder
 * converted to 3.0 by the loader, so its mirror is what openapi-typescript (which reads only
 * 3.x) gives for that conversion.
 */
import type {
  IrDocs,
  IrDocumentMirror,
  IrMirrorBody,
  IrMirrorContent,
  IrMirrorHeader,
  IrMirrorOperation,
  IrMirrorParameter,
  IrMirrorParameterUse,
  IrMirrorParameters,
  IrMirrorPath,
  IrMirrorPathItem,
  IrMirrorRef,
  IrMirrorResponse,
  IrMirrorSchema,
  IrMirrorSection,
  MirrorLocation,
} from './types.js';
import type { SourceDocument } from '../load/load.js';
import { asArray, asObject, asString, entries, joinPointer, type RawObject } from './raw.js';
import { mirrorSchema, within, type MirrorAt, type MirrorSchemaContext } from './mirror-schema.js';
import { scanDiscriminators } from './mirror-discriminators.js';
import { refPointer, resolvePointer, splitPointer } from '../shared/document/pointer.js';
import { HTTP_METHODS } from '../shared/document/methods.js';

/** The methods openapi-typescript 7 gives a path item, in its order: OpenAPI's, without 3.2's `query`. */
export const MIRROR_METHODS = HTTP_METHODS.filter(
  (method): method is Exclude<(typeof HTTP_METHODS)[number], 'query'> => method !== 'query',
);

const SECTIONS: readonly IrMirrorSection[] = [
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'pathItems',
];
const UNKNOWN: IrMirrorSchema = { kind: 'keyword', keyword: 'unknown' };
const STRING: IrMirrorSchema = { kind: 'keyword', keyword: 'string' };

export function buildMirror(source: SourceDocument): IrDocumentMirror {
  // openapi-typescript types the document after rewriting it for its discriminators.
  const { document: root, discriminators } = scanDiscriminators(source.value);
  const ctx: MirrorSchemaContext = { root, discriminators };
  const reader = new MirrorReader(ctx);
  const document = asObject(root) ?? {};
  const components = asObject(document.components) ?? {};
  const section = <T>(name: string, read: (raw: unknown, at: MirrorAt) => T) =>
    entries(components[name]).map(([key, raw]) => ({
      key,
      value: read(raw, same(joinPointer('/components', name, key))),
    }));
  const webhooks = asObject(document.webhooks);
  return {
    paths: reader.paths(document.paths, same('/paths')),
    ...(webhooks !== undefined ? { webhooks: reader.paths(webhooks, same('/webhooks')) } : {}),
    components: {
      schemas: entries(components.schemas).map(([key, raw]) => ({
        key,
        type: mirrorSchema(raw, same(joinPointer('/components/schemas', key)), ctx),
        docs: docsOf(asObject(raw)),
        listsValues: listsValues(asObject(raw)),
      })),
      responses: section('responses', (raw, at) => reader.response(raw, at)).map(
        ({ key, value }) => ({ key, response: value }),
      ),
      parameters: section('parameters', (raw, at) => reader.parameterDefinition(raw, at)).map(
        ({ key, value }) => ({ key, parameter: value }),
      ),
      requestBodies: section('requestBodies', (raw, at) => reader.body(raw, at)).map(
        ({ key, value }) => ({ key, body: value }),
      ),
      headers: section('headers', (raw, at) => reader.header(raw, at)).map(({ key, value }) => ({
        key,
        header: value,
      })),
      pathItems: section('pathItems', (raw, at) => reader.pathItem(raw, at)).map(
        ({ key, value }) => ({ key, item: value }),
      ),
    },
    operations: reader.operations,
  };
}

/** A parameter as listed, with its JSON pointer in the document. */
interface Listed {
  readonly raw: unknown;
  readonly pointer: string;
}

/** A place whose JSON pointer is openapi-typescript's path of it too. */
function same(pointer: string): MirrorAt {
  return { path: pointer, pointer };
}

/** Reads one document's objects into the mirror, collecting the operations that have an id. */
class MirrorReader {
  readonly operations: { id: string; operation: IrMirrorOperation }[] = [];

  constructor(private readonly ctx: MirrorSchemaContext) {}

  paths(raw: unknown, at: MirrorAt): IrMirrorPath[] {
    return entries(raw).map(([key, item]) => ({
      key,
      item: this.pathItem(item, within(at, [key], [key])),
    }));
  }

  pathItem(raw: unknown, at: MirrorAt): IrMirrorPathItem | IrMirrorRef {
    const ref = this.componentRef(raw);
    if (ref) return ref;
    const item = this.resolved(raw) ?? {};
    const shared = asArray(item.parameters);
    const methods = MIRROR_METHODS.flatMap((method): IrMirrorPathItem['methods'][number][] => {
      const operation = asObject(item[method]);
      if (!operation) return [];
      // openapi-typescript keys parameters by location and name: an operation's own replaces
      // the path item's of the same key, keeping the first one's place.
      const keyed = new Map<string, Listed>();
      const listed = (list: unknown, pointer: string) =>
        asArray(list).map((raw, i) => ({ raw, pointer: joinPointer(pointer, i) }));
      for (const parameter of [
        ...listed(item.parameters, joinPointer(at.pointer, 'parameters')),
        ...listed(operation.parameters, joinPointer(at.pointer, method, 'parameters')),
      ]) {
        const resolved = this.resolved(parameter.raw);
        keyed.set(`${asString(resolved?.in)}-${asString(resolved?.name)}`, parameter);
      }
      const built = this.operation(operation, [...keyed.values()], within(at, [method], [method]));
      const id = asString(operation.operationId)?.replace(/#/g, '/');
      if (id === undefined) return [{ method, operation: built, docs: docsOf(operation) }];
      // A second operation under an id already taken replaces the first, as in openapi-typescript.
      const taken = this.operations.findIndex((o) => o.id === id);
      if (taken >= 0) this.operations.splice(taken, 1);
      this.operations.push({ id, operation: built });
      return [{ method, operation: { kind: 'operation', id }, docs: docsOf(operation) }];
    });
    // openapi-typescript's path for a path item's own parameters has `parameters` twice.
    const own = shared.map((raw, i) => ({
      raw,
      pointer: joinPointer(at.pointer, 'parameters', i),
    }));
    return { parameters: this.parameters(own, within(at, ['parameters'], [])), methods };
  }

  private operation(
    raw: RawObject,
    parameters: readonly Listed[],
    at: MirrorAt,
  ): IrMirrorOperation {
    const requestBody = raw.requestBody;
    return {
      kind: 'inline',
      parameters: this.parameters(parameters, at),
      ...(requestBody !== undefined
        ? { requestBody: this.body(requestBody, within(at, ['requestBody'], ['requestBody'])) }
        : {}),
      responses: entries(raw.responses).map(([status, response]) => ({
        status,
        response: this.response(response, within(at, ['responses', status], ['responses', status])),
      })),
    };
  }

  /**
   * `at.path` is the path of what holds the list; each parameter's is under
   * `parameters/{in}/{name}` there, and at its own pointer in the document.
   */
  private parameters(list: readonly Listed[], at: MirrorAt): IrMirrorParameters {
    const uses = list.flatMap(({ raw, pointer }): (IrMirrorParameterUse & { in: string })[] => {
      const resolved = this.resolved(raw);
      const name = asString(resolved?.name);
      const location = asString(resolved?.in);
      if (!resolved || name === undefined || location === undefined) return [];
      return [
        {
          in: location,
          name,
          required: location === 'path' || resolved.required === true,
          parameter: this.parameterDefinition(raw, {
            path: joinPointer(at.path, 'parameters', location, name),
            pointer,
          }),
        },
      ];
    });
    const of = (location: MirrorLocation) =>
      uses.filter((u) => u.in === location).map(({ in: _, ...use }) => use);
    return { query: of('query'), header: of('header'), path: of('path'), cookie: of('cookie') };
  }

  parameterDefinition(raw: unknown, at: MirrorAt): IrMirrorParameter | IrMirrorRef {
    const ref = this.componentRef(raw);
    if (ref) return ref;
    const parameter = this.resolved(raw) ?? {};
    // openapi-typescript types a parameter without a schema (one with `content`) as a string.
    const type =
      parameter.schema !== undefined
        ? this.schema(parameter.schema, within(at, [], ['schema']))
        : STRING;
    return { ...docsOf(parameter), type };
  }

  body(raw: unknown, at: MirrorAt): IrMirrorBody | IrMirrorRef {
    const ref = this.componentRef(raw);
    if (ref) return ref;
    const body = this.resolved(raw) ?? {};
    return {
      ...docsOf(body),
      required: body.required === true,
      content: this.content(body.content, within(at, ['content'], ['content'])),
    };
  }

  response(raw: unknown, at: MirrorAt): IrMirrorResponse | IrMirrorRef {
    const ref = this.componentRef(raw);
    if (ref) return ref;
    const response = this.resolved(raw) ?? {};
    return {
      ...docsOf(response),
      headers: entries(response.headers).map(([name, header]) => ({
        name,
        header: this.header(header, within(at, ['headers', name], ['headers', name])),
      })),
      ...(response.content !== undefined
        ? { content: this.content(response.content, within(at, ['content'], ['content'])) }
        : {}),
    };
  }

  header(raw: unknown, at: MirrorAt): IrMirrorHeader | IrMirrorRef {
    const ref = this.componentRef(raw);
    if (ref) return ref;
    const header = this.resolved(raw) ?? {};
    return {
      ...docsOf(header),
      required: header.required === true,
      type: this.schemaOrContent(header, at),
    };
  }

  /** A header's type: its schema's, else its content's (an object by media type). */
  private schemaOrContent(raw: RawObject, at: MirrorAt): IrMirrorSchema {
    if (raw.schema !== undefined) return this.schema(raw.schema, within(at, [], ['schema']));
    if (raw.content === undefined) return UNKNOWN;
    return {
      kind: 'object',
      // openapi-typescript's path for a header's media type has no `content` in it.
      properties: this.content(raw.content, within(at, [], ['content'])).map((c) => ({
        name: c.mediaType,
        type: c.type,
        required: true,
        requiredByDefault: false,
        readOnly: false,
      })),
      index: [],
      openByOption: false,
    };
  }

  private content(raw: unknown, at: MirrorAt): IrMirrorContent[] {
    return entries(raw).map(([mediaType, media]) => {
      const schema = asObject(media)?.schema;
      return {
        mediaType,
        type:
          schema === undefined
            ? UNKNOWN
            : this.schema(schema, within(at, [mediaType], [mediaType, 'schema'])),
      };
    });
  }

  /** `at.path` is openapi-typescript's path of the schema: its parameter, header or media type. */
  private schema(raw: unknown, at: MirrorAt): IrMirrorSchema {
    return mirrorSchema(raw, at, this.ctx);
  }

  /** The object a `$ref` leads to, or the object itself. */
  private resolved(raw: unknown): RawObject | undefined {
    const object = asObject(raw);
    const ref = asString(object?.$ref);
    if (ref === undefined) return object;
    const pointer = refPointer(ref);
    return pointer === undefined
      ? undefined
      : this.resolved(resolvePointer(this.ctx.root, pointer).value);
  }

  /** A `$ref` to a component of a section the mirror names (`#/components/responses/NotFound`). */
  private componentRef(raw: unknown): IrMirrorRef | undefined {
    const ref = asString(asObject(raw)?.$ref);
    const pointer = ref === undefined ? undefined : refPointer(ref);
    const tokens = pointer === undefined ? undefined : splitPointer(pointer);
    if (tokens?.length !== 3 || tokens[0] !== 'components') return undefined;
    const section = SECTIONS.find((s) => s === tokens[1]);
    return section === undefined ? undefined : { kind: 'ref', section, key: tokens[2]! };
  }
}

/** A schema of listed values, as openapi-typescript's `isEnumSchema` tells one. */
function listsValues(raw: RawObject | undefined): boolean {
  return (
    Array.isArray(raw?.enum) &&
    raw.type !== 'object' &&
    !('properties' in raw) &&
    !('additionalProperties' in raw)
  );
}

function docsOf(raw: RawObject | undefined): IrDocs {
  const description = asString(raw?.description);
  const summary = asString(raw?.summary);
  return {
    ...(summary !== undefined ? { title: summary } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(raw?.deprecated === true ? { deprecated: true } : {}),
  };
}
