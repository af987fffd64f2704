/**
 * The request-building functions a descriptor names: the body encoder for operations that take
 * a body, the parameter encoder for those with query, header or cookie parameters (the one
 * that also writes lists and objects where a header or cookie is one), the checker
 * of the arguments for those with input checks, and the path renderer for paths in the label or
 * matrix style or exploded. The runtime builds only a simple-style path itself, so a bundle of
 * operations that need none of these leaves them out (as with the body encoders of
 * body-media.ts).
 */
import type { IrOperation, IrParameter } from '../../ir/types.js';
import { descriptorPath } from './path-template.js';

/** The descriptor fields (`encodeBody: encodeBody`) and the runtime module each comes from. */
export interface RequestRefs {
  /** Field and function, in descriptor order: `encodeBody`, or `field: function` where they differ. */
  readonly fields: readonly string[];
  /** Runtime module, as a path under `runtime/` without extension (`internal/text-body`) → the functions taken from it. */
  readonly imports: ReadonlyMap<string, readonly string[]>;
}

/** `checked`: whether the descriptor has input checks, which `checkInput` then runs. */
export function requestRefs(op: IrOperation, checked: boolean): RequestRefs {
  const uses: (readonly [module: string, name: string, field?: string])[] = [];
  // A path object is written by renderPath in every style: the simple path leaves objects out.
  if (descriptorPath(op) !== op.path || op.pathParameters.some((p) => p.form === 'object'))
    uses.push(['core/url', 'renderPath']);
  // Cookies in the 3.2 cookie style (sent as they are) take the encoder of that style, which
  // writes lists and objects too.
  if (op.cookieParameters.some((p) => p.style === 'cookie'))
    uses.push(['internal/cookie-style', 'encodeCookieStyle', 'encodeParameters']);
  // Headers and cookies that are lists or objects take the encoder that writes their forms.
  else if ([...op.headerParameters, ...op.cookieParameters].some((p) => p.form !== undefined))
    uses.push(['internal/wire-forms', 'encodeParameterForms', 'encodeParameters']);
  else if (
    // A fixed query from the path key is written with the call's query, by the same encoder.
    op.fixedQuery !== undefined ||
    op.queryParameters.length > 0 ||
    op.headerParameters.length > 0 ||
    op.cookieParameters.length > 0
  )
    uses.push(['core/params', 'encodeParameters']);
  // A query beyond the form style of scalars and lists takes the writer of every style.
  // A querystring in JSON or text is the whole query, written by a module of its own.
  if (op.queryParameters.some((p) => p.querystring !== undefined))
    uses.push(['internal/query-text', 'encodeQueryText', 'encodeQuery']);
  else if (op.queryParameters.some(needsStyledQuery))
    uses.push(['internal/query-styles', 'encodeStyledQuery', 'encodeQuery']);
  if (op.body) uses.push(['core/body', 'encodeBody']);
  if (checked) uses.push(['core/request-checks', 'checkInput']);
  const imports = new Map<string, string[]>();
  for (const [module, name] of uses) imports.set(module, [...(imports.get(module) ?? []), name]);
  return {
    fields: uses.map(([, name, field]) => (field === undefined ? name : `${field}: ${name}`)),
    imports,
  };
}

/** A query parameter that `encodeQuery` (form style, scalars and lists) does not write. */
function needsStyledQuery(p: IrParameter): boolean {
  return p.style !== undefined || p.allowReserved === true || p.form === 'object';
}
