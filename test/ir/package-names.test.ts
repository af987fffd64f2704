/**
 * Schema names may not take a name the package already exports: the list the IR builder
 * reserves must match the runtime's public surface, and a schema called like a runtime
 * export is renamed rather than clashing in the package index.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EMITTED_NAMES, guardNames } from '../../generator/ir/names.js';
import { reservedNames } from '../../generator/plan/reserved.js';
import { irFromText } from '../support/documents.js';

/** The index's exports as the compiler sees them, whole modules (`export *`) included. */
async function compiledExports(path: string): Promise<string[]> {
  const program = ts.createProgram([path], { strict: true, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(path)!)!;
  return checker.getExportsOfModule(module).map((symbol) => symbol.name);
}

describe('names the package reserves', () => {
  it('are the runtime index’s exports, the layer’s when the document has one, and the emitters’ own', async () => {
    const runtime = await compiledExports('templates/runtime/index.ts');
    const connect = await compiledExports('templates/connect/index.ts');
    expect([...reservedNames(undefined)].sort()).toEqual(
      [...new Set([...runtime, ...EMITTED_NAMES])].sort(),
    );
    expect([...reservedNames('connect')].sort()).toEqual(
      [...new Set([...runtime, ...connect, ...EMITTED_NAMES])].sort(),
    );
    expect(EMITTED_NAMES).toEqual(
      expect.arrayContaining(['OpenEnum', 'CLIENT_META', 'TOKEN_ENV_VAR', 'PaymentRequiredError']),
    );
  });

  it('leave the layer’s names to a document without the layer', () => {
    const schemas = { TileView: { type: 'object' }, Page: { type: 'string' } };
    const doc = (info: object) =>
      JSON.stringify({ openapi: '3.1.0', info, paths: {}, components: { schemas } });
    const names = (text: string) => {
      const built = irFromText('doc.json', text);
      return 'ir' in built ? built.ir.schemas.map((s) => s.name) : [];
    };
    expect(names(doc({ title: 'Pets', version: '1' }))).toEqual(['TileView', 'Page2']);
    expect(names(doc({ title: 'Connect', version: '1', 'x-sdk-lib': 'connect' }))).toEqual([
      'TileView2',
      'Page2',
    ]);
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
    expect(guards.filter((guard) => reservedNames(undefined).includes(guard))).toEqual([]);
  });
});
