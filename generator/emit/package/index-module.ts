/** The package entry point: re-exports every generated module and the public runtime. */
import { StructureKind } from 'ts-morph';
import type { EmittedFile } from '../common/model.js';
import { typescriptFile } from '../common/model.js';

/** A module the index re-exports: all of it, or, with `typeNames`, those names as types only. */
export interface IndexedModule {
  readonly path: string;
  readonly typeNames?: readonly string[] | undefined;
}

export function emitIndex(modules: readonly (IndexedModule | string)[], path: string): EmittedFile {
  return typescriptFile(
    path,
    modules.map((entry) => {
      const { path: modulePath, typeNames } = typeof entry === 'string' ? { path: entry } : entry;
      return {
        kind: StructureKind.ExportDeclaration,
        moduleSpecifier: `./${modulePath.replace(/\.ts$/, '.js')}`,
        ...(typeNames !== undefined ? { isTypeOnly: true, namedExports: [...typeNames] } : {}),
      };
    }),
  );
}
