/**
 * A multipart body's parts as the document types them: the content type its `encoding`
 * declares for a property, or a file property's `contentMediaType`. An operation whose
 * multipart body uploads files or declares a part's type is sent part by part
 * (runtime/internal/multipart-body.ts), each part with its type; any other multipart body by FormData.
 */
import { followRefs } from '../shared/document/read.js';
import { asObject, asString, entries, type RawObject } from './raw.js';

/**
 * Property → declared content type, when the body needs its parts written one by one (it has a
 * file property or an encoding with a `contentType`); undefined when FormData writes it as well.
 */
export function multipartPartTypes(
  media: RawObject,
  root: unknown,
): Record<string, string> | undefined {
  const types: Record<string, string> = {};
  let files = false;
  const schema = asObject(followRefs(root, media.schema, '').value);
  for (const [name, raw] of entries(schema?.properties)) {
    const property = asObject(followRefs(root, raw, '').value);
    const file = fileSchema(property, root) ?? fileSchema(asObject(property?.items), root);
    if (file === undefined) continue;
    files = true;
    const type = asString(file.contentMediaType);
    if (type !== undefined) types[name] = type;
  }
  for (const [name, raw] of entries(media.encoding)) {
    const type = asString(asObject(raw)?.contentType);
    if (type !== undefined) types[name] = type;
  }
  return files || Object.keys(types).length > 0 ? types : undefined;
}

/** A string of bytes: `format: binary` (or base64 by 3.0), or 3.1's `contentMediaType`. */
function fileSchema(schema: RawObject | undefined, root: unknown): RawObject | undefined {
  const s = asObject(followRefs(root, schema, '').value);
  if (!s) return undefined;
  const string = s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
  return string && (s.format === 'binary' || s.contentMediaType !== undefined) ? s : undefined;
}
