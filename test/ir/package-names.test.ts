/**
 * Schema names may not take a name the package already exports: the list the IR builder
 * reserves must match the runtime's public surface, and a schema called like a runtime
 * export is renamed rather than clashing in the package index.
 */
import { readFile } from 'node:fs/promises';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  EMITTED_NAMES,
  guardNames,
  LIB_NAMES,
  PACKAGE_NAMES,
  RUNTIME_NAMES,
} from '../../generator/ir/names.js';
import { irFromText } from '../support/documents.js';

async function runtimeExports(path = 'templates/runtime/index.ts'): Promise<string[]> {
  const source = ts.createSourceFile(
    'index.ts',
    await readFile(path, 'utf8'),
    ts.ScriptTarget.ES2022,
  );
  return source.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) &&
    statement.exportClause &&
    ts.isNamedExports(statement.exportClause)
      ? statement.exportClause.elements.map((element) => element.name.text)
      : [],
  );
}

describe('names the package reserves', () => {
  it('are exactly the runtime exports, the Connect layer’s, plus the emitters’ own', async () => {
    expect([...RUNTIME_NAMES].sort()).toEqual((await runtimeExports()).sort());
    expect([...LIB_NAMES].sort()).toEqual(
      (await runtimeExports('templates/connect/index.ts')).sort(),
    );
    expect(EMITTED_NAMES).toEqual(
      expect.arrayContaining([
        'OpenEnum',
        'CLIENT_META',
        'TOKEN_ENV_VAR',
        'PaymentRequiredError',
        'LockedError',
        'FailedDependencyError',
      ]),
    );
    expect(new Set(PACKAGE_NAMES)).toEqual(
      new Set([...RUNTIME_NAMES, ...LIB_NAMES, ...EMITTED_NAMES]),
    );
  });

  it('keep a schema called NotFoundError from clashing with the runtime error class', () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Clash', version: '1' },
      paths: {},
      components: { schemas: { NotFoundError: { type: 'object' }, Page: { type: 'string' } } },
    });
    const built = irFromText('clash.json', text);
    expect('ir' in built && built.ir.schemas.map((s) => [s.sourceName, s.name])).toEqual([
      ['NotFoundError', 'NotFoundError2'],
      ['Page', 'Page2'],
    ]);
  });

  it('keep a schema whose guards would take a runtime export from clashing (Input → checkInput)', () => {
    const text = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Clash', version: '1' },
      paths: {},
      components: { schemas: { Input: { type: 'object' }, Thing: { type: 'string' } } },
    });
    const built = irFromText('clash.json', text);
    const names = 'ir' in built ? built.ir.schemas.map((s) => s.name) : [];
    expect(names).toEqual(['Input2', 'Thing']);
    // No guard of any schema is a name the package already exports.
    const guards = names.flatMap((name) => guardNames(name));
    expect(guards.filter((guard) => PACKAGE_NAMES.includes(guard))).toEqual([]);
  });
});
