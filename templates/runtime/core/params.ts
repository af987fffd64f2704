/**
 * Query, header and cookie parameters. An operation that declares any names
 * `encodeParameters` in its descriptor, so a bundle of operations that take only path
 * parameters leaves all of this out. Header and cookie values are single texts here; an
 * operation whose headers or cookies are lists or objects names `encodeParameterForms`
 * (wire-forms.ts) instead, which writes those and hands the rest to this.
 */
import type { RequestContext } from './sdk-error.js';
import { putHeader } from '../internal/headers.js';
import type { HeaderRecord } from './wire.js';
import type { OperationDescriptor, OperationInput } from './operation.js';
import { refuse } from '../internal/refuse.js';
import { encodeQuery, requireScalar } from './url.js';

/**
 * Sets the call's header and cookie parameters on `headers` and returns its query string
 * (without `?`, empty for none), refusing undeclared names and values no header may hold.
 */
export function encodeParameters(
  descriptor: OperationDescriptor,
  input: OperationInput,
  context: RequestContext,
  headers: HeaderRecord,
): string {
  // Header names are case-insensitive; cookie names are not.
  for (const [name, text, argument] of scalars(
    'header',
    descriptor.headers,
    input.headers,
    context,
    true,
  ))
    setChecked(headers, name, text, argument, context);
  // `a=1; b=x%20y`: each value percent-encoded, since a cookie value may not hold spaces,
  // commas or semicolons.
  const cookies = scalars('cookie', descriptor.cookies, input.cookies, context, false);
  if (cookies.length > 0)
    setChecked(
      headers,
      'cookie',
      cookies.map(([name, text]) => `${name}=${encodeURIComponent(text)}`).join('; '),
      'cookies',
      context,
    );
  // No query, no work: most calls pass none.
  // A query in other styles than form's scalars and lists has a writer of its own.
  const query =
    input.query === undefined
      ? ''
      : (descriptor.encodeQuery ?? encodeQuery)(descriptor.query ?? [], input.query, context) + '';
  // A query the spec's path key carries (`?beta=true`) goes first, joined to the call's by `&`.
  const fixed = descriptor.fixedQuery;
  return fixed && query ? `${fixed}&${query}` : (fixed ?? query);
}

/**
 * The header or cookie parameters the caller gave, as `[name, text, argument]`: undefined and
 * null skipped, undeclared names and values that are not scalars refused before anything is
 * sent.
 */
function scalars(
  kind: 'header' | 'cookie',
  declared: readonly { readonly name: string }[] | undefined,
  values: object | undefined,
  context: RequestContext,
  anyCase: boolean,
): [name: string, text: string, argument: string][] {
  // Most calls pass none of these: no work for them.
  if (values === undefined || values === null) return [];
  const key = (name: string) => (anyCase ? name.toLowerCase() : name);
  const known = new Set((declared ?? []).map((p) => key(p.name)));
  const out: [string, string, string][] = [];
  for (const [name, value] of Object.entries((values ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    const argument = `${kind}s.${name}`;
    if (!known.has(key(name)))
      throw refuse(context, argument, `unknown ${kind} parameter "${name}"`);
    out.push([name, requireScalar(value, argument, context), argument]);
  }
  return out;
}

/** Sets a header parameter, refusing a value that no header may hold. */
export function setChecked(
  headers: HeaderRecord,
  name: string,
  value: string,
  argument: string,
  context: RequestContext,
): void {
  try {
    putHeader(headers, name, value);
  } catch {
    throw refuse(context, argument, `${argument} is not a valid header value`);
  }
}
