/**
 * Reads a request the way the spec describes it and checks every part with the forms entry's
 * validators: path, query, header and cookie parameters as a URL and headers carry them (text
 * in their styles' forms, read back into the kinds their schemas want), and a JSON or form body. Every issue of every part is
 * collected, so one 400 names them all. Bodies are read up to a size limit, and a JSON body
 * nested deeper than `MAX_BODY_DEPTH` is refused before anything walks it.
 */
import { formatGuardPath } from '../../runtime/core/guard.js';
import type { ParameterDescriptor } from '../../runtime/core/operation.js';
import type { FakeOperation, RequestPart, RequestValidator } from './contract.js';
import { invalidRequest, problem, type FieldIssue } from './problems.js';
import { cookieValues, headerValues, pathValues, styledQueryValue } from './parameter-forms.js';
import { MAX_BODY_DEPTH, nesting, readBounded } from '../bounded-body.js';
import { define } from '../own.js';
import { readMultipart, readUrlencoded } from './form-bodies.js';
import type { FieldConstraints } from '../../runtime/core/standard-schema.js';

/** How the fake checks a request with a form validator (runtime `empty-text.ts`). */
const KEEP_EMPTY_TEXT = { libraryOptions: { emptyText: 'keep' } } as const;

/** What an answer needs of a request that passed its checks. */
export interface RequestInput {
  /** Path parameters, as text. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters, in the kinds their schemas want. */
  readonly query: Readonly<Record<string, unknown>>;
  /** The body, JSON or a form read back; undefined when there is none, or it was text or bytes. */
  readonly body: unknown;
}

export type ReadResult = { readonly input: RequestInput } | { readonly refusal: Response };

export async function readRequest(
  operation: FakeOperation,
  params: Readonly<Record<string, string>>,
  request: Request,
  url: URL,
  maxBodyBytes: number,
): Promise<ReadResult> {
  const bytes = operation.body ? await readBounded(request, maxBodyBytes) : new Uint8Array();
  if (bytes === undefined)
    return { refusal: problem(413, { detail: `Request body larger than ${maxBodyBytes} bytes.` }) };
  const checks = operation.checks ?? {};
  const issues: FieldIssue[] = [];
  const checked = async (part: RequestPart, value: unknown): Promise<unknown> => {
    const validator = checks[part];
    if (validator === undefined) return value;
    // The wire's values as they are: an empty text a client sends is `''`, not "not given".
    const result = await validator['~standard'].validate(value, KEEP_EMPTY_TEXT);
    if (result.issues === undefined) return result.value;
    for (const issue of result.issues)
      issues.push({ field: fieldPath(part, issue.path ?? []), problem: issue.message });
    return value;
  };
  await checked('path', pathValues(params, operation.pathForm, checks.path?.fields));
  const query = await checked('query', queryValues(url, operation.query, checks.query));
  await checked(
    'headers',
    headerValues(request.headers, operation.headers, checks.headers?.fields),
  );
  await checked(
    'cookies',
    cookieValues(request.headers, operation.cookies, checks.cookies?.fields),
  );
  const body = await decodeBody(
    operation,
    request.headers.get('content-type'),
    bytes,
    checks.body?.fields,
  );
  if ('refusal' in body) return body;
  if (body.value !== undefined) await checked('body', body.value);
  else if (operation.body?.required && bytes.length === 0)
    issues.push({ field: 'body', problem: 'required' });
  if (issues.length > 0) return { refusal: invalidRequest(issues) };
  return { input: { params, query: query as Record<string, unknown>, body: body.value } };
}

/** `body.tags[2]`: a validator's path to the field, from the part of the request it is in. */
function fieldPath(
  part: RequestPart,
  path: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>,
): string {
  const keys = path.map((step) => {
    const key = typeof step === 'object' ? step.key : step;
    return typeof key === 'number' ? key : String(key);
  });
  return formatGuardPath({ reversedPath: keys.reverse(), expected: '', found: '' }, part);
}

