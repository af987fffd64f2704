/**
 * What the generated client leaves out of a document, or reads more loosely than it is
 * written, said as located warnings so that nothing is dropped in silence: parameters whose
 * wire form the client does not write, form parts whose `encoding` it does not apply,
 * callbacks, webhooks and links. Each is said once at its own place, however many operations
 * reach that place through `$ref`s (a shared parameter, a schema inlined at every use).
 */
import { followRefs, isObject } from '../shared/document/read.js';
import type { Reporter } from './raw.js';
import type { IrStyledFormField } from './types.js';
import { asObject, asString, entries, joinPointer, type RawObject } from './raw.js';

/** The places already warned about, per run (the reporter is one run's). */
const said = new WeakMap<Reporter, Set<string>>();

/** A warning at `pointer`, unless one of the same code is there already. */
export function warnOnce(
  reporter: Reporter,
  code: string,
  pointer: string,
  message: string,
  hint: string,
): void {
  let places = said.get(reporter);
  if (!places) said.set(reporter, (places = new Set()));
  const key = `${code} ${pointer}`;
  if (places.has(key)) return;
  places.add(key);
  reporter.warning(code, pointer, message, hint);
}

interface Context {
  readonly root: unknown;
  readonly reporter: Reporter;
}

/**
 * A parameter (in a path item's or an operation's list) whose wire form the client does not
 * write as the document describes: `content` instead of a schema, an object of lists or
 * objects in a query style other than deepObject. Header, cookie and path styles are read
 * where the parameters are built.
 */
export function reportParameter(node: unknown, pointer: string, ctx: Context): void {
  const followed = followRefs(ctx.root, node, pointer);
  if (followed.stop || !isObject(followed.value)) return;
  const p = followed.value;
  const at = followed.pointer;
  const name = asString(p.name) ?? '';
  const location = asString(p.in);
  const content = asObject(p.content);
  // A querystring parameter (3.2) is always described by content: query-string.ts reads it.
  if (content && p.schema === undefined && location !== 'querystring') {
    const mediaType = Object.keys(content)[0] ?? '';
    warnOnce(
      ctx.reporter,
      'parameter-content',
      joinPointer(at, 'content'),
      `${location ?? ''} parameter '${name}' is described by its content (${mediaType}), which the client does not serialise: it takes the parameter's text as the caller writes it`,
      `pass the ${mediaType} text yourself (for example JSON.stringify(value)), or describe the parameter with a schema and a style`,
    );
  }
  if (location !== 'query') return;
  // Every query style is written as OpenAPI defines it (query-styles.ts); what no style but
  // deepObject has a form for is an object holding lists or objects.
  const style = asString(p.style) ?? 'form';
  const schema = asObject(followRefs(ctx.root, p.schema, '').value);
  if (style !== 'deepObject' && schemaShape(schema, ctx.root) === 'object') {
    const nested = Object.values(asObject(schema?.properties) ?? {}).some(
      (member) => schemaShape(member, ctx.root) !== undefined,
    );
    if (nested)
      warnOnce(
        ctx.reporter,
        'parameter-style',
        joinPointer(at, 'schema'),
        `query parameter '${name}' is an object holding lists or objects, which the ${style} style has no form for: a call that passes one of those members fails before it is sent`,
        'declare style: deepObject if the server reads `name[key][sub]=value`, or pass the member as text',
      );
  }
}

/** Whether a parameter's schema (after `$ref`s) describes an object, a list, or something else. */
function schemaShape(schema: unknown, root: unknown): 'object' | 'array' | undefined {
  const s = asObject(followRefs(root, schema, '').value);
  if (!s) return undefined;
  const types = Array.isArray(s.type) ? (s.type as unknown[]) : [s.type];
  if (types.includes('object')) return 'object';
  if (types.includes('array')) return 'array';
  if (s.type === undefined && (s.properties !== undefined || s.additionalProperties !== undefined))
    return 'object';
  return undefined;
}

/**
 * Encoding entries of a form or multipart body that the client does not apply. A urlencoded
 * form's style, explode and allowReserved are applied (`deepFormFields`, `styledFormFields`);
 * a multipart body's parts are written the client's own way (text for scalars, a file for a
 * Blob, JSON text for an object, one part per item of a list). A `contentType` alone is not
 * reported: a Blob carries its own type, and a JSON one is honoured in a urlencoded form.
 */
