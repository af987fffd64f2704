/**
 * openapi-typescript's `--path-params-as-types` keys: a path with `{parameters}` as a template
 * literal type of their schemas' types.
 */
import type {
  IrDocumentMirror,
  IrMirrorParameter,
  IrMirrorPath,
  IrMirrorRef,
  IrMirrorSchema,
} from '../../ir/types.js';

/**
 * A path key with `{parameters}` as openapi-typescript's `--path-params-as-types` writes it: a
 * template literal with `${number}` or `${boolean}` for a parameter of that schema type and
 * `${string}` for any other. Undefined for a path without parameters, which stays a plain key.
 */
export function templateOf(path: IrMirrorPath, mirror: IrDocumentMirror): string | undefined {
  if (!path.key.includes('{') || 'kind' in path.item) return undefined;
  const item = path.item;
  // Where openapi-typescript looks for a path parameter: the path item's, then each operation's.
  const operations = item.methods.map(({ operation }) =>
    operation.kind === 'operation'
      ? mirror.operations.find((o) => o.id === operation.id)?.operation
      : operation,
  );
  const typeOf = (name: string) =>
    [item.parameters, ...operations.flatMap((o) => (o ? [o.parameters] : []))]
      .flatMap((p) => p.path)
      .find((use) => use.name === name);
  let text = '';
  let rest = path.key;
  for (;;) {
    const open = rest.indexOf('{');
    const close = open < 0 ? -1 : rest.indexOf('}', open);
    if (close < 0) break;
    text += escapeTemplate(rest.slice(0, open));
    const use = typeOf(rest.slice(open + 1, close));
    const schema = use === undefined ? undefined : parameterType(use.parameter, mirror);
    const keyword = schema?.kind === 'keyword' ? schema.keyword : undefined;
    text += keyword === 'number' ? '${number}' : keyword === 'boolean' ? '${boolean}' : '${string}';
    rest = rest.slice(close + 1);
  }
  return `\`${text}${escapeTemplate(rest)}\``;
}

function escapeTemplate(text: string): string {
  return text.replace(/[`\\]|\$\{/g, (m) => (m === '${' ? '\\${' : `\\${m}`));
}

/** A parameter's type, through a ref to `components.parameters`. */
function parameterType(
  parameter: IrMirrorParameter | IrMirrorRef,
  mirror: IrDocumentMirror,
  seen = new Set<string>(),
): IrMirrorSchema | undefined {
  if (!('kind' in parameter)) return parameter.type;
  if (parameter.section !== 'parameters' || seen.has(parameter.key)) return undefined;
  seen.add(parameter.key);
  const target = mirror.components.parameters.find((p) => p.key === parameter.key);
  return target === undefined ? undefined : parameterType(target.parameter, mirror, seen);
}
