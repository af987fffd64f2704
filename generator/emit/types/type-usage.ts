/**
 * Collects the generated types a module mentions, so each module imports exactly what it
 * uses from `types` and `enums`.
 */
import type { ImportDeclarationStructure } from 'ts-morph';
import type { IrType, View } from '../../ir/types.js';
import { moduleImport } from '../common/imports.js';
import { OPEN_ENUM, type SchemaIndex } from '../common/type-expr.js';
import { visitTypes } from './types.js';

export class TypeUsage {
  private readonly types = new Set<string>();
  private readonly enums = new Set<string>();

  constructor(private readonly index: SchemaIndex) {}

  add(type: IrType, view: View): void {
    visitTypes(type, (t) => {
      if (t.kind === 'ref')
        (this.index.isEnum(t.name) ? this.enums : this.types).add(
          this.index.typeName(t.name, view),
        );
      if (view === 'read' && (t.kind === 'enum' || (t.kind === 'ref' && this.index.isEnum(t.name))))
        this.enums.add(OPEN_ENUM);
    });
  }

  /** Type-only imports from the `types` and `enums` modules, relative to `dir` ('.' or '..'). */
  imports(dir: string): ImportDeclarationStructure[] {
    return [
      ...(this.enums.size > 0 ? [moduleImport(`${dir}/enums.js`, this.enums, true)] : []),
      ...(this.types.size > 0 ? [moduleImport(`${dir}/types.js`, this.types, true)] : []),
    ];
  }
}
