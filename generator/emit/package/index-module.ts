/** The package entry point: re-exports every generated module and the public runtime. */
import { StructureKind } from 'ts-morph';
import type { EmittedFile } from '../common/model.js';
import { typescriptFile } from '../common/model.js';

/**
 * A module the index re-exports: all of it, or, with `typeNames`, those names as types only
 * and the `valueNames` (if any) in a second, plain export.
 */
export interface IndexedModule {
  readonly path: string;
  readonly typeNames?: readonly string[] | undefined;
  readonly valueNames?: readonly string[] | undefined;
}

export function emitIndex(modules: readonly (IndexedModule | string)[], path: string): EmittedFile {
  return typescriptFile(
    path,
    modules.flatMap((entry) => {
      const {
        path: modulePath,
        typeNames,
        valueNames = [],
      } = typeof entry === 'string' ? { path: entry } : entry;
      const moduleSpecifier = `./${modulePath.replace(/\.ts$/, '.js')}`;
      return [
        {
          kind: StructureKind.ExportDeclaration,
          moduleSpecifier,
          ...(typeNames !== undefined ? { isTypeOnly: true, namedExports: [...typeNames] } : {}),
        },
        ...(typeNames !== undefined && valueNames.length > 0
          ? [
              {
                kind: StructureKind.ExportDeclaration as const,
                moduleSpecifier,
                namedExports: [...valueNames],
              },
            ]
          : []),
      ];
    }),
  );
}
