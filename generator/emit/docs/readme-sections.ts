/**
 * README sections about what a program pays for and what the compiler catches: small
 * bundles, comparing with the values the spec lists, and the checks made before sending.
 * Examples call real operations of the spec, so they stay true for any document.
 */
import type { Ir, IrOperation, IrParameter, IrType } from '../../ir/types.js';
import { propertyAccess } from '../../ir/names.js';
import { clientClassName } from '../operations/client.js';
import { coreFactoryName, smallBundleExample } from '../operations/core-factory.js';
import { findErrorTypes } from '../types/error-types.js';
import { sampleCall } from '../common/samples.js';
import { SchemaIndex, visibleProperties, schemaIndexOf } from '../common/type-expr.js';

const ts = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;

/** The heading the small-bundle snippet sits under; test/package/small-bundle.test.ts bundles that snippet. */
export const SMALL_BUNDLES_HEADING = '## Small bundles';

export function smallBundles(ir: Ir): string[] {
  const example = smallBundleExample(ir, ir.info.packageName);
  if (!example) return [];
  const client = clientClassName(ir);
  return [
    SMALL_BUNDLES_HEADING,
    `\`new ${client}()\` carries every operation and the guards of every response, because each of its methods could be called. For a browser bundle, use \`${coreFactoryName(ir)}\` with the standalone functions instead: the bundle then holds the runtime and the operations you import, each with its own checks, and nothing else.`,
    ts(example),
    `It takes the same options as \`${client}\`, and the standalone functions take the same arguments as the methods, after the client.`,
  ];
}

/** The enum values an error type example picks from, and the operation and value it shows. */
function errorTypeExample(ir: Ir): { op: IrOperation; value: string } | undefined {
  const found = findErrorTypes(ir);
  if (!found) return undefined;
  const values =
    found.kind === 'values'
      ? found.values
      : (ir.enums.find((e) => e.name === found.name)?.values ?? []).map(String);
  const errorDescription = (op: IrOperation, status?: number) =>
    op.responses
      .filter((r) =>
        status === undefined
          ? typeof r.status === 'number' && r.status >= 400
          : r.status === status,
      )
      .map((r) => r.description ?? '')
      .join(' ');
  // A conflict whose description names its type reads best (`409 … e.g. already_charging`).
  for (const status of [409, undefined]) {
    for (const op of ir.operations) {
      const value = values.find((v) => errorDescription(op, status).includes(v));
      if (value !== undefined) return { op, value };
    }
  }
  const op = ir.operations.find(
    (o) =>
      errorDescription(o) !== '' ||
      o.responses.some((r) => typeof r.status === 'number' && r.status >= 400),
  );
  return op && values[0] !== undefined ? { op, value: values[0] } : undefined;
}

/** A read-side enum property of a GET operation's result: `user.locale` with its values. */
function openEnumExample(
  ir: Ir,
  index: SchemaIndex,
): { op: IrOperation; access: string; values: readonly string[] } | undefined {
  const enumValues = (type: IrType): readonly string[] | undefined => {
    const target = type.kind === 'ref' ? index.get(type.name)?.type : type;
    return target?.kind === 'enum' && target.values.every((v) => typeof v === 'string')
      ? (target.values as readonly string[])
      : undefined;
  };
  for (const op of ir.operations.filter((o) => o.method === 'GET' && !o.pagination)) {
    if (op.successType?.kind !== 'ref') continue;
    const schema = index.get(op.successType.name);
    if (schema?.type.kind !== 'object') continue;
    for (const property of visibleProperties(schema.type, 'read')) {
      const values = enumValues(property.type);
      const variable = op.successType.name.charAt(0).toLowerCase() + op.successType.name.slice(1);
      if (values && values.length > 0)
        return { op, access: propertyAccess(variable, property.name), values: values.slice(0, 2) };
    }
  }
  return undefined;
}

export function knownValues(ir: Ir): string[] {
  const index = schemaIndexOf(ir);
  const pkg = ir.info.packageName;
  const errorType = errorTypeExample(ir);
  const openEnum = openEnumExample(ir, index);
  if (!errorType && !openEnum) return [];
  const quote = (v: string) => `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return [
    '## Comparing with known values',
    "Enums in responses are open (`OpenEnum<…>`: the values the spec lists, or one added later), so a plain comparison such as `status === 'fre'` compiles even when the value is misspelt. Compare through functions whose parameters take only the listed values, so a typo fails to compile:",
    ...(errorType
      ? [
          ts(
            `import { ApiError } from '${pkg}';\n\ntry {\n  ${sampleCall(errorType.op, index)}\n} catch (error) {\n  if (error instanceof ApiError && error.is(${quote(errorType.value)})) {\n    console.log(error.errorType); // narrowed to ${quote(errorType.value)}\n  } else throw error;\n}`,
          ),
          "`error.errorType` holds the body's `error.type`: one of the types the spec lists, or one added since (it still arrives, and `errorType === 'new_type'` still compiles). `error.is(type)` takes only the listed ones.",
        ]
      : []),
    ...(openEnum
      ? [
          ts(
            `import { isOneOf } from '${pkg}';\n\n${sampleCall(openEnum.op, index)}\nif (isOneOf(${openEnum.access}, ${openEnum.values.map(quote).join(', ')})) {\n  console.log(${openEnum.access}); // narrowed to ${openEnum.values.map(quote).join(' | ')}\n}`,
          ),
          '`isOneOf(value, …known)` works on every open enum field, and the enum guards (`isX(value)`) tell whether a value is one this client knows at all.',
        ]
      : []),
  ];
}

export function requestChecks(ir: Ir): string[] {
  // An example needs a bounded query parameter of an operation whose other parameters may be left out.
  const bounded = (p: IrParameter) => p.type.kind === 'number' && p.type.minimum !== undefined;
  const op = ir.operations.find(
    (o) =>
      o.pathParameters.length === 0 &&
      !o.body?.required &&
      o.queryParameters.some(bounded) &&
      !o.queryParameters.some((p) => p.required),
  );
  const parameter = op?.queryParameters.find(bounded);
  const example =
    op && parameter?.type.kind === 'number' && parameter.type.minimum !== undefined
      ? ` For example \`${op.functionName}(client, { ${parameter.name}: ${parameter.type.minimum - 1} })\` throws \`${op.operationId}: query.${parameter.name}: expected ${parameter.type.integer ? 'integer' : 'number'} at least ${parameter.type.minimum}, got ${parameter.type.minimum - 1}\`.`
      : '';
  return [
    '## Checks before sending',
    `Every argument is checked against the spec before anything is sent: path, query, header and cookie parameters and request bodies, for their types, required members, enum values, numeric bounds, string and list lengths and patterns. A call the server would refuse throws \`InvalidRequestError\` at once, naming the argument and the JSON path (\`error.argument\`), and is never sent or retried.${example} Unknown extra properties in bodies pass, as in responses; query keys the operation does not declare are refused.`,
    "`validateRequests: false`, on the client or for one call, sends such arguments anyway: for testing a server's own validation, or a value the server accepts before the spec says so.",
  ];
}
