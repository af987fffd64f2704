/**
 * The `version` module: the package's own version and the version of the API it was
 * generated from, as constants a user can import (and the client puts in its User-Agent).
 * They differ on purpose: the package's version follows changes of its public surface,
 * the API's is whatever the provider's spec says (`info.version`).
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { Ir } from '../../ir/types.js';
import { docs } from '../common/doc-comments.js';
import type { EmittedFile } from '../common/model.js';
import { typescriptFile } from '../common/model.js';

export const VERSION_MODULE = 'version.ts';
export const PACKAGE_VERSION = 'PACKAGE_VERSION';
export const API_VERSION = 'API_VERSION';

/** The package version every emitter uses until `generate` decides the real one, so that a digest of the files does not depend on it. */
export const NEUTRAL_PACKAGE_VERSION = '0.0.0';

function constant(name: string, value: string, description: string): StatementStructures {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name, initializer: JSON.stringify(value) }],
    docs: docs({ description }),
  };
}

export function emitVersionModule(
  ir: Pick<Ir, 'info'>,
  packageVersion: string,
  path: string,
): EmittedFile {
  return typescriptFile(path, [
    constant(
      PACKAGE_VERSION,
      packageVersion,
      `The version of \`${ir.info.packageName}\`: its own semantic version, a major release whenever its public surface changes incompatibly.`,
    ),
    constant(
      API_VERSION,
      ir.info.version,
      `The version of the ${ir.info.title} this package was generated from (the spec's \`info.version\`).`,
    ),
  ]);
}
