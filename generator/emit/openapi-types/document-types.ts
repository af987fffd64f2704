/**
 * The document's objects in openapi-typescript 7's shapes: a path item lists every method
 * (`put?: never` where it has none), an operation its `parameters` by location, `requestBody`
 * and `responses`, a response its `headers` (open to others) and `content` by media type
 * (`content?: never` without one). Which members are `readonly` under `immutable` follows
 * openapi-typescript member by member (a response's `headers` and `content` never are).
 */
import type {
  IrMirrorBody,
  IrMirrorContent,
  IrMirrorHeader,
  IrMirrorOperation,
  IrMirrorParameter,
  IrMirrorParameters,
  IrMirrorPathItem,
  IrMirrorRef,
  IrMirrorResponse,
  IrMirrorSchema,
} from '../../ir/types.js';
import { propertyKey } from '../../ir/names.js';
import { MIRROR_METHODS } from '../../ir/mirror.js';
import type { SettledOpenApiTypesOptions } from './options.js';
import type { MirrorEnums } from './enums.js';
import type { RefResolves } from './refs.js';
import { schemaKeyOf, type SchemaCycles } from './cycles.js';
import { StructureKind, type TypeAliasDeclarationStructure } from 'ts-morph';
import {
  componentAccess,
  MIRROR_HELPERS,
  mirrorType,
  readonlyMark,
  type MirrorHelper,
} from './schema-type.js';

const LOCATIONS = ['query', 'header', 'path', 'cookie'] as const;

function isRef(value: object): value is IrMirrorRef {
  return 'kind' in value && value.kind === 'ref';
}

function refOr<T extends object>(value: T | IrMirrorRef, render: (value: T) => string): string {
  return isRef(value) ? componentAccess(value.section, value.key) : render(value);
}

/** Renders one document's objects with one set of options. */
export class DocumentTypes {
  private readonly ro: string;
  /** The helper types the rendered text uses, declared at the end of the file. */
  private readonly used = new Set<MirrorHelper>();

  constructor(
    private readonly options: SettledOpenApiTypesOptions,
    private readonly refResolves: RefResolves = () => true,
    private readonly cycles: SchemaCycles = { aliases: new Map(), cutInGenerics: new Map() },
    private readonly refNullable: (tokens: readonly string[]) => boolean = () => false,
    private readonly enums?: MirrorEnums,
  ) {
    this.ro = readonlyMark(options);
  }

  /** A schema's type where openapi-typescript writes it: refs as its indexed accesses. */
  schema(type: IrMirrorSchema): string {
    return mirrorType(type, {
      options: this.options,
      useHelper: (name) => this.used.add(name),
      refNullable: this.refNullable,
      ...(this.enums ? { enums: this.enums } : {}),
      refOverride: (tokens) => (this.refResolves(tokens) ? undefined : 'unknown'),
    });
  }

  /** The schema `key` of a cycle, as its alias declares it: the cycle's schemas by their aliases. */
  aliasedSchema(key: string, type: IrMirrorSchema): string {
    const { aliases, cutInGenerics } = this.cycles;
    const cut = cutInGenerics.get(key);
    return mirrorType(type, {
      options: this.options,
      useHelper: (name) => this.used.add(name),
      refNullable: this.refNullable,
      ...(this.enums ? { enums: this.enums } : {}),
      refOverride: (tokens, inGenericArgument) => {
        if (!this.refResolves(tokens)) return 'unknown';
        const target = schemaKeyOf(tokens);
        if (target === undefined) return undefined;
        if (inGenericArgument && cut?.has(target)) return 'unknown';
        const alias = aliases.get(target);
        return alias === undefined ? undefined : { alias };
      },
    });
  }

  /** The declarations of the cycles' aliases (`type Json = string | Json[]`), in document order. */
  cycleAliases(
    schemas: readonly { readonly key: string; readonly type: IrMirrorSchema }[],
  ): TypeAliasDeclarationStructure[] {
    return schemas.flatMap(({ key, type }): TypeAliasDeclarationStructure[] => {
      const name = this.cycles.aliases.get(key);
      if (name === undefined) return [];
      const doc = `\`components["schemas"][${JSON.stringify(key)}]\`, by a name: it reaches itself outside any object's members, where TypeScript cannot resolve it as an indexed access.`;
      return [
        {
          kind: StructureKind.TypeAlias,
          name,
          type: this.aliasedSchema(key, type),
          docs: [doc],
        },
      ];
    });
  }

