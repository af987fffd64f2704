/**
 * Sample calls for documentation (`@example` tags, api.md, the README). Values come from
 * the spec's `example`s where it has them; otherwise from the type, with a few well-known
 * parameter names given realistic values so an example reads like a real call.
 */
import type { Ir, IrOperation, IrParameter, IrType } from '../../ir/types.js';
import { propertyKey, words } from '../../ir/names.js';
import { SchemaIndex, visibleProperties } from './type-expr.js';
import { rawBodyKind } from '../../ir/body-media.js';

/** Realistic values for names that mean the same in any API; the spec's examples win. */
const VALUE_BY_NAME: Readonly<Record<string, unknown>> = {
  latitude: 52.52,
  longitude: 13.405,
  distance: 2000,
  email: 'driver@example.com',
  x: [8800],
  y: [5373],
  z: 14,
};

const VALUE_BY_FORMAT: Readonly<Record<string, string>> = {
  'date-time': '2024-05-01T12:00:00Z',
  date: '2024-05-01',
  uri: 'https://example.com/',
  email: 'driver@example.com',
  uuid: '00000000-0000-4000-8000-000000000000',
  decimal: '0.45',
};

/** A value of `type`, as plain data. Follows refs up to a small depth (cycles stay finite). */
export function sampleValue(type: IrType, index: SchemaIndex, name?: string, depth = 0): unknown {
  if (name !== undefined && name in VALUE_BY_NAME) return VALUE_BY_NAME[name];
  switch (type.kind) {
    case 'string':
      return VALUE_BY_FORMAT[type.format ?? ''] ?? (name ? `${name.replace(/_/g, '-')}-1` : 'text');
    case 'number':
      return type.minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'unknown':
      return {};
    case 'literal':
      return type.value;
    case 'enum':
      return type.values[0];
    case 'array':
      return depth > 3 ? [] : [sampleValue(type.items, index, undefined, depth + 1)];
    case 'union':
    case 'intersection': {
      const member = type.members.find((m) => m.kind !== 'null') ?? type.members[0];
      return member ? sampleValue(member, index, name, depth) : null;
    }
    case 'ref': {
      const schema = index.get(type.name);
      if (!schema || depth > 3) return {};
      return schema.example ?? sampleValue(schema.type, index, name, depth + 1);
    }
    case 'object': {
      // Required properties, or the first one when none is required (a PATCH body, say).
      const visible = visibleProperties(type, 'write');
      const chosen = visible.some((p) => p.required)
        ? visible.filter((p) => p.required)
        : visible.slice(0, 1);
      return Object.fromEntries(
        chosen.map((p) => [p.name, p.example ?? sampleValue(p.type, index, p.name, depth + 1)]),
      );
    }
  }
}

/** Escapes inside a single-quoted string literal; other control characters become `\uXXXX`. */
const STRING_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** A string as a single-quoted literal: spec examples may hold quotes, backslashes and line breaks. */
function quoted(text: string): string {
  let out = '';
  for (const ch of text)
    out +=
      STRING_ESCAPES[ch] ??
      (ch < ' ' ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}` : ch);
  return `'${out}'`;
}

/** Data → a TypeScript literal in the house style (single quotes, bare keys where possible). */
export function literal(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([k, v]) => `${propertyKey(k)}: ${literal(v)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

function parameterSample(p: IrParameter, index: SchemaIndex): unknown {
  return p.example ?? sampleValue(p.type, index, p.name);
}

/** The arguments of a sample call, after the client: path values, body, query. */
export function sampleArguments(op: IrOperation, index: SchemaIndex): string[] {
  const args = op.pathParameters.map((p) =>
    literal(p.example ?? `${p.name.replace(/_id$/, '')}-123`),
  );
  const laterRequired = op.queryParameters.some((p) => p.required);
  if (op.body && (op.body.required || laterRequired))
    // Bytes have no literal: a Blob stands for a file read or a buffer at hand.
    args.push(
      rawBodyKind(op) === 'binary'
        ? "new Blob(['file contents'])"
        : literal(op.body.example ?? sampleValue(op.body.type, index)),
    );
  const query = op.queryParameters.filter((p) => p.required);
  if (query.length > 0)
    args.push(literal(Object.fromEntries(query.map((p) => [p.name, parameterSample(p, index)]))));
  return args;
}

/** `client.users.billingDetails.update` */
export function methodPath(op: IrOperation): string {
  return ['client', ...op.resourcePath, op.methodName].join('.');
}

/**
 * The rule that names standalone functions (names.ts, `nameOperations`), said with an example
 * from this API: the operation whose method path has the most words shows it best.
 */
export function functionNamingRule(ir: Pick<Ir, 'operations'>): string {
  const example = ir.operations.reduce<IrOperation | undefined>(
    (best, op) =>
      !best || words(op.functionName).length > words(best.functionName).length ? op : best,
    undefined,
  );
  const shown = example ? ` (\`${methodPath(example)}\` → \`${example.functionName}\`)` : '';
  return `A function's name is the camelCase of its method's path without \`client\`${shown}; a name already taken (by an earlier operation or an export of the runtime) gets a number (\`…2\`).`;
}

/** What a sample call's result is called: `page` for lists, else a name from the method. */
function resultName(op: IrOperation): string | undefined {
  if (op.pagination) return 'page';
  if (!op.successType) return undefined;
  return op.successType.kind === 'ref'
    ? op.successType.name.charAt(0).toLowerCase() + op.successType.name.slice(1)
    : 'result';
}

/** One line calling the operation, through the client (`method`) or its standalone function. */
export function sampleCall(
  op: IrOperation,
  index: SchemaIndex,
  style: 'method' | 'function' = 'method',
): string {
  const args = sampleArguments(op, index);
  const callee =
    style === 'method'
      ? `${methodPath(op)}(${args.join(', ')})`
      : `${op.functionName}(${['client', ...args].join(', ')})`;
  const result = resultName(op);
  return `${result ? `const ${result} = ` : ''}await ${callee};`;
}

/**
 * `/api/stripe` for `stripe-api-client`, `/api/petstore` for `@acme/petstore-client`: the
 * package's own name without its scope and its `-client` ending, under `/api`.
 */
export function proxyPath(packageName: string): string {
  const short = packageName
    .replace(/^@[^/]+\//, '')
    .replace(/(-api)?-client$/, '')
    .replace(/[^a-z0-9-]/gi, '-');
  return short === '' ? '/api' : `/api/${short}`;
}
