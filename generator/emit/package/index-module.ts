/** The package entry point: re-exports every generated module and the public runtime. */
import { StructureKind } from 'ts-morph';
import type { EmittedFile } from '../common/model.js';
import { typescriptFile } from '../common/model.js';

export function emitIndex(modulePaths: readonly string[], path: string): EmittedFile {
  return typescriptFile(
    path,
    modulePaths.map((modulePath) => ({
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: `./${modulePath.replace(/\.ts$/, '.js')}`,
    })),
  );
}
