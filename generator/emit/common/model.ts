/**
 * What emitters produce: TypeScript files as ts-morph structures (printed later in one
 * place) and other files as text. Emitters never touch the disk.
 */
import { StructureKind, type SourceFileStructure } from 'ts-morph';

export type EmittedFile =
  | {
      readonly kind: 'typescript';
      readonly path: string;
      readonly structure: SourceFileStructure;
      /**
       * Keys of the exported object constants the module declares, by name (an enum's
       * members, `CLIENT_META`'s fields): their values are written by writer functions, and
       * the release stage records the keys without reading printed text.
       */
      readonly objectKeys?: Readonly<Record<string, readonly string[]>>;
    }
  | {
      readonly kind: 'text';
      readonly path: string;
      readonly content: string;
      /**
       * Already in the house format (`.prettierrc.json`), so printing leaves it as it is. The
       * runtime templates are kept formatted in the repo, which spares most of prettier's work.
       */
      readonly formatted?: boolean;
    };

export type TypeScriptFile = Extract<EmittedFile, { kind: 'typescript' }>;

/**
 * A TypeScript module of the package made of these statements; `objectKeys` names the keys of
 * the object constants among them (see `EmittedFile`).
 */
export function typescriptFile(
  path: string,
  statements: NonNullable<SourceFileStructure['statements']>,
  objectKeys?: Readonly<Record<string, readonly string[]>>,
): TypeScriptFile {
  return {
    kind: 'typescript',
    path,
    structure: { kind: StructureKind.SourceFile, statements },
    ...(objectKeys ? { objectKeys } : {}),
  };
}

/** Where generated sources go inside the package. */
export const SOURCE_DIR = 'src';
