/**
 * Which schemas get a module-local alias: those on a cycle TypeScript resolves at once (through
 * unions, arrays, tuples, generics, refs, deeper refs), not those whose recursion passes
 * through an object's member, which TypeScript defers; and what the aliases are called.
 */
import { describe, expect, it } from 'vitest';
import { schemaCycles } from '../../generator/emit/openapi-types/cycles.js';
import type { IrMirrorSchema } from '../../generator/ir/types.js';

const ref = (key: string, ...rest: string[]): IrMirrorSchema => ({
  kind: 'ref',
  tokens: ['components', 'schemas', key, ...rest],
});
const STRING: IrMirrorSchema = { kind: 'keyword', keyword: 'string' };
const array = (items: IrMirrorSchema): IrMirrorSchema => ({ kind: 'array', items });
const union = (...members: IrMirrorSchema[]): IrMirrorSchema => ({ kind: 'union', members });
const object = (properties: Record<string, IrMirrorSchema>): IrMirrorSchema => ({
  kind: 'object',
  properties: Object.entries(properties).map(([name, type]) => ({
    name,
    type,
    required: false,
    requiredByDefault: false,
    readOnly: false,
  })),
  index: [],
  openByOption: false,
});
const schemas = (entries: Record<string, IrMirrorSchema>) =>
  Object.entries(entries).map(([key, type]) => ({ key, type }));

describe('schema cycles TypeScript resolves at once', () => {
  it('aliases a union through its own array, not an object through its member', () => {
    const { aliases, cutInGenerics } = schemaCycles(
      schemas({
        Json: union(STRING, array(ref('Json')), object({ more: ref('Json') })),
        Tree: object({ children: array(ref('Tree')) }),
        Map: { ...object({}), kind: 'object', index: [ref('Map')] } as IrMirrorSchema,
        Uses: array(ref('Json')),
      }),
      [],
    );
    expect([...aliases]).toEqual([['Json', 'Json']]);
    expect(cutInGenerics.size).toBe(0);
  });

  it('aliases every schema of a cycle through refs and tuples, named apart', () => {
    const { aliases } = schemaCycles(
      schemas({
        Expression: union(STRING, array(ref('expression'))),
        expression: ref('Expression'),
        '1st': { kind: 'tuple', items: [STRING, ref('1st')] },
        WithRequired: array(ref('WithRequired')),
        paths: array(ref('paths')),
      }),
      ['paths', 'components', 'WithRequired'],
    );
    expect([...aliases]).toEqual([
      ['Expression', 'Expression'],
      ['expression', 'Expression_2'],
      ['1st', 'Schema1st'],
      ['WithRequired', 'WithRequired_2'],
      ['paths', 'Paths'],
    ]);
  });

  it('aliases the schema whose member a deeper ref reads, when the member leads back', () => {
    const { aliases } = schemaCycles(
      schemas({
        Deep: union(STRING, array(ref('Holder', 'properties', 'deep'))),
        Holder: object({ deep: ref('Deep'), other: STRING }),
        Reader: array(ref('Holder', 'properties', 'other')),
      }),
      [],
    );
    expect([...aliases.keys()]).toEqual(['Deep', 'Holder']);
  });

  it("cuts a cycle through Omit<>'s argument, which no alias defers", () => {
    const { aliases, cutInGenerics } = schemaCycles(
      schemas({
        Pet: union(array(ref('Cat')), ref('Dog')),
        Cat: { kind: 'omit', type: ref('Pet'), keys: ['petType'] },
        Dog: object({ petType: STRING }),
      }),
      [],
    );
    expect([...aliases.keys()]).toEqual(['Pet', 'Cat']);
    expect([...(cutInGenerics.get('Cat') ?? [])].sort()).toEqual(['Cat', 'Pet']);
  });

  it('leaves out a ref the module writes as unknown', () => {
    const { aliases } = schemaCycles(
      schemas({ Loop: array(ref('Loop', 'definitions', 'x')) }),
      [],
      (tokens) => tokens.length === 3,
    );
    expect(aliases.size).toBe(0);
  });
});
