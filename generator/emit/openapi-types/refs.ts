/**
 * Whether a schema's `$ref`, written as openapi-typescript writes it (an indexed access along
 * the pointer, `properties` skipped), names a member that exists in the types this module
 * declares. Some do not: a ref into a schema's own `definitions` (not a member of its type),
 * or into a path (`…["content"]["application/json"]["schema"]`, where the media type's member
 * is the schema itself). openapi-typescript writes them anyway, which is TS2339 and `any`;
 * a checked module cannot, so such a ref types nothing, as `unknown`.
 */
import type {
  IrDocumentMirror,
  IrMirrorBody,
  IrMirrorContent,
  IrMirrorRef,
  IrMirrorResponse,
  IrMirrorSchema,
} from '../../ir/types.js';

/** Deep enough for any document a person writes; a longer chain is a loop of refs. */
const MAX_DEPTH = 64;

export type RefResolves = (tokens: readonly string[]) => boolean;

/**
 * Whether a ref's type may be `null` or `undefined`: one to a member (which may be optional),
 * or to a schema that is a union with `null`, through refs to refs.
 */
export function refNullable(mirror: IrDocumentMirror): (tokens: readonly string[]) => boolean {
  const schemas = new Map(mirror.components.schemas.map((s) => [s.key, s.type]));
  const nullable = (type: IrMirrorSchema | undefined, depth: number): boolean => {
    if (type === undefined || depth > MAX_DEPTH) return false;
    if (type.kind === 'keyword') return type.keyword === 'null';
    if (type.kind === 'union') return type.members.some((m) => nullable(m, depth + 1));
    if (type.kind !== 'ref') return false;
    const [root, section, key] = type.tokens;
    if (root !== 'components' || section !== 'schemas') return false;
    return type.tokens.length > 3 || nullable(schemas.get(key!), depth + 1);
  };
  return (tokens) => nullable({ kind: 'ref', tokens }, 0);
}

export function refResolver(mirror: IrDocumentMirror): RefResolves {
  const { components } = mirror;
  const find = <T extends { key: string }>(list: readonly T[], key: string) =>
    list.find((entry) => entry.key === key);
  const schemaOf = (key: string) => find(components.schemas, key)?.type;

  /** Whether `names` index `type`'s rendering without TS2339. */
  const reachesSchema = (
    type: IrMirrorSchema,
    names: readonly string[],
    depth: number,
  ): boolean => {
    if (names.length === 0) return true;
    if (depth > MAX_DEPTH) return false;
    const [name, ...rest] = names as [string, ...string[]];
    switch (type.kind) {
      case 'ref':
        // A ref's own indexes are checked where it is written; through it, only a whole schema.
        return (
          type.tokens.length === 3 &&
          type.tokens[0] === 'components' &&
          resolves(type.tokens, depth + 1) &&
          reachesComponent(type.tokens[1]!, type.tokens[2]!, names, depth + 1)
        );
      case 'object': {
        const property = type.properties.find((p) => p.name === name);
        if (property) return reachesSchema(property.type, rest, depth + 1);
        return type.index.length > 0 && type.index.every((t) => reachesSchema(t, rest, depth + 1));
      }
      case 'empty-record':
        // `Record<string, never>` has every key.
        return rest.length === 0;
      case 'union':
        return type.members.every((m) => reachesSchema(m, names, depth + 1));
      case 'intersection':
        return type.members.some((m) => reachesSchema(m, names, depth + 1));
      case 'with-required':
        return reachesSchema(type.type, names, depth + 1);
      case 'omit':
        return !type.keys.includes(name) && reachesSchema(type.type, names, depth + 1);
      default:
        return false;
    }
  };

  const reachesContent = (
    content: readonly IrMirrorContent[] | undefined,
    names: readonly string[],
    depth: number,
  ): boolean => {
    const [mediaType, ...rest] = names;
    const entry = content?.find((c) => c.mediaType === mediaType);
    return entry !== undefined && reachesSchema(entry.type, rest, depth + 1);
  };

  /** Follows a component that is itself a ref to another of its section. */
  const followed = <T extends object>(
    section: string,
    value: T | IrMirrorRef,
    names: readonly string[],
    depth: number,
    reach: (value: T) => boolean,
  ): boolean =>
    'kind' in value && value.kind === 'ref'
      ? value.section === section && reachesComponent(section, value.key, names, depth + 1)
      : reach(value as T);

  function reachesComponent(
    section: string,
    key: string,
    names: readonly string[],
    depth: number,
  ): boolean {
    if (depth > MAX_DEPTH) return false;
    const [first, ...rest] = names;
    switch (section) {
      case 'schemas': {
        const type = schemaOf(key);
        return type !== undefined && reachesSchema(type, names, depth + 1);
      }
      case 'parameters': {
        const entry = find(components.parameters, key);
        return (
          entry !== undefined &&
          followed(section, entry.parameter, names, depth, (p) =>
            reachesSchema(p.type, names, depth + 1),
          )
        );
      }
      case 'headers': {
        const entry = find(components.headers, key);
        return (
          entry !== undefined &&
          followed(section, entry.header, names, depth, (h) =>
            reachesSchema(h.type, names, depth + 1),
          )
        );
      }
      case 'requestBodies': {
        const entry = find(components.requestBodies, key);
        return (
          entry !== undefined &&
          followed(section, entry.body, names, depth, (b: IrMirrorBody) =>
            names.length === 0
              ? true
              : first === 'content' && reachesContent(b.content, rest, depth),
          )
        );
      }
      case 'responses': {
        const entry = find(components.responses, key);
        return (
          entry !== undefined &&
          followed(section, entry.response, names, depth, (r: IrMirrorResponse) =>
            names.length === 0
              ? true
              : first === 'content' && reachesContent(r.content, rest, depth),
          )
        );
      }
      case 'pathItems':
        return find(components.pathItems, key) !== undefined && names.length === 0;
      default:
        return false;
    }
  }

  function resolves(tokens: readonly string[], depth = 0): boolean {
    // Under `paths` or `webhooks`, a schema sits below a media type or a parameter's index,
    // neither of which is a member there.
    if (tokens[0] !== 'components' || tokens.length < 3) return false;
    const names = tokens.slice(3).filter((t) => t !== 'properties');
    return reachesComponent(tokens[1]!, tokens[2]!, names, depth);
  }

  return (tokens) => resolves(tokens);
}
