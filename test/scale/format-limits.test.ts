/**
 * Prettier is skipped for texts too large to format in reasonable time and memory (a file
 * past `file` characters, or every file of a package past `package`): those are written as
 * printed, still deterministic and in two-space indentation with single quotes.
 */
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import type { EmittedFile } from '../../generator/emit/common/model.js';
import { FORMAT_LIMITS, limitsWithin, printFiles } from '../../generator/print/print.js';

function module(path: string): EmittedFile {
  return {
    kind: 'typescript',
    path,
    structure: {
      kind: StructureKind.SourceFile,
      statements: [
        {
          kind: StructureKind.Function,
          name: 'check',
          isExported: true,
          parameters: [{ name: 'value', type: 'unknown' }],
          statements: (writer) => {
            writer.write('if (typeof value !== ').quote('string').write(') ');
            writer.block(() => writer.write('return ').quote('not a string').write(';'));
            writer.newLine().write('return undefined;');
          },
        },
        {
          kind: StructureKind.VariableStatement,
          declarationKind: VariableDeclarationKind.Const,
          declarations: [{ name: 'list', initializer: '[1,2,3]' }],
        },
      ],
    },
  };
}

const UNFORMATTED = [
  '// HEADER',
  '',
  'export function check(value: unknown) {',
  "  if (typeof value !== 'string') {",
  "    return 'not a string';",
  '  }',
  '  return undefined;',
  '}',
  '',
  'const list = [1,2,3];',
  '',
].join('\n');

describe('format limits', () => {
  it('formats files of ordinary size', async () => {
    const [file] = await printFiles([module('a.ts')], 'HEADER', undefined);
    expect(file!.content).toContain('const list = [1, 2, 3];');
    expect(FORMAT_LIMITS.file).toBeLessThan(FORMAT_LIMITS.package);
  });

  it('writes a file over the file limit as printed, in two spaces and single quotes', async () => {
    const limits = { file: 100, package: 1_000_000 };
    const [file] = await printFiles([module('a.ts')], 'HEADER', undefined, limits);
    expect(file!.content).toBe(UNFORMATTED);
  });

  it('writes every file as printed when the package is over its limit', async () => {
    const limits = { file: 1_000_000, package: 300 };
    const files = await printFiles([module('a.ts'), module('b.ts')], 'HEADER', undefined, limits);
    expect(files.map((f) => f.content)).toEqual([UNFORMATTED, UNFORMATTED]);
  });

  it('leaves files printed after a too-large package (the release stage) as printed too', async () => {
    const large = [{ path: 'src/guards.ts', content: 'x'.repeat(FORMAT_LIMITS.package + 1) }];
    const [file] = await printFiles([module('a.ts')], 'HEADER', undefined, limitsWithin(large));
    expect(file!.content).toBe(UNFORMATTED);
    expect(limitsWithin([{ path: 'src/guards.ts', content: 'x' }])).toEqual(FORMAT_LIMITS);
  });
});
