/**
 * Where a node of the converted (OpenAPI 3.0) document came from in the Swagger 2.0 original:
 * a pure translation of JSON pointers, so every diagnostic the validator or the IR builder
 * reports against the converted document names a line, a column and a pointer of the file
 * the user wrote. The rules mirror what the upgrader moves (`convert.ts`): definitions become
 * component schemas, body and form parameters become the request body, a response's schema
 * moves under `content`, a parameter's type moves under `schema`. A translated pointer is
 * trimmed to the deepest node the original has, so it always names something real.
 */
import { member } from '../../shared/document/read.js';
import { joinPointer, refPointer, splitPointer } from '../../shared/document/pointer.js';
import { isBodyLike, resolveParameter } from './parameters.js';

type Tokens = readonly string[];

/** The original's pointer for `pointer` (a pointer into the converted document). */
export function originalPointer(original: unknown, pointer: string): string {
  const tokens = splitPointer(pointer.startsWith('#') ? pointer.slice(1) : pointer) ?? [];
  return joinPointer('', ...existingPrefix(original, translate(original, tokens)));
}

function translate(original: unknown, tokens: Tokens): Tokens {
  const [head, ...rest] = tokens;
  switch (head) {
    case undefined:
      return [];
    case 'openapi':
      return ['swagger'];
    case 'servers':
      // One server per scheme, each made of host and basePath: the host says most.
      return member(original, 'host') !== undefined
        ? ['host']
        : member(original, 'basePath') !== undefined
          ? ['basePath']
          : [];
    case 'components':
      return componentOrigin(original, rest);
    case 'paths':
      return pathOrigin(original, rest);
    default:
      // info, tags, security, externalDocs and extensions are where they were.
      return tokens;
  }
}

function componentOrigin(original: unknown, [kind, name, ...rest]: Tokens): Tokens {
  if (name === undefined) return kind === 'schemas' ? ['definitions'] : [];
  switch (kind) {
    case 'schemas':
      return ['definitions', name, ...schemaRest(rest)];
    case 'parameters':
      return ['parameters', name, ...parameterRest(rest)];
    case 'requestBodies': {
      const parameter = member(member(original, 'parameters'), name);
      return bodyOrigin([{ tokens: ['parameters', name], value: parameter }], rest, []);
    }
    case 'responses':
      return ['responses', name, ...responseRest(rest)];
    case 'securitySchemes':
      return ['securityDefinitions', name, ...securityRest(rest)];
    default:
      return [];
  }
}

function pathOrigin(original: unknown, [path, next, ...rest]: Tokens): Tokens {
  if (path === undefined) return ['paths'];
  const item = member(member(original, 'paths'), path);
  const base = ['paths', path];
  if (next === undefined) return base;
  if (next === 'parameters') return listOrigin(original, [...base, 'parameters'], item, rest);
  const operation = [...base, next];
  const [part, ...inner] = rest;
  if (part === 'parameters')
    return listOrigin(original, [...operation, 'parameters'], member(item, next), inner);
  if (part === 'requestBody') {
    // The operation's own body or form parameters, then the path item's (pushed down to it).
    const candidates = [
      ...located(original, [...operation, 'parameters'], member(member(item, next), 'parameters')),
      ...located(original, [...base, 'parameters'], member(item, 'parameters')),
    ];
    return bodyOrigin(candidates, inner, operation);
  }
  if (part === 'responses' && inner.length > 0) {
    const [status, ...response] = inner;
    return [...operation, 'responses', status!, ...responseRest(response)];
  }
  return [...operation, ...rest];
}

/** A parameter of the original with its pointer: a `$ref` entry is located at what it names. */
interface Located {
  readonly tokens: Tokens;
  readonly value: unknown;
}

function located(original: unknown, listTokens: Tokens, list: unknown): Located[] {
  if (!Array.isArray(list)) return [];
  return list.map((entry, index) => {
    const target = refTarget(member(entry, '$ref'));
    const value = resolveParameter(original, entry);
    return target !== undefined && value !== undefined
      ? { tokens: target, value }
      : { tokens: [...listTokens, String(index)], value: entry };
  });
}