  /** Declarations of the helpers used so far (call after rendering everything else). */
  helpers(): TypeAliasDeclarationStructure[] {
    return [...this.used].sort().map((name) => ({
      kind: StructureKind.TypeAlias,
      name,
      typeParameters: [MIRROR_HELPERS[name].parameters],
      type: MIRROR_HELPERS[name].type,
    }));
  }

  pathItem(item: IrMirrorPathItem | IrMirrorRef): string {
    return refOr(item, (value) => {
      const declared = new Map(value.methods.map((m) => [m.method, m.operation]));
      const methods = MIRROR_METHODS.map((method) => {
        const operation = declared.get(method);
        if (operation === undefined) return `${this.ro}${method}?: never;`;
        const type =
          operation.kind === 'operation'
            ? `operations[${JSON.stringify(operation.id)}]`
            : this.operation(operation);
        return `${this.ro}${method}: ${type};`;
      });
      return `{ ${this.parameters(value.parameters)} ${methods.join(' ')} }`;
    });
  }

  operation(operation: IrMirrorOperation): string {
    const body = operation.requestBody;
    const requestBody =
      body === undefined
        ? `${this.ro}requestBody?: never;`
        : `${this.ro}requestBody${isRef(body) || body.required ? '' : '?'}: ${refOr(body, (b) => this.body(b))};`;
    return `{ ${this.parameters(operation.parameters)} ${requestBody} ${this.ro}responses: ${this.responses(operation.responses)}; }`;
  }

  private responses(responses: IrMirrorOperation['responses']): string {
    if (responses.length === 0) return 'never';
    const members = responses.map(
      ({ status, response }) =>
        `${this.ro}${statusKey(status)}: ${refOr(response, (r) => this.response(r))};`,
    );
    return `{ ${members.join(' ')} }`;
  }

  /** `parameters: { query?: …; header?: …; path?: …; cookie?: … }`, each `never` when empty. */
  parameters(parameters: IrMirrorParameters): string {
    const locations = LOCATIONS.map((location) => {
      const uses = parameters[location];
      if (uses.length === 0) return `${this.ro}${location}?: never;`;
      const members = uses.map(
        (use) =>
          `${this.ro}${propertyKey(use.name)}${use.required ? '' : '?'}: ${refOr(use.parameter, (p) => this.parameter(p))};`,
      );
      const optional = uses.every((use) => !use.required) ? '?' : '';
      return `${this.ro}${location}${optional}: { ${members.join(' ')} };`;
    });
    return `${this.ro}parameters: { ${locations.join(' ')} };`;
  }

  responseOrRef(response: IrMirrorResponse | IrMirrorRef): string {
    return refOr(response, (r) => this.response(r));
  }

  parameterOrRef(parameter: IrMirrorParameter | IrMirrorRef): string {
    return refOr(parameter, (p) => this.parameter(p));
  }

  bodyOrRef(body: IrMirrorBody | IrMirrorRef): string {
    return refOr(body, (b) => this.body(b));
  }

  headerOrRef(header: IrMirrorHeader | IrMirrorRef): string {
    return refOr(header, (h) => this.header(h));
  }

  parameter(parameter: IrMirrorParameter): string {
    return this.schema(parameter.type);
  }

  header(header: IrMirrorHeader): string {
    return this.schema(header.type);
  }

  body(body: IrMirrorBody): string {
    // A body without media types is `"*/*"?: never` in openapi-typescript.
    const content =
      body.content.length === 0 ? `"*/*"?: never;` : this.contentMembers(body.content, this.ro);
    return `{ ${this.ro}content: { ${content} }; }`;
  }

  response(response: IrMirrorResponse): string {
    const headers = response.headers.map(
      ({ name, header }) =>
        `${this.ro}${propertyKey(name)}${isRef(header) || header.required ? '' : '?'}: ${refOr(header, (h) => this.header(h))};`,
    );
    const index = `${this.ro}[name: string]: unknown;`;
    const content =
      response.content === undefined || response.content.length === 0
        ? 'content?: never;'
        : `content: { ${this.contentMembers(response.content, this.ro)} };`;
    return `{ headers: { ${[...headers, index].join(' ')} }; ${content} }`;
  }

  private contentMembers(content: readonly IrMirrorContent[], ro: string): string {
    return content
      .map((c) => `${ro}${JSON.stringify(c.mediaType)}: ${this.schema(c.type)};`)
      .join(' ');
  }
}

/** `200` as a number, `"2XX"` and `default` as written: keys the way openapi-typescript writes them. */
function statusKey(status: string): string {
  return /^[1-9][0-9]*$/.test(status) ? status : propertyKey(status);
}
