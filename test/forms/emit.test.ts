/**
 * The generator's side of the form validators: IR → the data they are made of (request view,
 * nulls, refs, enums), the names the plan gives them, and the module and entry point that
 * carry them.
 */
import { CodeBlockWriter } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { FormNodeBuilder, writeNode, type NodeValue } from '../../generator/emit/forms/nodes.js';
import { emitForms, formValidators } from '../../generator/emit/forms/forms.js';
import { packageEntries } from '../../generator/emit/package/package.js';
import { NameRegistry } from '../../generator/ir/names.js';
import type { IrType } from '../../generator/ir/types.js';
import { planIr } from '../../generator/plan/index.js';
import { packageExports } from '../../generator/release/diff/structure-summary.js';
import { schemaIndexOf } from '../../generator/emit/common/type-expr.js';
import { emittedPackage, exportedNames, importsOf, sourceOf } from '../support/emitted.js';
import {
  int,
  irOf,
  nullable,
  object,
  operation,
  prop,
  ref,
  schema,
  str,
} from '../support/ir-values.js';

function printed(value: NodeValue): string {
  const w = new CodeBlockWriter({ useSingleQuote: true });
  writeNode(w, value);
  return w.toString();
}

describe('IR → form nodes', () => {
  const ir = irOf([
    schema('Locale', { kind: 'enum', values: ['en', 'de'] }),
    schema(
      'Address',
      object([
        prop('id', str, { readOnly: true }),
        prop('city', nullable({ kind: 'string', maxLength: 50 }), { required: false }),
        prop('code', { kind: 'string', pattern: '^[0-9]+$', format: 'other' }),
        prop('parent', ref('Address'), { required: false }),
      ]),
    ),
  ]);
  const builder = () => new FormNodeBuilder(schemaIndexOf(ir), new NameRegistry(['AddressNode']));

  it('leaves read-only properties out and makes T | null a nullable T', () => {
    const b = builder();
    b.namedConstant('Address');
    expect(printed(b.named.get('Address')!.node)).toBe(
      `{ type: "object", properties: { city: { type: "string", maxLength: 50, nullable: true }, code: { type: "string", pattern: "^[0-9]+$" }, parent: { type: "ref", ref: () => AddressNode2 } }, required: ["code"] }`,
    );
  });

  it('refers to a named schema through a thunk, and to an enum through its value list', () => {
    const b = builder();
    expect(printed(b.node(nullable(ref('Address'))))).toBe(
      `{ type: "ref", ref: () => AddressNode2, nullable: true }`,
    );
    expect(printed(b.node(ref('Locale')))).toBe('{ type: "enum", values: LOCALE_VALUES }');
    expect([...b.enumLists]).toEqual(['LOCALE_VALUES']);
  });

  it('keeps numbers’ bounds, arrays’ counts, constants as one-value enums, and unions’ discriminators', () => {
    const b = builder();
    const bounded: IrType = { kind: 'number', integer: true, minimum: 1, exclusiveMaximum: 6 };
    expect(printed(b.node({ kind: 'array', items: bounded, maxItems: 3, uniqueItems: true }))).toBe(
      `{ type: "array", items: { type: "integer", minimum: 1, exclusiveMaximum: 6 }, maxItems: 3, uniqueItems: true }`,
    );
    expect(printed(b.node({ kind: 'literal', value: 'cat' }))).toBe(
      '{ type: "enum", values: ["cat"] }',
    );
    const union: IrType = {
      kind: 'union',
      members: [ref('Address'), int, { kind: 'null' }],
      discriminator: { property: 'kind', mapping: [{ value: 'address', schema: 'Address' }] },
    };
    expect(printed(b.node(union))).toBe(
      `{ type: "union", members: [{ type: "ref", ref: () => AddressNode2 }, { type: "integer" }], discriminator: { property: "kind", mapping: { address: 0 } }, nullable: true }`,
    );
  });

  it('writes keys that are not identifiers quoted, __proto__ as a computed key, and casts what every object has', () => {
    const b = builder();
    const odd = object([
      prop('X-Request-Id', str),
      prop('__proto__', str, { required: false }),
      prop('constructor', str, { required: false }),
    ]);
    expect(printed(b.node(odd))).toBe(
      `{ type: "object", properties: { "X-Request-Id": { type: "string" }, ["__proto__"]: { type: "string" } as FormNode, constructor: { type: "string" } as FormNode }, required: ["X-Request-Id"] }`,
    );
  });
});

