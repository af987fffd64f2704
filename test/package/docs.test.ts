/**
 * The documentation that ships with the code: doc comments on the public surface (what an
 * editor's hover shows), tags on every operation, and the README's sections.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSource } from '../../generator/load/load.js';
import { buildIr } from '../../generator/ir/build.js';
import { planIr } from '../../generator/plan/index.js';
import type { Ir } from '../../generator/ir/types.js';
import { errorClassesFor } from '../../generator/emit/operations/errors.js';
import { GENERATED_DIR, REPO_ROOT } from './support/built-package.js';
import { undocumented } from './support/doc-coverage.js';

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
};

let ir: Ir;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

beforeAll(async () => {
  const loaded = await loadSource(join(REPO_ROOT, 'spec/connect-api.yaml'));
  const built = buildIr(loaded.document!);
  ir = planIr(built.ir!).ir;
});

describe('doc comments', () => {
  it('document every export of the client and every public member, runtime and errors included', () => {
    expect(undocumented(join(GENERATED_DIR, 'src/index.ts'), COMPILER_OPTIONS, () => true)).toEqual(
      [],
    );
  }, 60_000);

  it('document every export of the testing entry point (the fake server) and its members', () => {
    expect(
      undocumented(join(GENERATED_DIR, 'src/connect/fake/index.ts'), COMPILER_OPTIONS, () => true),
    ).toEqual([]);
  }, 60_000);

  it('give every operation its parameters, what it returns, what it throws and an example', async () => {
    const functions = new Map<string, ts.FunctionDeclaration>();
    const dir = join(GENERATED_DIR, 'src/operations');
    for (const name of await readdir(dir)) {
      const file = ts.createSourceFile(
        name,
        await readFile(join(dir, name), 'utf8'),
        ts.ScriptTarget.ES2022,
        true,
      );
      file.forEachChild((node) => {
        if (ts.isFunctionDeclaration(node) && node.name) functions.set(node.name.text, node);
      });
    }
    expect(functions.size).toBe(ir.operations.length);
    for (const op of ir.operations) {
      const fn = functions.get(op.functionName)!;
      const tags = ts.getJSDocTags(fn);
      const named = (name: string) => tags.filter((t) => t.tagName.text === name);
      const params = named('param').map(
        (t) => ((t as ts.JSDocParameterTag).name as ts.Identifier).text,
      );
      expect(params, op.functionName).toEqual(
        fn.parameters.map((p) => (p.name as ts.Identifier).text),
      );
      expect(named('returns'), op.functionName).toHaveLength(1);
      expect(named('throws'), op.functionName).toHaveLength(errorClassesFor(op).length);
      const example = ts.getTextOfJSDocComment(named('example')[0]?.comment) ?? '';
      expect(example, op.functionName).toContain(`${op.functionName}(client`);
    }
  }, 60_000);
});

describe('the generated README', () => {
  it('covers installing, configuring, the first call, and each behaviour a user meets', async () => {
    const readme = await readFile(join(GENERATED_DIR, 'README.md'), 'utf8');
    const headings = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(
      expect.arrayContaining([
        'Install',
        'Configure',
        'First call',
        'Pagination',
        'Errors',
        'Retries and timeouts',
        'Cancellation',
        'Map tiles',
        'Testing against the fake server',
      ]),
    );
    expect(readme).toContain(`npm install ${ir.info.packageName}`);
    for (const server of ir.servers) expect(readme).toContain(`'${server.name}'`);
  });

  it('lists every operation, and api.md has a section and a sample for each', async () => {
    const [readme, api] = await Promise.all(
      ['README.md', 'api.md'].map((f) => readFile(join(GENERATED_DIR, f), 'utf8')),
    );
    for (const op of ir.operations) {
      const method = ['client', ...op.resourcePath, op.methodName].join('.');
      // Prettier pads the table's cells, so the row is matched with any spacing.
      const row = new RegExp(
        `^\\| \`${escape(method)}\\(\\)\`\\s+\\| \`${op.method} ${escape(op.path)}\`\\s+\\|`,
        'm',
      );
      expect(readme, op.operationId).toMatch(row);
      expect(api, op.operationId).toContain(`### \`${method}()\`\n\n\`${op.method} ${op.path}\``);
      expect(api, op.operationId).toContain(`${op.functionName}(client`);
    }
    for (const schema of ir.schemas) expect(api, schema.name).toContain(`### \`${schema.name}\``);
  });
});
