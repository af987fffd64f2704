/**
 * OpenAPI 3.2's `in: querystring` parameter written in a media type other than a form: the
 * whole query string is the value's text, percent-encoded. As `application/json` it is the
 * JSON text (the 3.2 specification's own example: `{"numbers":[1,2],"flag":null}` is sent as
 * `?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D`); as `text/plain` the string itself.
 * Named by those operations' descriptors only (`encodeQuery: encodeQueryText`), so other
 * bundles leave it out.
 */
import type { RequestContext } from '../core/sdk-error.js';
import type { QueryParameter } from '../core/operation.js';
import { refuse } from './refuse.js';
import { encodeQuery, requireScalar } from '../core/url.js';

/** The query string (without `?`): the one querystring parameter's text, or empty without it. */
export function encodeQueryText(
  declared: readonly QueryParameter[],
  query: object | undefined,
  context: RequestContext,
): string {
  if (query === undefined || query === null) return '';
  const values = query as Readonly<Record<string, unknown>>;
  // Undeclared keys are refused as encodeQuery refuses them: it is handed those keys alone.
  encodeQuery(
    declared,
    Object.fromEntries(Object.entries(values).filter(([k]) => !declared.some((p) => p.name === k))),
    context,
  );
  const parameter = declared.find((p) => p.querystring !== undefined);
  const value = parameter && values[parameter.name];
  if (value === undefined) return '';
  const argument = `query.${parameter!.name}`;
  // JSON.stringify yields undefined for a function or symbol, which no JSON text stands for.
  const text =
    parameter!.querystring === 'json'
      ? JSON.stringify(value)
      : requireScalar(value, argument, context);
  if (text === undefined) throw refuse(context, argument, `${argument} has no JSON text`);
  try {
    return encodeURIComponent(text);
  } catch {
    // Only a lone UTF-16 surrogate makes encodeURIComponent throw.
    throw refuse(context, argument, `${argument} is not valid Unicode text`);
  }
}
