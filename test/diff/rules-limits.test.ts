/**
 * The constraint and media-type rows of the classification table: one spec change per row,
 * from a small base spec (`limits-base.yaml`), with the report it must give. Requests are
 * held to less, never more; responses may promise more, never less. Every rule of
 * `LIMIT_RULES` has a row (checked at the end).
 */
import { describe, expect, it } from 'vitest';
import { LIMIT_RULES } from '../../generator/release/diff/rules-limits.js';
import { reportForChange, verdicts, type Doc } from './support.js';

const LIMITS_BASE = 'test/fixtures/diff/limits-base.yaml';

const create = (d: Doc): Doc => d.components.schemas.ReadingCreate.properties;
const reading = (d: Doc): Doc => d.components.schemas.Reading.properties;
const list = (d: Doc): Doc => d.paths['/readings/'].get;
const createBody = (d: Doc): Doc => d.paths['/readings/'].post.requestBody.content;

type Row = readonly [verdict: 'breaking' | 'compatible', rule: string, description: string];

interface Case {
  readonly name: string;
  readonly change: (doc: Doc) => void;
  readonly expected: readonly Row[];
}

const narrowed = (where: string, detail: string): Row => [
  'breaking',
  'request-constraint-narrowed',
  `${where} narrowed (${detail})`,
];
const widened = (where: string, detail: string): Row => [
  'compatible',
  'request-constraint-widened',
  `${where} widened (${detail})`,
];

const REQUEST_CASES: readonly Case[] = [
  {
    name: 'a minimum raised',
    change: (d) => (create(d).value.minimum = 1),
    expected: [narrowed('request body field `value`', '`minimum` 0 → 1')],
  },
  {
    name: 'a maximum lowered',
    change: (d) => (create(d).value.maximum = 500),
    expected: [narrowed('request body field `value`', '`maximum` 1000 → 500')],
  },
  {
    name: 'a bound made exclusive',
    change: (d) => {
      delete create(d).value.minimum;
      create(d).value.exclusiveMinimum = 0;
    },
    expected: [narrowed('request body field `value`', '`minimum` 0 → `exclusiveMinimum` 0')],
  },
  {
    name: 'a maximum lowered on a query parameter',
    change: (d) => (list(d).parameters[0].schema.maximum = 50),
    expected: [narrowed('query parameter `limit`', '`maximum` 100 → 50')],
  },
  {
    name: 'a minLength raised',
    change: (d) => (create(d).meter.minLength = 5),
    expected: [narrowed('request body field `meter`', '`minLength` 3 → 5')],
  },
  {
    name: 'a maxLength lowered',
    change: (d) => (create(d).meter.maxLength = 10),
    expected: [narrowed('request body field `meter`', '`maxLength` 20 → 10')],
  },
  {
    name: 'a pattern added',
    change: (d) => (create(d).note.pattern = '^[a-z ]*$'),
    expected: [narrowed('request body field `note`', '`pattern` none → `^[a-z ]*$`')],
  },
  {
    name: 'a format added',
    change: (d) => (create(d).note.format = 'uuid'),
    expected: [narrowed('request body field `note`', '`format` none → `uuid`')],
  },
  {
    name: 'a multipleOf made coarser',
    change: (d) => (create(d).value.multipleOf = 1),
    expected: [narrowed('request body field `value`', '`multipleOf` 0.5 → 1')],
  },
  {
    name: 'a minItems raised',
    change: (d) => (create(d).tags.minItems = 2),
    expected: [narrowed('request body field `tags`', '`minItems` 1 → 2')],
  },
  {
    name: 'a maxItems lowered',
    change: (d) => (create(d).tags.maxItems = 3),
    expected: [narrowed('request body field `tags`', '`maxItems` 5 → 3')],
  },
  {
    name: 'uniqueItems added',
    change: (d) => (create(d).tags.uniqueItems = true),
    expected: [narrowed('request body field `tags`', '`uniqueItems` false → true')],
  },
  {
    name: 'a minProperties raised and a maxProperties lowered',
    change: (d) => {
      create(d).attributes.minProperties = 2;
      create(d).attributes.maxProperties = 8;
    },
    expected: [
      narrowed('request body field `attributes`', '`minProperties` 1 → 2'),
      narrowed('request body field `attributes`', '`maxProperties` 10 → 8'),
    ],
  },
  {
    name: 'a maximum raised',
    change: (d) => (create(d).value.maximum = 5000),
    expected: [widened('request body field `value`', '`maximum` 1000 → 5000')],
  },
  {
    name: 'a minimum removed on a query parameter',
    change: (d) => delete list(d).parameters[0].schema.minimum,
    expected: [widened('query parameter `limit`', '`minimum` 1 → none')],
  },
  {
    name: 'a pattern removed and a minLength lowered',
    change: (d) => {
      delete create(d).meter.pattern;
      create(d).meter.minLength = 1;
    },
    expected: [
      widened('request body field `meter`', '`minLength` 3 → 1'),
      widened('request body field `meter`', '`pattern` `^[A-Z0-9-]+$` → none'),
    ],
  },
  {
    name: 'a format removed',
    change: (d) => delete create(d).contact.format,
    expected: [widened('request body field `contact`', '`format` `email` → none')],
  },
  {
    name: 'a multipleOf made finer, a maxProperties removed',
    change: (d) => {
      create(d).value.multipleOf = 0.25;
      delete create(d).attributes.maxProperties;
    },
    expected: [
      widened('request body field `attributes`', '`maxProperties` 10 → none'),
      widened('request body field `value`', '`multipleOf` 0.5 → 0.25'),
    ],
  },
  {
    name: 'a pattern replaced',
    change: (d) => (create(d).meter.pattern = '^[a-z0-9-]+$'),
    expected: [
      [
        'breaking',
        'request-constraint-replaced',
        'request body field `meter` changed constraint (`pattern` `^[A-Z0-9-]+$` → `^[a-z0-9-]+$`)',
      ],
    ],
  },
  {
    name: 'a format replaced',
    change: (d) => (create(d).contact.format = 'uri'),
    expected: [
      [
        'breaking',
        'request-constraint-replaced',
        'request body field `contact` changed constraint (`format` `email` → `uri`)',
      ],
    ],
  },
  {
    name: 'a multipleOf neither finer nor coarser',
    change: (d) => (create(d).value.multipleOf = 0.3),
    expected: [
      [
        'breaking',
        'request-constraint-replaced',
        'request body field `value` changed constraint (`multipleOf` 0.5 → 0.3)',
      ],
    ],
  },
  {
    name: 'a minLength of 0 where there was none (allows the same strings)',
    change: (d) => (create(d).note.minLength = 0),
    expected: [],
  },
];

