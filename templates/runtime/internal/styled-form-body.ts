/**
 * Urlencoded form bodies whose `encoding` gives fields a style, `explode`, `allowReserved` or a
 * JSON `contentType`: each such field is written as OpenAPI defines it, by the query's style
 * table (query-styles.ts: `tags=a%20b` spaceDelimited, `ids=1,2` unexploded, `R=100&G=200` an
 * exploded object) or as JSON text; deepObject fields with brackets (deep-form-body.ts) and the
 * rest as `encodeFormBody` writes them. Only operations with such fields name this encoder, so
 * other bundles carry neither it nor the style table.
 */
import { jsonText } from '../core/body.js';
import type { EncodedBody } from '../core/wire.js';
import { encodeDeepFormBody } from './deep-form-body.js';
import type { QueryParameter } from '../core/operation.js';
import { encodeStyledQuery } from './query-styles.js';
import type { RequestContext } from '../core/sdk-error.js';

/** A form field's encoding: a style as a query parameter has one, or JSON text. */
export interface StyledFormField extends QueryParameter {
  /** The encoding's `contentType` is JSON: the field is sent as JSON text. */
  readonly json?: boolean;
}

/**
 * Sends an object of fields as `application/x-www-form-urlencoded`, in the body's order:
 * `styled` fields in their encoding, `deep` ones nested with brackets.
 */
export function encodeStyledFormBody(
  body: unknown,
  context: RequestContext,
  styled: readonly StyledFormField[],
  deep: readonly string[],
): EncodedBody {
  // encodeDeepFormBody refuses a body that is not an object of fields.
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return encodeDeepFormBody(body, context, deep);
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const field = styled.find((f) => f.name === key);
    let text: string;
    if (value === undefined) continue;
    if (field === undefined || value === null)
      // null is the empty text, as for every other field (the style table leaves it out).
      text = String(encodeDeepFormBody({ [key]: value }, context, deep).body);
    else if (field.json === true)
      text = `${encodeURIComponent(key)}=${encodeURIComponent(jsonText(value, context))}`;
    else
      text = encodeStyledQuery([field], { [key]: value }, context, 'body').replace(
        // allowReserved leaves `+` as it is, which a form is read as a space: kept a plus here.
        /\+/g,
        '%2B',
      );
    if (text !== '') pairs.push(text);
  }
  return { body: pairs.join('&'), contentType: 'application/x-www-form-urlencoded' };
}
