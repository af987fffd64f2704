/**
 * Slight invalidities other generators accept are warnings naming their place, and the
 * document still generates: an unknown top-level key, an optional path parameter.
 */
import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hasErrors } from '../../generator/shared/diagnostics.js';
import { validateDocument } from '../../generator/validate/index.js';
import { TOLERANCES, tolerancesMarkdown } from '../../generator/validate/tolerances.js';
import { readDocsPage } from '../support/docs.js';
import { irFromText, parsed } from '../support/documents.js';

const FILE = 'test/fixtures/constructs/tolerated.yaml';

describe('tolerated invalidities', () => {
  it('are the section of docs/teams-and-ci.md, entry for entry', async () => {
    const page = await readDocsPage('teams-and-ci');
    const section = /<!-- tolerances:start -->\n([\s\S]*?)\n<!-- tolerances:end -->/.exec(page);
    expect(section?.[1]).toBe(tolerancesMarkdown());
  });

  it('name every warning code the validator reports for a tolerated construct', async () => {
    const codes = new Set<string>();
    for (const name of await readdir('generator/validate')) {
      const text = await readFile(`generator/validate/${name}`, 'utf8');
      for (const m of text.matchAll(/warningAt\(\s*doc,\s*'([a-z-]+)'/g)) codes.add(m[1]!);
    }
    // `tolerable` in openapi-schema.ts turns these schema errors into warnings.
    const schema = await readFile('generator/validate/openapi-schema.ts', 'utf8');
    const tolerable = schema.slice(schema.indexOf('function tolerable'));
    for (const m of tolerable.matchAll(/return '([a-z-]+)';/g)) codes.add(m[1]!);
    codes.add('path-parameter-optional');
    expect(TOLERANCES.map((t) => t.code).sort()).toEqual([...codes].sort());
  });

  it('are warnings with their own code, pointer, line and column, and no errors', async () => {
    const text = await readFile(FILE, 'utf8');
    const diagnostics = validateDocument(parsed(FILE, text));
    expect(hasErrors(diagnostics)).toBe(false);
    const brief = diagnostics.map((d) => [d.severity, d.code, d.pointer, d.line, d.column]);
    expect(brief).toEqual(
      expect.arrayContaining([
        ['warning', 'unknown-key', '/x', 3, 1],
        ['warning', 'unknown-key', '/sevrers', 4, 1],
      ]),
    );
    expect(diagnostics.find((d) => d.pointer === '/sevrers')?.hint).toContain(
      "did you mean 'servers'?",
    );
    expect('ir' in irFromText(FILE, text)).toBe(true);
  });

  it('take an optional path parameter as required, with a warning', () => {
    const text = [
      'openapi: 3.0.3',
      "info: {title: P, version: '1'}",
      'paths:',
      '  /b/{id}:',
      '    get:',
      '      parameters: [{name: id, in: path, required: false, schema: {type: string}}]',
      "      responses: {'200': {description: ok}}",
    ].join('\n');
    const diagnostics = validateDocument(parsed('p.yaml', text));
    expect(diagnostics.map((d) => [d.severity, d.code])).toEqual([
      ['warning', 'path-parameter-optional'],
    ]);
    const built = irFromText('p.yaml', text);
    expect('ir' in built && built.ir.operations[0]!.pathParameters[0]!.required).toBe(true);
  });

  it('stay errors where the document cannot be read: a missing required key', () => {
    const diagnostics = validateDocument(
      parsed('p.yaml', "openapi: 3.0.3\ninfo: {title: P, version: '1'}\nsevrers: []\n"),
    );
    expect(diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual([
      'schema',
    ]);
  });
});
