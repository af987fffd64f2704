/**
 * A package generated from a document without a layer carries nothing a layer contributes:
 * not the Connect layer's names or error field, not its prose or the fake's, not its npm
 * keywords. What is looked for is read from the layer itself (its index's exports, its
 * `layer.json`, its markdown), so a name or paragraph added to the layer is checked too.
 */
import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadLayer } from '../../generator/emit/templates/layers.js';
import { generate } from '../../generator/pipeline.js';
import type { OutputFile } from '../../generator/print/print.js';
import { templateExports } from '../../generator/shared/templates/names.js';

const scratch = await mkdtemp(join(tmpdir(), 'no-layer-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const { layer } = await loadLayer('connect');

/** The layer's paragraphs that hold no placeholder: none may appear, word for word, in another package. */
const prose = [layer!.readme!, layer!.api!, layer!.fake!.readme]
  .flatMap((doc) => doc.split('\n\n'))
  .filter((paragraph) => !paragraph.includes('{{'));

/** Everything of the Connect layer that `files` carries, one finding per file and thing. */
function layerFindings(files: readonly OutputFile[]): string[] {
  const names = [...templateExports('connect'), 'paymentIntentClientSecret', 'startFakeConnectApi'];
  const findings: string[] = [];
  for (const { path, content } of files) {
    for (const name of names)
      if (new RegExp(`\\b${name}\\b`).test(content)) findings.push(`${path}: ${name}`);
    if (content.includes('payment_intent_client_secret'))
      findings.push(`${path}: payment_intent_client_secret`);
    for (const paragraph of prose)
      if (content.includes(paragraph)) findings.push(`${path}: ${paragraph.slice(0, 40)}…`);
  }
  const manifest = JSON.parse(files.find((f) => f.path === 'package.json')!.content);
  for (const keyword of layer!.keywords)
    if (manifest.keywords.includes(keyword)) findings.push(`package.json: keyword ${keyword}`);
  return findings;
}

async function generated(specPath: string): Promise<readonly OutputFile[]> {
  const result = await generate({ specPath, command: 'test' });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.files!;
}

describe('a package without a layer', () => {
  it('the layer has what is looked for', () => {
    expect(templateExports('connect')).toContain('paymentIntentClientSecretOf');
    expect(prose.length).toBeGreaterThan(10);
  });

  it.each([
    'test/fixtures/other/petstore.yaml',
    'node_modules/@readme/oas-examples/3.0/json/petstore.json',
  ])(
    '%s carries none of the Connect layer',
    async (spec) => {
      expect(layerFindings(await generated(spec))).toEqual([]);
    },
    60_000,
  );

  it('a pet store whose operations declare 402 and 409 carries none either, in its error example too', async () => {
    const spec = parse(await readFile('test/fixtures/other/petstore.yaml', 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const responses = spec.paths['/pets/{petId}']!['get']!.responses;
    responses['402'] = { description: 'Adoption fee unpaid.' };
    responses['409'] = { description: 'Already adopted.' };
    const specPath = join(scratch, 'petstore-402.yaml');
    await writeFile(specPath, stringify(spec));
    const files = await generated(specPath);
    expect(layerFindings(files)).toEqual([]);
    const readme = files.find((f) => f.path === 'README.md')!.content;
    expect(readme).toContain('error instanceof ConflictError');
    expect(readme).not.toContain('PaymentRequiredError &&');
  }, 60_000);
});