const RESPONSE_CASES: readonly Case[] = [
  {
    name: 'a response maximum raised',
    change: (d) => (reading(d).value.exclusiveMaximum = 2000),
    expected: [
      [
        'breaking',
        'response-constraint-widened',
        'response 200 field `[].value` widened (`exclusiveMaximum` 1000 → 2000)',
      ],
    ],
  },
  {
    name: 'a response pattern removed',
    change: (d) => delete reading(d).id.pattern,
    expected: [
      [
        'breaking',
        'response-constraint-widened',
        'response 200 field `[].id` widened (`pattern` `^r_[a-z0-9]+$` → none)',
      ],
    ],
  },
  {
    name: 'a response maxLength raised, a maxItems removed',
    change: (d) => {
      reading(d).meter.maxLength = 40;
      delete list(d).responses['200'].content['application/json'].schema.maxItems;
    },
    expected: [
      ['breaking', 'response-constraint-widened', 'response 200 widened (`maxItems` 50 → none)'],
      [
        'breaking',
        'response-constraint-widened',
        'response 200 field `[].meter` widened (`maxLength` 20 → 40)',
      ],
    ],
  },
  {
    name: 'a response maximum lowered, a pattern added',
    change: (d) => {
      reading(d).value.exclusiveMaximum = 500;
      reading(d).meter.pattern = '^[A-Z]+$';
    },
    expected: [
      [
        'compatible',
        'response-constraint-narrowed',
        'response 200 field `[].meter` narrowed (`pattern` none → `^[A-Z]+$`)',
      ],
      [
        'compatible',
        'response-constraint-narrowed',
        'response 200 field `[].value` narrowed (`exclusiveMaximum` 1000 → 500)',
      ],
    ],
  },
  {
    name: 'a response pattern replaced',
    change: (d) => (reading(d).id.pattern = '^rd_[a-z0-9]+$'),
    expected: [
      [
        'breaking',
        'response-constraint-replaced',
        'response 200 field `[].id` changed constraint (`pattern` `^r_[a-z0-9]+$` → `^rd_[a-z0-9]+$`)',
      ],
    ],
  },
  {
    name: 'a response format changed (an annotation no guard asserts)',
    change: (d) => (reading(d).recorded_at.format = 'date'),
    expected: [],
  },
];

