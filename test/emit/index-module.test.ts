/** The package entry point re-exports each module it is given, as `.js` specifiers, in order. */
import { describe, expect, it } from 'vitest';
import { emitIndex } from '../../generator/emit/package/index-module.js';
import { sourceOf } from '../support/emitted.js';

describe('emitIndex', () => {
  it('re-exports every module, whole, with a .js specifier', () => {
    const file = sourceOf(
      emitIndex(['types.ts', 'operations/things.ts', 'runtime/index.ts'], 'src/index.ts'),
    );
    const exports = file.getExportDeclarations();
    expect(exports.map((d) => d.getModuleSpecifierValue())).toEqual([
      './types.js',
      './operations/things.js',
      './runtime/index.js',
    ]);
    expect(exports.every((d) => d.isNamespaceExport())).toBe(true);
    expect(file.getImportDeclarations()).toEqual([]);
  });

  it('is an empty module for no modules', () => {
    expect(sourceOf(emitIndex([], 'src/index.ts')).getStatements()).toEqual([]);
  });
});
