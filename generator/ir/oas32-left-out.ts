/**
 * OpenAPI 3.2 features the client does not honour yet, each warned of where it is written.
 * The rest of 3.2 is honoured where it reads (QUERY and `additionalOperations` in
 * operations.ts, tag `parent` in tag-tree.ts, `components.mediaTypes` in media-refs.ts,
 * `in: querystring` in query-string.ts, `style: cookie` in parameters.ts,
 * `servers[].name` as the environment's name) or changes nothing the client does: `summary` of
 * a response, examples' `dataValue`/`serializedValue`, tag `kind`, `xml.nodeType`, and the
 * security scheme fields (`deprecated`, `oauth2MetadataUrl`, the device flow), since the client
 * takes its credentials from the caller and reads no security scheme.
 */
import { asObject, asString, joinPointer, type Reporter } from './raw.js';
import { warnOnce } from './left-out.js';

/** `split`: whether the document was read from more than one file, where `$self` could matter. */
export function reportOas32LeftOut(root: unknown, reporter: Reporter, split: boolean): void {
  const document = asObject(root);
  if (!document || !/^3\.2\./.test(asString(document.openapi) ?? '')) return;
  // A ref to the document itself through `$self` is made local when it is loaded
  // (load/split/self-refs.ts); in a document of one file every other $ref is a fragment, or a URL,
  // which is refused anyway. Over several files `$self` is also the base the refs to the
  // other files resolve against, which the loader does not read (it resolves against the
  // file's path).
  if (split && typeof document.$self === 'string')
    warnOnce(
      reporter,
      'self-not-read',
      '/$self',
      "'$self' is read only for refs to this document itself: a relative $ref to another file is resolved against the file that holds it",
      "keep the split document's files laid out as their URLs are, so that both readings agree",
    );
  walk(document, '', (node, pointer, key) => {
    if (key === 'discriminator' && node.defaultMapping !== undefined)
      warnOnce(
        reporter,
        'discriminator-default',
        joinPointer(pointer, 'defaultMapping'),
        "'defaultMapping' is not read: a discriminator value that no mapping or member names is not taken as the default schema",
        'list the value in the mapping, or add the default schema to oneOf',
      );
    for (const field of ['itemEncoding', 'prefixEncoding'])
      if (node[field] !== undefined && key !== 'properties')
        warnOnce(
          reporter,
          'form-encoding',
          joinPointer(pointer, field),
          `'${field}' is not read: the parts of this body are encoded as 'encoding' (or the defaults) says`,
          "describe the parts with 'encoding' by property name",
        );
  });
}

/** Skipped: data (examples, defaults, enums) and extensions hold no OpenAPI objects. */
const DATA = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Calls `visit` on every object of the document with its pointer and the key it sits under. */
function walk(
  node: unknown,
  pointer: string,
  visit: (node: Record<string, unknown>, pointer: string, key: string) => void,
  key = '',
): void {
  if (typeof node !== 'object' || node === null) return;
  const children: [string, unknown][] = Array.isArray(node)
    ? node.map((value, i) => [String(i), value])
    : Object.entries(node);
  if (!Array.isArray(node)) visit(node as Record<string, unknown>, pointer, key);
  for (const [name, value] of children)
    if (!DATA.has(name) && !name.startsWith('x-'))
      walk(value, joinPointer(pointer, name), visit, name);
}
