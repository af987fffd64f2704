/** The fake's response shapes: what a success body's contract leaves open, in the read view. */
import { describe, expect, it } from 'vitest';
import { ShapeBuilder } from '../../generator/emit/fake/testing-shapes.js';
import { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import { irOf, nullable, object, prop, ref, schema, str } from '../support/ir-values.js';

const speed = schema('Speed', { kind: 'enum', values: ['slow', 'fast'] });
const node = schema(
  'Node',
  object(
    [
      prop('id', str, { readOnly: true }),
      prop('speed', ref('Speed')),
      prop('next', nullable(ref('Node')), { required: false }),
    ],
    false,
  ),
);

describe('ShapeBuilder', () => {
  it('shapes named schemas once (a self-reference included), keeping read-only members and opening enums', () => {
    const builder = new ShapeBuilder(new SchemaIndex(irOf([speed, node])));
    expect(builder.shape({ kind: 'array', items: ref('Node') })).toEqual({
      kind: 'array',
      items: { kind: 'ref', name: 'Node' },
    });
    expect([...builder.named.keys()]).toEqual(['Node']);
    expect(builder.named.get('Node')).toEqual({
      kind: 'object',
      closed: true,
      properties: [
        { name: 'id', required: true, shape: { kind: 'string', plain: true } },
        { name: 'speed', required: true, shape: { kind: 'enum' } },
        {
          name: 'next',
          required: false,
          shape: { kind: 'nullable', inner: { kind: 'ref', name: 'Node' } },
        },
      ],
    });
  });

  it('promises only a string where no pattern says more, and shapes maps by their values', () => {
    const builder = new ShapeBuilder(new SchemaIndex(irOf([])));
    expect(builder.shape({ kind: 'string', pattern: '^a+$' })).toEqual({
      kind: 'string',
      plain: false,
    });
    expect(builder.shape(object([], str))).toEqual({
      kind: 'object',
      properties: [],
      values: { kind: 'string', plain: true },
      closed: false,
    });
    expect(builder.shape(ref('Missing'))).toEqual({ kind: 'other' });
  });
});