describe('the plan', () => {
  const body = (name: string) => ({
    required: true,
    encodings: ['json' as const],
    type: ref(name),
  });
  const ir = irOf(
    [
      schema('Pet', object([prop('name', str)])),
      // A schema already named like a validator: the validator gets a number, the schema keeps its name.
      schema('PetSchema', object([prop('x', str)])),
    ],
    [
      operation({
        functionName: 'petsCreate',
        methodName: 'create',
        method: 'POST',
        body: body('Pet'),
      }),
      operation({
        functionName: 'petsGet',
        methodName: 'get',
        path: '/things/{id}',
        pathParameters: [
          {
            name: 'id',
            identifier: 'id',
            location: 'path',
            required: true,
            type: str,
            explode: false,
          },
        ],
        queryParameters: [
          {
            name: 'fields',
            identifier: 'fields',
            location: 'query',
            required: false,
            type: str,
            explode: true,
          },
        ],
      }),
      operation({
        functionName: 'petsReplace',
        methodName: 'replace',
        method: 'PUT',
        path: '/things/{x}',
        body: body('Pet'),
      }),
    ],
  );

  it('names each validator after the type it checks, claimed after every other name', () => {
    const { plan } = planIr(ir, []);
    expect(plan.schemas.get('PetSchema')!.type).toBe('PetSchema');
    expect([...plan.forms.schemas]).toEqual([['Pet', 'PetSchema2']]);
    expect([...plan.forms.operations.values()]).toEqual([
      { body: 'PetSchema2' },
      { path: 'ThingsGetPathSchema', query: 'ThingsGetQuerySchema' },
      { body: 'PetSchema2' },
    ]);
  });

  it('gives a body shared by two operations one validator that names both', () => {
    const planned = planIr(ir, []);
    const validators = formValidators(planned.ir, planned.plan);
    expect(validators.map((v) => [v.name, v.checks])).toEqual([
      [
        'PetSchema2',
        'a `Pet`: the body of `client.things.create()`, the body of `client.things.replace()`',
      ],
      ['ThingsGetPathSchema', 'the path parameters of `client.things.get()`'],
      ['ThingsGetQuerySchema', 'the query parameters of `client.things.get()`'],
    ]);
    expect(validators.map((v) => [v.name, v.parameterSet])).toEqual([
      ['PetSchema2', false],
      ['ThingsGetPathSchema', true],
      ['ThingsGetQuerySchema', true],
    ]);
  });

  it('imports only the maker it uses: formSchema alone for a document of bodies', () => {
    const planned = planIr(irOf([...ir.schemas], [ir.operations[0]!]), []);
    const file = emitForms(planned.ir, planned.plan, 'src/forms.ts')!;
    const text = sourceOf(file).getText();
    expect(importsOf(sourceOf(file))['./runtime/core/standard-schema.js']).toEqual([
      'type FormNode',
      'type FormSchema',
      'formSchema',
    ]);
    expect(text).not.toContain('parameterSchema');
    expect(text).not.toContain('URL');
  });
});

describe('the forms module of our spec', () => {
  it('exports one validator per body schema and parameter set, importing what it names', async () => {
    const files = await emittedPackage('spec/connect-api.yaml');
    const forms = sourceOf(files.find((f) => f.path === 'src/forms.ts'));
    const names = exportedNames(forms);
    expect(names.slice(0, 5)).toEqual([
      'UserCreateRequestSchema',
      'PatchedUserRequestSchema',
      'BillingDetailsRequestSchema',
      'ChargingStartRequestSchema',
      'PatchedChargingSessionRateRequestSchema',
    ]);
    expect(names).toContain('UsersListQuerySchema');
    expect(names).toContain('UsersChargingSessionsRatePathSchema');
    expect(names.every((n) => n.endsWith('Schema'))).toBe(true);
    // Besides the validators, the switch that keeps empty texts as `''`.
    expect(
      forms.getExportDeclarations().flatMap((d) => d.getNamedExports().map((e) => e.getName())),
    ).toEqual(['keepingEmptyText']);
    const imports = importsOf(forms);
    expect(imports['./runtime/core/standard-schema.js']).toEqual([
      'type FormNode',
      'type FormSchema',
      'formSchema',
      'parameterSchema',
    ]);
    // A parameter set is read from URL text (`parameterSchema`); a body is JSON (`formSchema`).
    const makers = Object.fromEntries(
      forms
        .getVariableStatements()
        .flatMap((statement) =>
          statement
            .getDeclarations()
            .map((d) => [d.getName(), d.getInitializer()?.getFullText().trim() ?? '']),
        ),
    );
    expect(makers['UsersListQuerySchema']).toMatch(/^\/\* @__PURE__ \*\/ parameterSchema\(/);
    expect(makers['UsersChargingSessionsRatePathSchema']).toMatch(/ parameterSchema\(/);
    expect(makers['BillingDetailsRequestSchema']).toMatch(/^\/\* @__PURE__ \*\/ formSchema\(/);
    expect(forms.getText()).toContain('also takes the values as a URL carries them');
    expect(imports['./enums.js']).toContain('LOCALE_VALUES');
    expect(imports['./operations/users.js']).toEqual(['type UsersListQuery']);
    // Its own entry point: not re-exported by the index, but in the package's surface.
    const paths = files.map((f) => f.path);
    expect(packageEntries(paths)).toContainEqual({ subpath: './forms', module: 'forms' });
    expect(sourceOf(files.find((f) => f.path === 'src/index.ts')).getText()).not.toContain('forms');
    expect(
      packageExports(files)
        .filter((e) => e.entry === './forms')
        .map((e) => e.name)
        .sort(),
    ).toEqual([...names, 'keepingEmptyText'].sort());
  });

  it('is none for a document with nothing to validate', () => {
    const { ir, plan } = planIr(irOf([], [operation({ functionName: 'ping' })]), []);
    expect(emitForms(ir, plan, 'src/forms.ts')).toBeUndefined();
    expect(packageEntries(['src/index.ts'])).toEqual([{ subpath: '.', module: 'index' }]);
  });
});
