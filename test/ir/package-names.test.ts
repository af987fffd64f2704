/**
 * Schema names may not take a name the package already exports: the list the IR builder
 * reserves must match the runtime's public surface, and a schema called like a runtime
 * export is renamed rather than clashing in the package index.
 */
import { readFile } from 'node:fs/promises';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PACKAGE_NAMES } from '../../generator/ir/names.js';
import { irFromText } from '../support/documents.js';

async function runtimeExports(): Promise<string[]> {
  const source = ts.createSourceFile('index.ts', await readFile('templates/runtime/index.ts', 'utf8'), ts.ScriptTarget.ES2022);
  return source.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)
      ? statement.exportClause.elements.map((element) => element.name.text)
      : [],
  );
}

describe('names the package reserves', () => {
  it('are exactly the runtime exports plus the emitters’ own', async () => {
    expect([...PACKAGE_NAMES].sort()).toEqual([...(await runtimeExports()), 'OpenEnum', 'CLIENT_META'].sort());
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
});
