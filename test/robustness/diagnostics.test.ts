/**
 * Diagnostics, YAML and JSON alike: every problem at once, each with file, line, column
 * (pointing at the key the JSON pointer names), pointer, message and hint; exit code 1 for
 * invalid or unsupported input, 2 for a usage error; never a stack trace.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import type { Diagnostic } from '../../generator/shared/diagnostics.js';
import { splitPointer } from '../../generator/shared/document/pointer.js';
import { capture } from '../support/cli-io.js';
import { irFromText } from '../support/documents.js';
import { scratchDir } from './harness.js';

async function diagnosticsOf(file: string): Promise<readonly Diagnostic[]> {
  const built = irFromText(file, await readFile(file, 'utf8'));
  return 'diagnostics' in built ? built.diagnostics : [];
}

/** The text at a diagnostic's line and column must be the key its pointer ends with. */
async function expectAtKey(d: Diagnostic): Promise<void> {
  const lines = (await readFile(d.file, 'utf8')).split('\n');
  const at = (lines[d.line - 1] ?? '').slice(d.column - 1).replace(/^"/, '');
  const last = splitPointer(d.pointer)?.at(-1) ?? '';
  expect(
    at.startsWith(last),
    `${d.file}:${d.line}:${d.column} should be at '${last}', found '${at}'`,
  ).toBe(true);
}

const BROKEN = [
  ['schema', '/info'],
  ['path-parameter-undeclared', '/paths/~1things~1{id}/get'],
  [
    'unresolved-ref',
    '/paths/~1things~1{id}/get/responses/200/content/application~1json/schema/$ref',
  ],
  ['duplicate-operation-id', '/paths/~1others/get/operationId'],
];

describe('diagnostics', () => {
  it.each(['test/fixtures/robustness/broken.yaml', 'test/fixtures/robustness/broken.json'])(
    '%s: every problem at once, each at its key',
    async (file) => {
      const diagnostics = await diagnosticsOf(file);
      expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual(BROKEN);
      for (const d of diagnostics) {
        expect(d.file).toBe(file);
        await expectAtKey(d);
      }
      const ref = diagnostics.find((d) => d.code === 'unresolved-ref')!;
      expect(ref.message).toBe(
        "$ref '#/components/schemas/Thingy' does not resolve: #/components/schemas has no 'Thingy'",
      );
      expect(ref.hint).toBe("did you mean '#/components/schemas/Thing'?");
    },
  );

  it('refuses what valid OpenAPI asks for but the generator cannot do yet, all at once, with hints', async () => {
    const diagnostics = await diagnosticsOf('test/fixtures/robustness/unsupported.yaml');
    expect(diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['unsupported-parameter', '/paths/~1flags~1{on}/get/parameters/0/schema'],
      ['unsupported-parameter', '/paths/~1flags~1{on}/get/parameters/1/schema'],
      ['schema-cycle', '/components/schemas/Loop'],
      ['schema-cycle', '/components/schemas/Back'],
    ]);
    for (const d of diagnostics) {
      await expectAtKey(d);
      expect(d.hint).toBeTruthy();
    }
    expect(diagnostics[2]!.message).toBe(
      "schema 'Loop' is defined only in terms of itself (Loop → Back → Loop), so no value can match it",
    );
  });

  it('exits 1 on invalid and on unsupported input, writing nothing and no stack trace', async () => {
    const out = await scratchDir('diagnostics');
    for (const spec of [
      'test/fixtures/robustness/broken.json',
      'test/fixtures/robustness/unsupported.yaml',
    ]) {
      const io = capture();
      expect(await main(['generate', '--spec', spec, '--out', out], io)).toBe(1);
      const text = io.stderr.join('\n');
      expect(text).toMatch(
        new RegExp(`^${spec.replace(/\./g, '\\.')}:\\d+:\\d+ error \\[[a-z-]+\\] #/`, 'm'),
      );
      expect(text).toMatch(/^\s+hint: /m);
      expect(text).toMatch(/4 error\(s\); nothing was written\.$/);
      expect(text).not.toMatch(/\n\s+at [\w.<]+ \(|Error:/);
    }
    await rm(out, { recursive: true, force: true });
  });

  it('exits 2 on a usage error', async () => {
    const io = capture();
    expect(await main(['generate', '--no-such-option'], io)).toBe(2);
    expect(io.stderr.join('\n')).toMatch(/unknown option '--no-such-option'/);
  });

  it('leaves a TRACE operation out with a warning at its key, and generates the rest', async () => {
    const dir = await scratchDir('trace');
    const spec = `${dir}/trace.yaml`;
    const ok = {
      '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } },
    };
    const document = {
      openapi: '3.1.0',
      info: { title: 'Trace', version: '1.0.0' },
      paths: {
        '/echo': {
          get: { operationId: 'echoGet', responses: ok },
          trace: { operationId: 'echoTrace', responses: ok },
        },
      },
    };
    await writeFile(spec, JSON.stringify(document, null, 2));
    const io = capture();
    expect(await main(['generate', '--spec', spec, '--out', `${dir}/out`], io)).toBe(0);
    const warning = io.stderr.find((line) => line.includes('[unsendable-method]'));
    expect(warning).toMatch(
      /:\d+:\d+ warning \[unsendable-method\] #\/paths\/~1echo\/trace: TRACE operations are left out/,
    );
    const built = irFromText(spec, JSON.stringify(document));
    expect('ir' in built && built.ir.operations.map((o) => o.operationId)).toEqual(['echoGet']);
    await rm(dir, { recursive: true, force: true });
  });
});
