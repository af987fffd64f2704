import { describe, expect, it } from 'vitest';
import { parseSource } from '../../generator/load/load.js';
import { buildIr } from '../../generator/ir/build.js';
import { planIr } from '../../generator/plan/index.js';
import type { Ir } from '../../generator/ir/types.js';

function build(yaml: string): { ir?: Ir; codes: string[] } {
  const { document, diagnostics } = parseSource('test.yaml', yaml);
  if (!document) throw new Error(diagnostics.map((d) => d.message).join('; '));
  const result = buildIr(document);
  return {
    ...(result.ir ? { ir: planIr(result.ir).ir } : {}),
    codes: result.diagnostics.map((d) => `${d.code} ${d.pointer} ${d.line}:${d.column}`),
  };
}

const head = 'openapi: 3.0.3\ninfo: {title: Demo API, version: 2.1.0}\n';

describe('schema conversion', () => {
  it('reads the 3.0 and 3.1 spellings of nullability the same way', () => {
    const { ir } = build(`${head}paths: {}
components:
  schemas:
    A: {type: string, nullable: true}
    B: {type: [string, 'null']}
    C: {allOf: [{$ref: '#/components/schemas/A'}], nullable: true, description: wrapped}
    D: {oneOf: [{$ref: '#/components/schemas/A'}, {type: 'null'}]}
    E: {oneOf: [{$ref: '#/components/schemas/A'}, {enum: [null]}]}
    F: {type: integer, enum: [1, 2, 3]}
`);
    const types = Object.fromEntries(ir!.schemas.map((s) => [s.name, s.type]));
    const nullString = { kind: 'union', members: [{ kind: 'string' }, { kind: 'null' }] };
    const nullRef = { kind: 'union', members: [{ kind: 'ref', name: 'A' }, { kind: 'null' }] };
    expect(types.A).toEqual(nullString);
    expect(types.B).toEqual(nullString);
    expect(types.C).toEqual(nullRef);
    expect(types.D).toEqual(nullRef);
    expect(types.E).toEqual(nullRef);
    expect(types.F).toEqual({ kind: 'enum', values: [1, 2, 3] });
    expect(ir!.enums.map((e) => e.name)).toEqual(['F']);
  });

  it('renames schemas whose names are not identifiers or are reserved', () => {
    const { ir } = build(`${head}paths: {}
components:
  schemas:
    user-profile: {type: object}
    Error: {type: object}
    my.Thing: {type: object, properties: {self: {$ref: '#/components/schemas/my.Thing'}}}
`);
    expect(ir!.schemas.map((s) => [s.sourceName, s.name])).toEqual([
      ['user-profile', 'UserProfile'],
      ['Error', 'Error_'],
      ['my.Thing', 'MyThing'],
    ]);
    expect(ir!.schemas[2]!.type).toMatchObject({
      kind: 'object',
      properties: [{ name: 'self', type: { kind: 'ref', name: 'MyThing' } }],
    });
  });
});

describe('operations', () => {
  const paths = `${head}paths:
  /things/{thing_id}/:
    parameters:
      - {name: thing_id, in: path, required: true, schema: {type: string}}
      - {name: verbose, in: query, schema: {type: boolean}}
    get:
      tags: [things]
      parameters:
        - {name: verbose, in: query, description: overrides, schema: {type: boolean, default: true}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Page'}}}}
        '404': {description: missing}
    post:
      x-sdk-method: things.items.add
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded: {schema: {type: object}}
          application/json: {schema: {type: object}}
      responses:
        '201': {description: created}
    delete:
      x-retry-safe: false
      responses:
        '204': {description: gone}
components:
  schemas:
    Page:
      type: object
      properties:
        count: {type: integer}
        next: {type: [string, 'null']}
        results: {type: array, items: {type: string}}
`;

  it('merges path-level parameters, lets the operation override them, and orders path arguments', () => {
    const [get] = build(paths).ir!.operations;
    expect(get!.pathParameters.map((p) => p.identifier)).toEqual(['thingId']);
    expect(get!.queryParameters).toEqual([
      expect.objectContaining({ name: 'verbose', description: 'overrides', default: true }),
    ]);
  });

  it('names operations without an operationId from method and path, and places them by x-sdk-method, tag or path', () => {
    const ops = build(paths).ir!.operations;
    // The standalone function is always the camelCase of the client method's path.
    expect(ops.map((o) => [o.functionName, o.resourcePath.join('.'), o.methodName])).toEqual([
      ['thingsRetrieve', 'things', 'retrieve'],
      ['thingsItemsAdd', 'things.items', 'add'],
      ['thingsDelete', 'things', 'delete'],
    ]);
  });

  it('splits a schema with an array that requests and responses share, so requests can take readonly arrays', () => {
    const { ir } = build(`${head}paths:
  /tags/:
    put:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Tags'}}}}
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Tags'}}}}}
components:
  schemas:
    Tags: {type: object, properties: {names: {type: array, items: {type: string}}}}
    Plain: {type: object, properties: {name: {type: string}}}
`);
    expect(ir!.schemas.map((s) => [s.name, s.views, s.requestName])).toEqual([
      ['Tags', 'split', 'TagsRequest'],
      ['Plain', 'shared', undefined],
    ]);
  });

  it('drops the tag from an operationId that starts with it, and settles the collisions that makes', () => {
    const ops = build(`${head}paths:
  /sites/:
    get: {operationId: sites_list, tags: [sites], responses: {'200': {description: ok}}}
    post: {operationId: list, tags: [sites], responses: {'201': {description: ok}}}
  /sites/{id}/:
    parameters: [{name: id, in: path, required: true, schema: {type: string}}]
    get: {operationId: sites, tags: [sites], responses: {'200': {description: ok}}}
    delete: {operationId: sites_delete, tags: [sites], responses: {'204': {description: gone}}}
`).ir!.operations;
    expect(
      ops.map((o) => `client.${[...o.resourcePath, o.methodName].join('.')} ${o.functionName}`),
    ).toEqual([
      'client.sites.list sitesList',
      'client.sites.list2 sitesList2',
      'client.sites.sites sitesSites',
      'client.sites.delete sitesDelete',
    ]);
  });

  it('decides retry safety from x-retry-safe, else the method', () => {
    expect(build(paths).ir!.operations.map((o) => o.retrySafe)).toEqual([true, false, false]);
  });

  it('lists body encodings JSON first and detects page-number pagination', () => {
    const [get, post] = build(paths).ir!.operations;
    expect(post!.body!.encodings).toEqual(['json', 'form']);
    expect(get!.pagination).toEqual({ kind: 'link', item: { kind: 'string' } });
    expect(get!.successStatuses).toEqual([200]);
  });

  it('groups operations into a resource tree', () => {
    const tree = build(paths).ir!.resources;
    expect(tree.children.map((c) => [c.name, c.children.map((g) => g.name)])).toEqual([
      ['things', ['items']],
    ]);
  });

  it('refuses a response key that is neither a status, a range nor default, with the location', () => {
    const { ir, codes } = build(`${head}paths:
  /upload/:
    post:
      requestBody:
        content:
          application/octet-stream: {schema: {type: string, format: binary}}
      responses:
        2XX: {description: ok}
        20x: {description: odd}
`);
    expect(ir).toBeUndefined();
    expect(codes).toEqual(['unsupported-status /paths/~1upload~1/post/responses/20x 11:9']);
  });
});
