/**
 * What emitters produce: TypeScript files as ts-morph structures (printed later in one
 * place) and other files as text. Emitters never touch the disk.
 */
import type { SourceFileStructure } from 'ts-morph';

export type EmittedFile =
  | { readonly kind: 'typescript'; readonly path: string; readonly structure: SourceFileStructure }
  | { readonly kind: 'text'; readonly path: string; readonly content: string };

/** Where generated sources go inside the package. */
export const SOURCE_DIR = 'src';
