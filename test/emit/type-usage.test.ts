/** A module imports exactly the generated types it mentions: enums from `enums`, the rest from `types`, per view. */
import { StructureKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import { TypeUsage } from '../../generator/emit/types/type-usage.js';
import { importsOf, sourceOf } from '../support/emitted.js';
import { irOf, object, prop, ref, schema, str } from '../support/ir-values.js';

const speed = schema('Speed', { kind: 'enum', values: ['slow', 'fast'] });
const thing = schema(
  'Thing',
  object([prop('speed', ref('Speed')), prop('id', str, { readOnly: true })]),
  { views: 'split', requestName: 'ThingRequest' },
);
const index = new SchemaIndex(irOf([speed, thing]));

function importsFor(view: 'read' | 'write', dir = '.') {
  const usage = new TypeUsage(index);
  usage.add({ kind: 'array', items: ref('Thing') }, view);
  usage.add(ref('Speed'), view);
  return importsOf(
    sourceOf({
      kind: 'typescript',
      path: 'x.ts',
      structure: { kind: StructureKind.SourceFile, statements: usage.imports(dir) },
    }),
  );
}

describe('TypeUsage', () => {
  it('imports the response view of a type, and OpenEnum for the open enums of responses', () => {
    expect(importsFor('read')).toEqual({
      './enums.js': ['type OpenEnum', 'type Speed'],
      './types.js': ['type Thing'],
    });
  });

  it('imports the request view, with closed enums, relative to the given directory', () => {
    expect(importsFor('write', '..')).toEqual({
      '../enums.js': ['type Speed'],
      '../types.js': ['type ThingRequest'],
    });
  });

  it('imports nothing for a module that mentions no generated type', () => {
    const usage = new TypeUsage(index);
    usage.add(str, 'read');
    expect(usage.imports('.')).toEqual([]);
  });
});
