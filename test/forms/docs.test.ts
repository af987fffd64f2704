/** The forms entry point documents what an editor's hover shows, as the client's does. */
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { undocumented } from '../package/support/doc-coverage.js';

const ROOT = join(import.meta.dirname, '../..');

describe('doc comments', () => {
  it('document every export of the forms entry point', () => {
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
    };
    expect(undocumented(join(ROOT, 'generated/src/forms.ts'), options, () => true)).toEqual([]);
  }, 60_000);
});
