/**
 * The query string in every style OpenAPI defines, for the operations whose query needs more
 * than `encodeQuery` (url.ts) writes: objects (form, exploded `R=100&G=200` or not
 * `color=R,100,G,200`), `spaceDelimited` and `pipeDelimited` lists and objects (`a%20b`,
 * `a|b`), `deepObject` (`created[gt]=1`, nested `a[b][c]=1`, lists `expand[]=a` or
 * `expand[0]=a`) and `allowReserved` values. Named by those operations' descriptors only
 * (`encodeQuery: encodeStyledQuery`), so other bundles leave it out.
 *
 * The text is written here rather than by URLSearchParams, which would encode a space as `+`
 * and the brackets of `created[gt]` as `%5B%5D`: the style table writes `%20` and `[]`.
 */
import type { RequestContext } from '../core/sdk-error.js';
import type { QueryParameter } from '../core/operation.js';
import { refuse } from './refuse.js';
import { encodeQuery, requireScalar } from '../core/url.js';

/**
 * The query string (without `?`) of the declared parameters, in declaration order. `place`
 * names the argument in a refusal: `body` when a urlencoded form's field is written by the same
 * table (styled-form-body.ts).
 */
export function encodeStyledQuery(
  declared: readonly QueryParameter[],
  query: object | undefined,
  context: RequestContext,
  place = 'query',
): string {
  if (query === undefined || query === null) return '';
  const values = query as Readonly<Record<string, unknown>>;
  // Undeclared keys are refused as encodeQuery refuses them (a misspelt filter would otherwise
  // return unfiltered data): it is handed those keys alone, so it writes nothing else.
  encodeQuery(
    declared,
    Object.fromEntries(Object.entries(values).filter(([k]) => !declared.some((p) => p.name === k))),
    context,
  );
  const pairs: string[] = [];
  for (const parameter of declared) {
    const value = values[parameter.name];
    if (value === undefined || value === null) continue;
    try {
      writeParameter(parameter, value, pairs, context, place);
    } catch (error) {
      // Only a lone UTF-16 surrogate makes encodeURIComponent throw.
      if (!(error instanceof URIError)) throw error;
      const argument = `${place}.${parameter.name}`;
      throw refuse(context, argument, `${argument} is not valid Unicode text`);
    }
  }
  return pairs.join('&');
}

/** Separators of the delimited styles' unexploded lists and objects, as they go on the wire. */
const DELIMITERS: Readonly<Record<string, string>> = {
  form: ',',
  spaceDelimited: '%20',
  pipeDelimited: '|',
};

function writeParameter(
  p: QueryParameter,
  value: unknown,
  pairs: string[],
  context: RequestContext,
  place: string,
): void {
  const { name } = p;
  const argument = `${place}.${name}`;
  const encode = p.allowReserved === true ? encodeReserved : encodeURIComponent;
  const key = encodeURIComponent(name);
  if (p.style === 'deepObject') {
    deepPairs(key, value, argument, p.arrays === 'indices', pairs, encode, context);
    return;
  }
  const explode = p.explode !== false;
  if (Array.isArray(value)) {
    const texts = value
      .filter((v) => v !== undefined && v !== null)
      .map((v, i) => encode(requireScalar(v, `${argument}[${i}]`, context)));
    if (explode) for (const text of texts) pairs.push(`${key}=${text}`);
    else if (texts.length > 0) pairs.push(`${key}=${texts.join(DELIMITERS[p.style ?? 'form'])}`);
  } else if (isMembers(value)) {
    const members = Object.entries(value)
      .filter(([, member]) => member !== undefined && member !== null)
      .map(([k, member]) => [
        encodeURIComponent(k),
        encode(requireScalar(member, `${argument}.${k}`, context)),
      ]);
    // Exploded, each member is a parameter of its own (`R=100&G=200`): the name is not sent.
    if (explode) for (const [k, v] of members) pairs.push(`${k}=${v}`);
    else if (members.length > 0)
      pairs.push(`${key}=${members.flat().join(DELIMITERS[p.style ?? 'form'])}`);
  } else pairs.push(`${key}=${encode(requireScalar(value, argument, context))}`);
}

/**
 * `created[gt]=1`, `a[b][c]=1`, and a list as `expand[]=a&expand[]=b` (brackets, as Stripe,
 * Rails and PHP read it) or `expand[0]=a&expand[1]=b` (indices): OpenAPI defines deepObject
 * for objects only, and these are what servers read for the rest. Brackets go unencoded, as in
 * the style table.
 */
function deepPairs(
  key: string,
  value: unknown,
  argument: string,
  indices: boolean,
  pairs: string[],
  encode: (text: string) => string,
  context: RequestContext,
): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value))
    value.forEach((item, i) =>
      deepPairs(
        `${key}[${indices ? i : ''}]`,
        item,
        `${argument}[${i}]`,
        indices,
        pairs,
        encode,
        context,
      ),
    );
  else if (isMembers(value))
    for (const [k, member] of Object.entries(value))
      deepPairs(
        `${key}[${encodeURIComponent(k)}]`,
        member,
        `${argument}.${k}`,
        indices,
        pairs,
        encode,
        context,
      );
  else pairs.push(`${key}=${encode(requireScalar(value, argument, context))}`);
}

/** A plain object (not a list or a Date): written as key-value pairs. */
function isMembers(value: unknown): value is object {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

/**
 * `allowReserved`: RFC 3986's reserved characters left as they are (`/a/b?c`), except `&`,
 * `=` and `#`, which would end the pair or the query and so change what the server reads.
 */
function encodeReserved(text: string): string {
  return encodeURIComponent(text).replace(
    /%(2F|3A|3F|40|5B|5D|21|24|27|28|29|2A|2B|2C|3B)/gi,
    (m) => decodeURIComponent(m),
  );
}