function refTarget(ref: unknown): Tokens | undefined {
  const pointer = typeof ref === 'string' ? refPointer(ref) : undefined;
  return pointer === undefined ? undefined : splitPointer(pointer);
}

/**
 * The converted list keeps the original's order without its body and form parameters, so
 * its `index`-th entry is the original's `index`-th other one.
 */
function listOrigin(original: unknown, listTokens: Tokens, owner: unknown, rest: Tokens): Tokens {
  const [index, ...inner] = rest;
  const list = member(owner, 'parameters');
  if (index === undefined || !Array.isArray(list)) return listTokens;
  let seen = -1;
  for (const [position, entry] of list.entries()) {
    if (isBodyLike(resolveParameter(original, entry))) continue;
    seen += 1;
    if (String(seen) === index) return [...listTokens, String(position), ...parameterRest(inner)];
  }
  return listTokens;
}

/** A request body made of a body parameter (its `schema`) or of form parameters (one property each). */
function bodyOrigin(candidates: readonly Located[], rest: Tokens, fallback: Tokens): Tokens {
  const body = candidates.find((c) => member(c.value, 'in') === 'body');
  const forms = candidates.filter((c) => member(c.value, 'in') === 'formData');
  const [content, , schema, ...inner] = rest;
  if (content === 'content' && schema === 'schema') {
    const [properties, name, ...property] = inner;
    const form = forms.find((f) => properties === 'properties' && member(f.value, 'name') === name);
    if (form) return [...form.tokens, ...parameterRest(['schema', ...property])];
    if (body) return [...body.tokens, 'schema', ...inner];
  }
  if (body && content !== undefined && content !== 'content') return [...body.tokens, content];
  return body?.tokens ?? forms[0]?.tokens ?? fallback;
}

/** Inside a converted non-body parameter: its schema's keywords sat on the parameter itself. */
function parameterRest(rest: Tokens): Tokens {
  const [head, ...inner] = rest;
  if (head === 'schema') return schemaRest(inner);
  if (head === 'style' || head === 'explode') return ['collectionFormat'];
  if (head === 'examples') return ['x-examples', ...inner.slice(0, 1)];
  return rest;
}

function responseRest(rest: Tokens): Tokens {
  const [head, key, part, ...inner] = rest;
  if (head === 'content') {
    if (part === 'schema') return ['schema', ...schemaRest(inner)];
    if (part === 'example') return ['examples', key!, ...inner];
    if (part === 'examples')
      return ['examples', ...inner.filter((t, i) => i !== 1 || t !== 'value')];
    return ['schema'];
  }
  if (head === 'headers' && part === 'schema') return ['headers', key!, ...schemaRest(inner)];
  return rest;
}

/** The two schema keywords the conversion renames (see `repair.ts`); the rest are the same. */
function schemaRest(rest: Tokens): Tokens {
  const last = rest.at(-1);
  const before = rest.at(-2);
  if (last === 'propertyName' && before === 'discriminator') return rest.slice(0, -1);
  if (last === 'nullable' && before !== 'properties') return [...rest.slice(0, -1), 'x-nullable'];
  return rest;
}

function securityRest(rest: Tokens): Tokens {
  const [head, , key] = rest;
  if (head === 'flows') return key === undefined ? ['flow'] : [key, ...rest.slice(3)];
  if (head === 'scheme') return ['type'];
  return rest;
}

/** The longest prefix of `tokens` that names a node of `root`. */
function existingPrefix(root: unknown, tokens: Tokens): Tokens {
  let node = root;
  for (const [index, token] of tokens.entries()) {
    const next = Array.isArray(node)
      ? /^(0|[1-9][0-9]*)$/.test(token)
        ? node[Number(token)]
        : undefined
      : member(node, token);
    if (next === undefined) return tokens.slice(0, index);
    node = next;
  }
  return tokens;
}
