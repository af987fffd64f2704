/** The version module: two exported string constants, the package's version and the API's. */
import { describe, expect, it } from 'vitest';
import {
  API_VERSION,
  emitVersionModule,
  PACKAGE_VERSION,
} from '../../generator/emit/package/version-module.js';
import { irOf } from '../support/ir-values.js';
import { exportedNames, sourceOf } from '../support/emitted.js';

describe('emitVersionModule', () => {
  it('exports the package version given and the spec version, as string constants', () => {
    const file = sourceOf(emitVersionModule(irOf([]), '3.1.4', 'src/version.ts'));
    expect(exportedNames(file)).toEqual([PACKAGE_VERSION, API_VERSION]);
    const value = (name: string) =>
      JSON.parse(
        file.getVariableDeclarationOrThrow(name).getInitializerOrThrow().getText(),
      ) as unknown;
    expect(value(PACKAGE_VERSION)).toBe('3.1.4');
    expect(value(API_VERSION)).toBe(irOf([]).info.version);
    expect(file.getVariableStatementOrThrow(PACKAGE_VERSION).getDeclarationKind()).toBe('const');
  });

  it('keeps a version with quotes or backslashes a plain string', () => {
    const ir = { info: { title: 'T', version: `1.0 "beta" \\ 'x'`, packageName: 't' } };
    const file = sourceOf(emitVersionModule(ir, '0.0.0', 'src/version.ts'));
    expect(
      JSON.parse(file.getVariableDeclarationOrThrow(API_VERSION).getInitializerOrThrow().getText()),
    ).toBe(ir.info.version);
  });
});