export function reportEncoding(
  media: RawObject,
  pointer: string,
  reporter: Reporter,
  urlencoded = false,
): void {
  for (const [property, raw] of entries(media.encoding)) {
    const encoding = asObject(raw);
    if (!encoding) continue;
    const honoured = urlencoded && (isDeepObject(encoding) || styleOf(encoding) !== undefined);
    const ignored = ['style', 'explode', 'allowReserved', 'headers'].filter(
      (k) => k in encoding && !(honoured && k !== 'headers'),
    );
    if (ignored.length === 0) continue;
    warnOnce(
      reporter,
      'form-encoding',
      joinPointer(pointer, 'encoding', property),
      urlencoded
        ? `the encoding of form field '${property}' (${ignored.join(', ')}) is not applied: the client writes a scalar as its text, a list as one field per item and an object as JSON text`
        : `the encoding of multipart part '${property}' (${ignored.join(', ')}) is not applied: the client sends no headers of a part's own, and writes a scalar as a text part, a list as one part per item, an object as a JSON part and a Blob as a file`,
      urlencoded
        ? 'pass the field as a string already written the way the server reads it, if it differs'
        : 'pass the part as a string already written the way the server reads it, if it differs; headers a part needs cannot be sent',
    );
  }
}

/** An encoding that says `style: deepObject`, exploded (OpenAPI defines only that form of it). */
export function isDeepObject(encoding: RawObject): boolean {
  return encoding.style === 'deepObject' && encoding.explode !== false;
}

/** The query style an encoding gives a urlencoded field (form when none); undefined for another. */
function styleOf(encoding: RawObject): 'form' | 'spaceDelimited' | 'pipeDelimited' | undefined {
  const style = encoding.style ?? 'form';
  return style === 'form' || style === 'spaceDelimited' || style === 'pipeDelimited'
    ? style
    : undefined;
}

/**
 * The fields of a urlencoded form whose encoding says deepObject: the client writes their
 * objects and lists with brackets (`address[city]=Berlin`, `items[0][price]=p`), as Stripe
 * reads them. (OpenAPI applies style and explode to urlencoded forms only.)
 */
export function deepFormFields(media: RawObject): string[] {
  return entries(media.encoding).flatMap(([property, raw]) => {
    const encoding = asObject(raw);
    return encoding && isDeepObject(encoding) ? [property] : [];
  });
}

/**
 * The other fields of a urlencoded form whose encoding says how to write them: JSON text for a
 * JSON `contentType`, else the query style table's form of their style, explode and
 * allowReserved. A field whose encoding says none of these is written the client's own way.
 */
export function styledFormFields(media: RawObject): IrStyledFormField[] {
  return entries(media.encoding).flatMap(([name, raw]): IrStyledFormField[] => {
    const encoding = asObject(raw);
    if (!encoding || isDeepObject(encoding)) return [];
    const contentType = asString(encoding.contentType)?.split(';')[0]?.trim().toLowerCase();
    if (contentType === 'application/json' || contentType?.endsWith('+json') === true)
      return [{ name, json: true }];
    const style = styleOf(encoding);
    if (style === undefined || !['style', 'explode', 'allowReserved'].some((k) => k in encoding))
      return [];
    return [
      {
        name,
        ...(style !== 'form' ? { style } : {}),
        ...(encoding.explode === false ? { explode: false } : {}),
        ...(encoding.allowReserved === true ? { allowReserved: true } : {}),
      },
    ];
  });
}

/** An operation's callbacks: requests the API makes to the caller, which a client does not send. */
export function reportCallbacks(operation: RawObject, pointer: string, reporter: Reporter): void {
  for (const [name] of entries(operation.callbacks))
    warnOnce(
      reporter,
      'callback-left-out',
      joinPointer(pointer, 'callbacks', name),
      `callback '${name}' is left out: it describes requests the API sends to you, which a client does not make`,
      'serve the callback with your own server code; the schemas it names are generated when components list them',
    );
}

/** A response's links: which operation its values feed, a description the client does not act on. */
export function reportLinks(response: RawObject, pointer: string, reporter: Reporter): void {
  for (const [name] of entries(response.links))
    warnOnce(
      reporter,
      'link-left-out',
      joinPointer(pointer, 'links', name),
      `link '${name}' is left out: the client does not follow links from one operation to another`,
      'call the linked operation yourself with the values the link names',
    );
}

/** A 3.1 document's webhooks: requests the API sends, which a client does not make. */
export function reportWebhooks(root: unknown, reporter: Reporter): void {
  for (const [name] of entries(asObject(root)?.webhooks))
    warnOnce(
      reporter,
      'webhook-left-out',
      joinPointer('/webhooks', name),
      `webhook '${name}' is left out: it describes requests the API sends to you, which a client does not make`,
      'serve the webhook with your own server code; the schemas it names are generated when components list them',
    );
}
