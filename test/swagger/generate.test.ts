/**
 * Swagger 2.0 documents generate clients that type-check: the seven 2.0 documents of
 * @readme/oas-examples (the corpus's, run here on their own so a change to the conversion
 * is checked without the three-minute corpus) and our fixture of bodies, forms and files.
 * Each JSON document's YAML twin must give the same operations.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadUpgrader } from '../../generator/load/swagger/load.js';
import { irFromText } from '../support/documents.js';
import { generateText, scratchDir, typeCheck, writeOutput } from '../robustness/harness.js';

const EXAMPLES = 'node_modules/@readme/oas-examples/2.0';
const NAMES = [
  'api-with-examples',
  'petstore',
  'petstore-expanded',
  'petstore-minimal',
  'petstore-simple',
  'petstore-with-external-docs',
  'schema-circular',
];
const DOCUMENTS = [
  ...NAMES.map((n) => `${EXAMPLES}/json/${n}.json`),
  'test/fixtures/swagger/bodies.yaml',
];

let scratch: string | undefined;
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('Swagger 2.0 documents', () => {
  it('generate clients that type-check', async () => {
    scratch = await scratchDir('swagger');
    const written: string[] = [];
    for (const [index, file] of DOCUMENTS.entries()) {
      const outcome = await generateText(file, await readFile(file, 'utf8'));
      const problems = outcome.kind === 'refused' ? outcome.diagnostics : [];
      expect(
        problems.map((d) => `${d.line}:${d.column} [${d.code}] ${d.pointer}`),
        file,
      ).toEqual([]);
      if (outcome.kind === 'generated')
        written.push(...(await writeOutput(join(scratch, String(index)), outcome.files)));
    }
    expect(typeCheck(written).map((e) => `${e.file}:${e.line} TS${e.code} ${e.message}`)).toEqual(
      [],
    );
  }, 300_000);

  it.each(NAMES)('%s: the YAML twin gives the same operations as the JSON', async (name) => {
    const upgrade = await loadUpgrader();
    const operations = async (file: string) => {
      const built = irFromText(file, await readFile(file, 'utf8'), upgrade);
      if (!('ir' in built)) throw new Error(`${file} did not build`);
      return built.ir.operations.map((o) => `${o.method} ${o.path}`).sort();
    };
    const json = await operations(`${EXAMPLES}/json/${name}.json`);
    expect(json.length).toBeGreaterThan(0);
    expect(await operations(`${EXAMPLES}/yaml/${name}.yaml`)).toEqual(json);
  });
});
