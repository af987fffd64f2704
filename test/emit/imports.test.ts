/** Import declarations: names deduplicated and sorted, so output never depends on visit order. */
import { StructureKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { mixedImport, moduleImport } from '../../generator/emit/common/imports.js';
import { importsOf, sourceOf } from '../support/emitted.js';

function fileWith(...imports: ReturnType<typeof moduleImport>[]) {
  return sourceOf({
    kind: 'typescript',
    path: 'x.ts',
    structure: { kind: StructureKind.SourceFile, statements: imports },
  });
}

describe('moduleImport', () => {
  it('sorts and deduplicates names, whatever order they came in', () => {
    expect(importsOf(fileWith(moduleImport('./types.js', ['b', 'a', 'b', 'c'])))).toEqual({
      './types.js': ['a', 'b', 'c'],
    });
  });

  it('makes the whole declaration type-only when asked', () => {
    const file = fileWith(moduleImport('./enums.js', new Set(['Speed']), true));
    expect(file.getImportDeclarations()[0]!.isTypeOnly()).toBe(true);
    expect(importsOf(file)).toEqual({ './enums.js': ['type Speed'] });
  });
});

describe('mixedImport', () => {
  it('marks only the names that are not values as type-only, in one sorted list', () => {
    const file = fileWith(
      mixedImport(
        './runtime/index.js',
        ['ClientCore', 'ApiPromise'],
        ['RequestOptions', 'ClientCore'],
      ),
    );
    expect(file.getImportDeclarations()[0]!.isTypeOnly()).toBe(false);
    expect(importsOf(file)).toEqual({
      './runtime/index.js': ['ApiPromise', 'ClientCore', 'type RequestOptions'],
    });
  });
});
