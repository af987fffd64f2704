/**
 * Query, header and cookie parameters. An operation that declares any names
 * `encodeParameters` in its descriptor, so a bundle of operations that take only path
 * parameters leaves all of this out.
 */
import type { RequestContext } from './sdk-error.js';
import type { EncodedParameters, OperationDescriptor, OperationInput } from './operation.js';
import { refuse } from './refuse.js';
import { encodeQuery, requireScalar } from './url.js';

type Header = readonly [name: string, value: string, argument: string];

export function encodeParameters(
  descriptor: OperationDescriptor,
  input: OperationInput,
  context: RequestContext,
): EncodedParameters {
  // Header names are case-insensitive; cookie names are not.
  const headers: Header[] = scalars('header', descriptor.headers, input.headers, context, true);
  // `a=1; b=x%20y`: each value percent-encoded, since a cookie value may not hold spaces,
  // commas or semicolons.
  const cookies = scalars('cookie', descriptor.cookies, input.cookies, context, false);
  if (cookies.length > 0)
    headers.push([
      'cookie',
      cookies.map(([name, text]) => `${name}=${encodeURIComponent(text)}`).join('; '),
      'cookies',
    ]);
  return {
    // No query, no work: most calls pass none.
    query:
      input.query === undefined
        ? ''
        : encodeQuery(descriptor.query ?? [], input.query, context).toString(),
    headers,
  };
}

/**
 * The header or cookie parameters the caller gave, as text: undefined and null skipped,
 * undeclared names and values that are not scalars refused before anything is sent.
 */
function scalars(
  kind: 'header' | 'cookie',
  declared: readonly { readonly name: string }[] | undefined,
  values: object | undefined,
  context: RequestContext,
  anyCase: boolean,
): Header[] {
  const key = (name: string) => (anyCase ? name.toLowerCase() : name);
  const known = new Set((declared ?? []).map((p) => key(p.name)));
  const out: Header[] = [];
  for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const argument = `${kind}s.${name}`;
    if (!known.has(key(name)))
      throw refuse(context, argument, `unknown ${kind} parameter "${name}"`);
    out.push([name, requireScalar(value, argument, context), argument]);
  }
  return out;
}