/**
 * The declared query parameters as the URL carries them: a value given once is one text, given
 * more often a list; a list sent comma-joined (`explode: false`) is split; objects and the
 * other styles are read by `styledQueryValue`.
 */
function queryValues(
  url: URL,
  declared: readonly ParameterDescriptor[] = [],
  validator: RequestValidator | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const parameter of declared) {
    const { name, explode } = parameter;
    const field = validator?.fields[name];
    if (parameter.querystring !== undefined) {
      const value = wholeQueryValue(url.search, parameter.querystring);
      if (value !== undefined) define(out, name, value);
      continue;
    }
    if (parameter.style !== undefined || field?.type === 'object') {
      const value = styledQueryValue(url.searchParams, parameter, field);
      if (value !== undefined) define(out, name, value);
      continue;
    }
    const values = url.searchParams.getAll(name);
    if (values.length === 0) continue;
    const list = field?.type === 'array';
    define(
      out,
      name,
      list && explode === false
        ? values.flatMap((v) => v.split(','))
        : values.length === 1
          ? values[0]
          : values,
    );
  }
  return out;
}

/**
 * An OpenAPI 3.2 querystring parameter in JSON or text: the whole query (`search` without its
 * `?`) percent-decoded, and parsed when JSON. Text that does not decode or parse is kept as
 * it came, for the validator to name as the wrong kind.
 */
function wholeQueryValue(search: string, form: 'json' | 'text'): unknown {
  if (search.length <= 1) return undefined;
  let text = search.slice(1);
  try {
    text = decodeURIComponent(text);
    if (form === 'text') return text;
    const value: unknown = JSON.parse(text);
    // As deep as a body may be, so that no validator walks a hostile nesting.
    return nesting(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH ? text : value;
  } catch {
    return text;
  }
}

type Decoded = { readonly value: unknown } | { readonly refusal: Response };

/**
 * The body as JSON when it is JSON (a `+json` type or none named), and as the object of fields
 * a urlencoded or multipart form carries (form-bodies.ts); another media type the operation
 * declares is taken unchecked and not stored, and one it does not declare is 415.
 */
async function decodeBody(
  operation: FakeOperation,
  contentType: string | null,
  bytes: Uint8Array,
  fields: Readonly<Record<string, FieldConstraints>> | undefined,
): Promise<Decoded> {
  const encodings = operation.body?.encodings;
  if (encodings === undefined || bytes.length === 0) return { value: undefined };
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const json = mediaType === '' || mediaType === 'application/json' || mediaType.endsWith('+json');
  let value: unknown;
  if (mediaType === 'application/x-www-form-urlencoded' && encodings.includes('form'))
    value = readUrlencoded(new TextDecoder().decode(bytes), operation.body?.styled ?? [], fields);
  else if (mediaType === 'multipart/form-data' && encodings.includes('multipart')) {
    value = await readMultipart(bytes, contentType!, fields);
    if (value === undefined)
      return { refusal: invalidRequest([{ field: 'body', problem: 'not multipart form data' }]) };
  } else if (!json || !encodings.includes('json')) {
    if (!json && encodings.some((e) => e !== 'json')) return { value: undefined };
    return {
      refusal: problem(415, {
        detail: `Unsupported media type "${mediaType}" for this operation.`,
      }),
    };
  } else
    try {
      value = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    } catch (error) {
      const problemText = `not JSON: ${error instanceof Error ? error.message : String(error)}`;
      return { refusal: invalidRequest([{ field: 'body', problem: problemText }]) };
    }
  // Bracket keys nest as deep as JSON does: the same limit.
  if (nesting(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
    const problemText = `nested deeper than the ${MAX_BODY_DEPTH} levels a body may have`;
    return { refusal: invalidRequest([{ field: 'body', problem: problemText }]) };
  }
  return { value };
}
