/**
 * The classification table: one spec change per row, from a small base spec, with the
 * report it must give. Every rule of `RULES` has a row (checked at the end), so changing a
 * verdict in the table fails here until the row says the same.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeKind } from '../../generator/release/diff/compare.js';
import { RULES, ruleFor } from '../../generator/release/diff/rules.js';
import { LIMIT_RULES } from '../../generator/release/diff/rules-limits.js';
import type { Side, Subject, SurfaceEntry } from '../../generator/release/diff/surface-model.js';
import { reportForChange, THINGS_BASE, verdicts, type Doc } from './support.js';

const op = (doc: Doc, path: string, method: string): Doc => doc.paths[path][method];
const schema = (doc: Doc, name: string): Doc => doc.components.schemas[name];
const things = (doc: Doc) => op(doc, '/things/', 'get');
const create = (doc: Doc) => op(doc, '/things/', 'post');
const retrieve = (doc: Doc) => op(doc, '/things/{thing_id}/', 'get');
const archive = (doc: Doc) => op(doc, '/things/{thing_id}/archive/', 'post');
const jsonBody = (ref: string, required: boolean) => ({
  required,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});

type Row = readonly [verdict: 'breaking' | 'compatible', rule: string, description: string];

interface Case {
  readonly name: string;
  readonly change: (doc: Doc) => void;
  readonly expected: readonly Row[];
}

const CASES: readonly Case[] = [
  // Operations and exported types
  {
    name: 'a new operation',
    change: (d) =>
      (d.paths['/widgets/'] = {
        get: {
          operationId: 'widgetsList',
          'x-sdk-method': 'widgets.list',
          responses: { '204': { description: 'None.' } },
        },
      }),
    expected: [['compatible', 'operation-added', 'operation added']],
  },
  {
    name: 'a removed operation',
    change: (d) => delete d.paths['/things/{thing_id}/'].delete,
    expected: [['breaking', 'operation-removed', 'operation removed']],
  },
  {
    name: 'an operation moved in the client',
    change: (d) => (retrieve(d)['x-sdk-method'] = 'things.get'),
    expected: [
      [
        'breaking',
        'operation-moved',
        'operation moved in the client (client.things.retrieve() / thingsRetrieve() → client.things.get() / thingsGet())',
      ],
    ],
  },
  {
    name: 'a deprecated operation',
    change: (d) => (things(d).deprecated = true),
    expected: [['compatible', 'operation-deprecated', 'operation is now deprecated']],
  },
  {
    name: 'a new exported type',
    change: (d) => (d.components.schemas.Unused = { type: 'object' }),
    expected: [['compatible', 'type-added', 'type `Unused` added']],
  },
  {
    name: 'a removed exported type',
    change: (d) => delete d.components.schemas.Legacy,
    expected: [['breaking', 'type-removed', 'type `Legacy` removed']],
  },
  // Parameters
  {
    name: 'a new optional parameter',
    change: (d) =>
      things(d).parameters.push({ name: 'search', in: 'query', schema: { type: 'string' } }),
    expected: [
      [
        'compatible',
        'parameter-added-optional',
        'query parameter `search` added (optional, string)',
      ],
    ],
  },
  {
    name: 'a new required parameter',
    change: (d) =>
      things(d).parameters.push({
        name: 'region',
        in: 'query',
        required: true,
        schema: { type: 'string' },
      }),
    expected: [
      ['breaking', 'parameter-added-required', 'query parameter `region` added (required, string)'],
    ],
  },
  {
    name: 'a removed parameter',
    change: (d) => things(d).parameters.splice(1, 1),
    expected: [['breaking', 'parameter-removed', 'query parameter `limit` removed']],
  },
  {
    name: 'a renamed parameter (a removal and an addition)',
    change: (d) => (things(d).parameters[1].name = 'max'),
    expected: [
      ['breaking', 'parameter-removed', 'query parameter `limit` removed'],
      ['compatible', 'parameter-added-optional', 'query parameter `max` added (optional, integer)'],
    ],
  },
  {
    name: 'a parameter made required',
    change: (d) => (things(d).parameters[1].required = true),
    expected: [['breaking', 'parameter-required', 'query parameter `limit` is now required']],
  },
  {
    name: 'a parameter made optional',
    change: (d) => (things(d).parameters[0].required = false),
    expected: [['compatible', 'parameter-optional', 'query parameter `owner` is now optional']],
  },
  {
    name: 'a deprecated parameter',
    change: (d) => (things(d).parameters[1].deprecated = true),
    expected: [['compatible', 'parameter-deprecated', 'query parameter `limit` is now deprecated']],
  },
  // Request bodies and their fields
  {
    name: 'a new optional request body',
    change: (d) => (archive(d).requestBody = jsonBody('ThingPatch', false)),
    expected: [['compatible', 'body-added-optional', 'request body added (optional, object)']],
  },
  {
    name: 'a new required request body',
    change: (d) => (archive(d).requestBody = jsonBody('ThingPatch', true)),
    expected: [['breaking', 'body-added-required', 'request body added (required, object)']],
  },
  {
    name: 'a removed request body',
    change: (d) => delete create(d).requestBody,
    expected: [['breaking', 'body-removed', 'request body removed']],
  },
  {
    name: 'a request body made required',
    change: (d) => (op(d, '/things/{thing_id}/', 'patch').requestBody.required = true),
    expected: [['breaking', 'body-required', 'request body is now required']],
  },
  {
    name: 'a request body made optional',
    change: (d) => (create(d).requestBody.required = false),
    expected: [['compatible', 'body-optional', 'request body is now optional']],
  },
  {
    name: 'a new optional request field',
    change: (d) => (schema(d, 'ThingCreate').properties.colour = { type: 'string' }),
    expected: [
      [
        'compatible',
        'request-field-added-optional',
        'request body field `colour` added (optional, string)',
      ],
    ],
  },
  {
    name: 'a new required request field',
    change: (d) => {
      schema(d, 'ThingCreate').properties.colour = { type: 'string' };
      schema(d, 'ThingCreate').required.push('colour');
    },
    expected: [
      [
        'breaking',
        'request-field-added-required',
        'request body field `colour` added (required, string)',
      ],
    ],
  },
  {
    name: 'a removed request field',
    change: (d) => delete schema(d, 'ThingCreate').properties.note,
    expected: [['breaking', 'request-field-removed', 'request body field `note` removed']],
  },
  {
    name: 'a request field made read-only (the client no longer sends it)',
    change: (d) => (schema(d, 'ThingCreate').properties.note.readOnly = true),
    expected: [['breaking', 'request-field-removed', 'request body field `note` removed']],
  },
  {
    name: 'a request field made required',
    change: (d) => schema(d, 'ThingCreate').required.push('note'),
    expected: [['breaking', 'request-field-required', 'request body field `note` is now required']],
  },
  {
    name: 'a request field made optional',
    change: (d) => (schema(d, 'ThingCreate').required = []),
    expected: [
      ['compatible', 'request-field-optional', 'request body field `name` is now optional'],
    ],
  },
  {
    name: 'a request field made nullable',
    change: (d) => (schema(d, 'ThingCreate').properties.note.type = ['string', 'null']),
    expected: [['compatible', 'request-nullable', 'request body field `note` may now be null']],
  },
  {
    name: 'a request field made non-nullable',
    change: (d) => (schema(d, 'ThingCreate').properties.tag.type = 'string'),
    expected: [
      ['breaking', 'request-non-nullable', 'request body field `tag` may no longer be null'],
    ],
  },
  {
    name: 'an enum value added in a request',
    change: (d) => schema(d, 'Kind').enum.push('medium'),
    expected: [
      ['compatible', 'request-enum-widened', 'request body field `kind` gains enum value `medium`'],
    ],
  },
  {
    name: 'an enum narrowed in a request',
    change: (d) => (schema(d, 'Kind').enum = ['small']),
    expected: [
      ['breaking', 'request-enum-narrowed', 'request body field `kind` loses enum value `large`'],
    ],
  },
  {
    name: 'a union member added in a request',
    change: (d) => schema(d, 'ThingCreate').properties.size.oneOf.push({ type: 'boolean' }),
    expected: [
      [
        'compatible',
        'request-variant-added',
        'request body field `size` gains union member `boolean`',
      ],
    ],
  },
  {
    name: 'a union member removed in a request',
    change: (d) =>
      schema(d, 'ThingCreate').properties.size.oneOf.push({ type: 'boolean' }) &&
      schema(d, 'ThingCreate').properties.size.oneOf.splice(1, 1),
    expected: [
      [
        'compatible',
        'request-variant-added',
        'request body field `size` gains union member `boolean`',
      ],
      [
        'breaking',
        'request-variant-removed',
        'request body field `size` loses union member `string`',
      ],
    ],
  },
  {
    name: 'a type changed in a request',
    change: (d) => (schema(d, 'ThingCreate').properties.name.type = 'integer'),
    expected: [
      ['breaking', 'type-changed', 'request body field `name` changed type (string → integer)'],
    ],
  },
  // Statuses and response bodies
  {
    name: 'a new success status',
    change: (d) => (create(d).responses['202'] = { description: 'Accepted.' }),
    expected: [['breaking', 'status-added-success', 'response 202 added (no body)']],
  },
  {
    name: 'a new success status range',
    change: (d) => (create(d).responses['2XX'] = { description: 'Some success.' }),
    expected: [['breaking', 'status-added-success', 'response 2XX added (no body)']],
  },
  {
    name: 'a new error status range',
    change: (d) => (things(d).responses['5XX'] = { description: 'Server trouble.' }),
    expected: [['compatible', 'status-added-error', 'response 5XX added (no body)']],
  },
  {
    name: 'a new error status',
    change: (d) => (things(d).responses['422'] = { description: 'Invalid.' }),
    expected: [['compatible', 'status-added-error', 'response 422 added (no body)']],
  },
  {
    name: 'a removed success status',
    change: (d) => delete op(d, '/things/{thing_id}/', 'delete').responses['202'],
    expected: [['compatible', 'status-removed-success', 'response 202 removed']],
  },
  {
    name: 'a removed error status',
    change: (d) => delete things(d).responses['404'],
    expected: [['compatible', 'status-removed-error', 'response 404 removed']],
  },
  {
    name: 'a response body added',
    change: (d) =>
      (op(d, '/things/{thing_id}/', 'delete').responses['202'].content = {
        'application/json': { schema: { type: 'object' } },
      }),
    expected: [['compatible', 'response-body-added', 'response 202 now has a body (object)']],
  },
  {
    name: 'a response body removed',
    change: (d) => delete retrieve(d).responses['200'].content,
    expected: [['breaking', 'response-body-removed', 'response 200 no longer has a body']],
  },
  // Response fields
  {
    name: 'a new response field',
    change: (d) => (schema(d, 'Thing').properties.colour = { type: 'string' }),
    expected: [
      [
        'compatible',
        'response-field-added',
        'response 200 field `colour` added (optional, string)',
      ],
    ],
  },
  {
    name: 'a new response object is one change, not one per field',
    change: (d) =>
      (schema(d, 'Thing').properties.owner = {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' } },
      }),
    expected: [
      ['compatible', 'response-field-added', 'response 200 field `owner` added (optional, object)'],
    ],
  },
  {
    name: 'a removed response field',
    change: (d) => delete schema(d, 'Thing').properties.note,
    expected: [['breaking', 'response-field-removed', 'response 200 field `note` removed']],
  },
  {
    name: 'a response field made optional',
    change: (d) => (schema(d, 'Thing').required = ['id', 'status']),
    expected: [
      ['breaking', 'response-field-optional', 'response 200 field `name` is now optional'],
    ],
  },
  {
    name: 'a response field made required',
    change: (d) => schema(d, 'Thing').required.push('note'),
    expected: [
      ['compatible', 'response-field-required', 'response 200 field `note` is now required'],
    ],
  },
  {
    name: 'a response field made nullable',
    change: (d) => (schema(d, 'Thing').properties.name.type = ['string', 'null']),
    expected: [['breaking', 'response-nullable', 'response 200 field `name` may now be null']],
  },
  {
    name: 'a response field made non-nullable',
    change: (d) => (schema(d, 'Thing').properties.label.type = 'string'),
    expected: [
      ['compatible', 'response-non-nullable', 'response 200 field `label` may no longer be null'],
    ],
  },
  {
    name: 'an enum value added in a response',
    change: (d) => schema(d, 'Status').enum.push('lost'),
    expected: [
      [
        'compatible',
        'response-enum-widened',
        'response 200 field `status` gains enum value `lost`',
      ],
    ],
  },
  {
    name: 'an enum value removed in a response',
    change: (d) => (schema(d, 'Status').enum = ['active']),
    expected: [
      [
        'compatible',
        'response-enum-narrowed',
        'response 200 field `status` loses enum value `retired`',
      ],
    ],
  },
  {
    name: 'a union member added in a response',
    change: (d) => schema(d, 'Thing').properties.shape.oneOf.push({ type: 'string' }),
    expected: [
      [
        'breaking',
        'response-variant-added',
        'response 200 field `shape` gains union member `string`',
      ],
    ],
  },
  {
    name: 'a union member removed in a response',
    change: (d) => schema(d, 'Thing').properties.shape.oneOf.splice(1, 1),
    expected: [
      [
        'compatible',
        'response-variant-removed',
        'response 200 field `shape` loses union member `Square`',
      ],
    ],
  },
  {
    name: 'a type changed in a response',
    change: (d) => (schema(d, 'Thing').properties.id = { type: 'integer' }),
    expected: [
      [
        'breaking',
        'response-type-changed',
        'response 200 field `id` changed type (string → integer)',
      ],
    ],
  },
  // Shapes the surface must see through
  {
    name: 'a recursive schema is expanded once',
    change: (d) =>
      (schema(d, 'Thing').properties.tree = { $ref: '#/components/schemas/Node' }) &&
      (d.components.schemas.Node = {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      }),
    expected: [
      ['compatible', 'response-field-added', 'response 200 field `tree` added (optional, object)'],
      ['compatible', 'type-added', 'type `Node` added'],
    ],
  },
  {
    name: 'a change behind a nullable alias',
    change: (d) => (schema(d, 'Circle').properties.radius = { type: 'string' }),
    expected: [
      [
        'breaking',
        'response-type-changed',
        'response 200 field `shape(Circle).radius` changed type (number → string)',
      ],
      [
        'breaking',
        'response-type-changed',
        'response 200 field `spare.radius` changed type (number → string)',
      ],
    ],
  },
  // Not changes for a client user
  {
    name: 'a reworded description',
    change: (d) => (schema(d, 'Thing').description = 'Something else.'),
    expected: [],
  },
  {
    name: 'a renamed path parameter (positional in the client)',
    change: (d) => renamePathParameter(d, '/things/{thing_id}/archive/', 'id'),
    expected: [],
  },
  {
    name: 'a write-only response field changed',
    change: (d) => delete schema(d, 'Thing').properties.created_by,
    expected: [],
  },
];

function renamePathParameter(doc: Doc, path: string, name: string): void {
  const item = doc.paths[path];
  delete doc.paths[path];
  doc.paths[path.replace(/\{[^}]+\}/, `{${name}}`)] = item;
  item.post.parameters[0].name = name;
}

describe('classification of one change', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const report = reportForChange(THINGS_BASE, c.change);
    expect(verdicts(report)).toEqual(c.expected);
    expect(report.breaking).toBe(c.expected.filter((r) => r[0] === 'breaking').length);
    expect(report.bump).toBe(
      report.breaking > 0 ? 'major' : c.expected.length > 0 ? 'minor' : 'none',
    );
  });

  it('has a row for every rule in the table', () => {
    const covered = new Set(CASES.flatMap((c) => c.expected.map((r) => r[1])));
    // Rules for other exported names are the generator's, not the spec's: package-surface.test.ts has their rows;
    // constraints and media types have theirs in rules-limits.test.ts.
    const elsewhere = new Set(LIMIT_RULES.map((r) => r.id));
    expect(
      RULES.filter((r) => r.target !== 'export' && !elsewhere.has(r.id))
        .map((r) => r.id)
        .filter((id) => !covered.has(id)),
    ).toEqual([]);
  });

  it('has a rule for every change a value can undergo, in a request and in a response', () => {
    const places: [Subject, Side, string][] = [
      ['parameter', 'request', 'GET /x/|param:query:q'],
      ['request-body', 'request', 'GET /x/|body'],
      ['field', 'request', 'GET /x/|body.a'],
      ['status', 'response', 'GET /x/|status:200'],
      ['status', 'response', 'GET /x/|status:404'],
      ['field', 'response', 'GET /x/|status:200.a'],
    ];
    const kinds: ChangeKind[] = [
      'added',
      'removed',
      'made-required',
      'made-optional',
      'made-nullable',
      'made-non-nullable',
      'type-changed',
      'value-added',
      'value-removed',
      'variant-added',
      'variant-removed',
      'constraint-narrowed',
      'constraint-widened',
      'constraint-replaced',
    ];
    const missing = places.flatMap(([subject, side, key]) =>
      [true, false].flatMap((required) =>
        kinds.flatMap((kind) => {
          const entry: SurfaceEntry = {
            key,
            operation: 'GET /x/',
            subject,
            side,
            location: [key],
            required,
            nullable: false,
            type: 'string',
            ...(subject === 'status' ? { success: key.endsWith(':200') } : {}),
          };
          return ruleFor({ kind, entry })
            ? []
            : [`${kind} of ${required ? 'a required' : 'an optional'} ${subject} (${side})`];
        }),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('has a rule for a media type gained or lost by a request body and by a response', () => {
    const places: [Subject, Side, string][] = [
      ['request-body', 'request', 'GET /x/|body'],
      ['status', 'response', 'GET /x/|status:200'],
      ['status', 'response', 'GET /x/|status:404'],
    ];
    const kinds: ChangeKind[] = ['media-type-added', 'media-type-removed'];
    const missing = places.flatMap(([subject, side, key]) =>
      kinds.flatMap((kind) => {
        const entry: SurfaceEntry = {
          key,
          operation: 'GET /x/',
          subject,
          side,
          location: [key],
          required: true,
          nullable: false,
          type: 'object',
          ...(subject === 'status' ? { success: key.endsWith(':200') } : {}),
        };
        return ruleFor({ kind, entry }) ? [] : [`${kind} of ${subject} (${key})`];
      }),
    );
    expect(missing).toEqual([]);
  });
});