const MEDIA_CASES: readonly Case[] = [
  {
    name: 'a request media type added',
    change: (d) =>
      (createBody(d)['multipart/form-data'] = createBody(d)['application/x-www-form-urlencoded']),
    expected: [
      [
        'compatible',
        'request-media-type-added',
        'request body gains media type `multipart/form-data`',
      ],
    ],
  },
  {
    name: 'a request media type removed',
    change: (d) => delete createBody(d)['application/x-www-form-urlencoded'],
    expected: [
      [
        'breaking',
        'request-media-type-removed',
        'request body loses media type `application/x-www-form-urlencoded`',
      ],
    ],
  },
  {
    name: 'a request media type replaced (merge-patch JSON → plain JSON)',
    change: (d) => {
      const content = d.paths['/readings/{reading_id}/'].patch.requestBody.content;
      content['application/json'] = content['application/merge-patch+json'];
      delete content['application/merge-patch+json'];
    },
    expected: [
      [
        'compatible',
        'request-media-type-added',
        'request body gains media type `application/json`',
      ],
      [
        'breaking',
        'request-media-type-removed',
        'request body loses media type `application/merge-patch+json`',
      ],
    ],
  },
  {
    name: 'a media type parameter or its case is no change',
    change: (d) => {
      const content = createBody(d);
      content['Application/JSON; charset=utf-8'] = content['application/json'];
      delete content['application/json'];
    },
    expected: [],
  },
  {
    name: 'a request media type folded into a wildcard that covers it',
    change: (d) => {
      delete createBody(d)['application/x-www-form-urlencoded'];
      createBody(d)['application/*'] = { schema: { type: 'object' } };
    },
    expected: [
      ['compatible', 'request-media-type-added', 'request body gains media type `application/*`'],
    ],
  },
  {
    name: 'a response wildcard narrowed to the JSON it covers',
    change: (d) => {
      const content = d.paths['/readings/{reading_id}/'].get.responses['200'].content;
      content['application/json'] = content['*/*'];
      delete content['*/*'];
    },
    expected: [
      [
        'compatible',
        'response-media-type-added',
        'response 200 gains media type `application/json`',
      ],
    ],
  },
  {
    name: 'a response media type added',
    change: (d) => (list(d).responses['200'].content['text/csv'] = { schema: { type: 'string' } }),
    expected: [
      ['compatible', 'response-media-type-added', 'response 200 gains media type `text/csv`'],
    ],
  },
  {
    name: 'a response media type replaced (JSON → a vendor JSON type)',
    change: (d) => {
      const content = d.paths['/readings/'].post.responses['201'].content;
      content['application/vnd.readings+json'] = content['application/json'];
      delete content['application/json'];
    },
    expected: [
      [
        'compatible',
        'response-media-type-added',
        'response 201 gains media type `application/vnd.readings+json`',
      ],
      [
        'breaking',
        'response-media-type-removed',
        'response 201 loses media type `application/json`',
      ],
    ],
  },
  {
    name: 'an error response media type replaced (text → HTML)',
    change: (d) => {
      const content = list(d).responses['404'].content;
      content['text/html'] = content['text/plain'];
      delete content['text/plain'];
    },
    expected: [
      ['compatible', 'response-media-type-added', 'response 404 gains media type `text/html`'],
      ['breaking', 'response-media-type-removed', 'response 404 loses media type `text/plain`'],
    ],
  },
];

const CASES = [...REQUEST_CASES, ...RESPONSE_CASES, ...MEDIA_CASES];

describe('classification of constraint and media-type changes', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const report = reportForChange(LIMITS_BASE, c.change);
    expect(verdicts(report)).toEqual(c.expected);
    expect(report.bump).toBe(
      report.breaking > 0 ? 'major' : c.expected.length > 0 ? 'minor' : 'none',
    );
  });

  it('has a row for every constraint and media-type rule', () => {
    const covered = new Set(CASES.flatMap((c) => c.expected.map((r) => r[1])));
    expect(LIMIT_RULES.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});
