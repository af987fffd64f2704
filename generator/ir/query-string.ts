/**
 * OpenAPI 3.2's `in: querystring`: one parameter that is the whole query string, described by
 * `content` rather than `schema`. As `application/x-www-form-urlencoded` of an object, it is
 * the object's fields as `name=value` pairs, lists repeated (`tag=a&tag=b`): exactly what
 * exploded form-style query parameters write, so each field becomes one, and the call takes the
 * object as its `query`, checked and encoded as any query is. As JSON or text/plain it is one
 * query parameter, `query: { [name]: value }`, whose JSON text (or string) is the whole query,
 * percent-encoded (runtime/internal/query-text.ts). Any other form (XML, a map without named fields) is
 * left out with a warning, or refuses the operation when it is required, since no call could
 * then be made as the document says.
 */
import type { IrParameter, IrType } from './types.js';
import { asArray, asObject, asString, entries, joinPointer, type RawObject } from './raw.js';
import { convertSchema, type SchemaContext } from './schema.js';
import { camelCase } from './names.js';
import { deref } from './deref.js';
import { queryWire } from './parameters.js';
import { essence, isJsonLike } from './media-types.js';

const FORM = 'application/x-www-form-urlencoded';

/** The query parameters a querystring parameter at `pointer` stands for; `[]` when it is left out. */
export function queryStringParameters(
  p: RawObject,
  pointer: string,
  ctx: SchemaContext,
  schemaTypes: ReadonlyMap<string, IrType>,
): IrParameter[] {
  const name = asString(p.name) ?? 'querystring';
  const [mediaType, media] = entries(p.content)[0] ?? [];
  const mediaPointer = joinPointer(pointer, 'content', mediaType ?? '');
  const schemaPointer = joinPointer(mediaPointer, 'schema');
  const text = mediaType === undefined ? undefined : textForm(mediaType);
  if (text !== undefined) {
    const type = convertSchema(asObject(media)?.schema ?? {}, schemaPointer, ctx);
    const description = asString(p.description);
    return [
      {
        name,
        identifier: camelCase(name),
        location: 'query',
        required: p.required === true,
        type,
        ...(description !== undefined ? { description } : {}),
        explode: true,
        querystring: text,
      },
    ];
  }
  const schema =
    mediaType !== undefined && essence(mediaType) === FORM
      ? deref(asObject(media)?.schema, schemaPointer, ctx)
      : undefined;
  const properties = entries(schema?.value.properties);
  if (!schema || properties.length === 0) {
    const why =
      mediaType === undefined
        ? 'it has no content'
        : !schema
          ? `its media type '${mediaType}' is not ${FORM} of an object, JSON or text/plain`
          : 'its schema names no properties';
    const what = `querystring parameter '${name}' is not sent: ${why}, and the client writes a whole query string only from an object's named fields, JSON or text`;
    if (p.required === true) {
      ctx.reporter.error(
        'unsupported-parameter',
        mediaType === undefined ? pointer : mediaPointer,
        what,
        `describe it as ${FORM} of an object with properties, application/json, text/plain, or as in: query parameters`,
      );
    } else {
      ctx.reporter.warning(
        'parameter-left-out',
        mediaType === undefined ? pointer : mediaPointer,
        `${what}; the operation is generated without it`,
        `describe it as ${FORM} of an object with properties, application/json, text/plain, or as in: query parameters`,
      );
    }
    return [];
  }
  const required = new Set(asArray(schema.value.required).flatMap((n) => asString(n) ?? []));
  return properties.map(([field, raw]) => {
    const fieldPointer = joinPointer(schema.pointer, 'properties', field);
    const type = convertSchema(raw, fieldPointer, ctx);
    const description = asString(asObject(raw)?.description);
    const fieldSchema = asObject(raw) ?? {};
    return {
      name: field,
      identifier: camelCase(field),
      location: 'query',
      // A field is needed when the object is and lists it as required.
      required: p.required === true && required.has(field),
      type,
      ...(description !== undefined ? { description } : {}),
      ...('default' in fieldSchema ? { default: fieldSchema.default } : {}),
      explode: true,
      ...queryWire({}, undefined, type, schemaTypes, ctx.root),
    };
  });
}

/**
 * `json` for a JSON media type (`application/json`, `application/vnd.x+json`, as the client
 * reads JSON everywhere), whose value's
 * JSON text is the query; `text` for `text/plain`, whose string is; undefined for the rest.
 */
function textForm(mediaType: string): 'json' | 'text' | undefined {
  if (isJsonLike(mediaType)) return 'json';
  return essence(mediaType) === 'text/plain' ? 'text' : undefined;
}
