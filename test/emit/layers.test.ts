/**
 * A hand-written layer's contribution: read from its `layer.json` and markdown (each problem a
 * diagnostic naming the file), and rendered by the generic emitters, which name no layer.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emitApiMarkdown } from '../../generator/emit/docs/api-md.js';
import type { LayerContribution } from '../../generator/emit/templates/layer.js';
import type { EmittedFile } from '../../generator/emit/common/model.js';
import { emitPackageJson } from '../../generator/emit/package/package.js';
import { emitReadme } from '../../generator/emit/docs/readme.js';
import { checkManifest } from '../../generator/emit/templates/layer-manifest.js';
import { loadLayer } from '../../generator/emit/templates/layers.js';
import { DEFAULT_TOKEN } from '../../templates/connect/fake/auth.js';
import { irOf, operation } from '../support/ir-values.js';

const scratch = await mkdtemp(join(tmpdir(), 'layers-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const text = (file: EmittedFile) => (file.kind === 'text' ? file.content : '');

/** A layer folder of its own under the scratch directory, with these files. */
async function layerDir(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(scratch, 'templates', name);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

describe('loadLayer', () => {
  it("reads the Connect layer: keywords, its tile operation, the 402's helper, its docs and the fake's", async () => {
    const { layer, diagnostics } = await loadLayer('connect');
    expect(diagnostics).toEqual([]);
    expect(layer).toMatchObject({
      keywords: ['ev-charging'],
      operation: 'stationsTile',
      errorFields: [{ status: 402, helper: 'paymentIntentClientSecretOf' }],
      fake: { token: DEFAULT_TOKEN },
    });
    expect(layer!.readme).toMatch(/^## Map tiles\n/);
    expect(layer!.api).toMatch(/^# Map tile loader\n/);
    expect(layer!.fake!.readme).toMatch(/^## Testing against the fake server\n/);
    // The emitters join sections with blank lines, so no section ends with one.
    for (const doc of [layer!.readme, layer!.api, layer!.fake!.readme])
      expect(doc).not.toMatch(/\s$/);
  });

  it('gives a layer without layer.json nothing but its modules', async () => {
    const dir = await layerDir('bare', { 'index.ts': 'export const x = 1;\n' });
    expect(await loadLayer('bare', dir)).toEqual({
      layer: { keywords: [], errorFields: [] },
      diagnostics: [],
    });
  });

  it('reports a manifest that is not JSON, naming the file', async () => {
    const dir = await layerDir('broken', { 'layer.json': '{ "keywords": [' });
    const { layer, diagnostics } = await loadLayer('broken', dir);
    expect(layer).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'layer',
        file: 'templates/broken/layer.json',
        severity: 'error',
      }),
    ]);
    expect(diagnostics[0]!.message).toMatch(/^not JSON: /);
  });

  it('reports every problem with the docs at once: a missing file, an unknown placeholder, one this file cannot fill', async () => {
    const dir = await layerDir('docs', {
      'index.ts': 'export function helper() {}\n',
      'layer.json': JSON.stringify({ docs: { readme: 'docs/readme.md', api: 'docs/api.md' } }),
      'docs/readme.md': '## Ours\n\n`{{client}}` and {{colour}}\n',
    });
    const { layer, diagnostics } = await loadLayer('docs', dir);
    expect(layer).toBeUndefined();
    expect(diagnostics.map((d) => [d.file, d.pointer, d.message])).toEqual([
      [
        'templates/docs/docs/readme.md',
        '',
        'unknown placeholder {{colour}}; this file may use package, client',
      ],
      ['templates/docs/layer.json', '/docs/api', 'templates/docs/docs/api.md does not exist'],
    ]);
  });

  it("reads the fake's default token from its auth module as data, and reports one it cannot read", async () => {
    const dir = await layerDir('faked', { 'layer.json': '{ "fake": true }' });
    const fakeDir = await layerDir('fake', {
      'docs/readme.md': '## Fake\n\n`{{fakeToken}}` via `npx {{fakeCommand}}`\n',
      'auth.ts': "export const DEFAULT_TOKEN = 'dev';\n",
    });
    expect((await loadLayer('faked', dir, fakeDir)).layer?.fake).toEqual({
      readme: '## Fake\n\n`{{fakeToken}}` via `npx {{fakeCommand}}`',
      token: 'dev',
    });
    await writeFile(join(fakeDir, 'auth.ts'), 'export const DEFAULT_TOKEN = token();\n');
    const { diagnostics } = await loadLayer('faked', dir, fakeDir);
    expect(diagnostics.map((d) => [d.file, d.message])).toEqual([
      [
        'templates/fake/auth.ts',
        'auth.ts: DEFAULT_TOKEN must be a string or an array of strings written out; the generator reads it as data',
      ],
    ]);
  });
});

describe('checkManifest', () => {
  const check = (value: unknown) => checkManifest(value, ['helper'], 'templates/x/index.ts');

  it('reports each wrong member at its pointer', () => {
    const { manifest, problems } = check({
      keywords: ['ok', ''],
      operation: 3,
      errorFields: [
        { status: 200, helper: 'missing', comment: 'two\nlines' },
        'x',
        { status: 402, helper: 'helper', comment: 'fine', colour: 'red' },
      ],
      docs: { readme: '../elsewhere.md', api: 'docs/api.txt' },
      fake: 'yes',
      extra: 1,
    });
    expect(manifest).toBeUndefined();
    expect(problems.map((p) => p.pointer)).toEqual([
      '/extra',
      '/keywords',
      '/operation',
      '/errorFields/0/status',
      '/errorFields/0/helper',
      '/errorFields/0/comment',
      '/errorFields/1',
      '/errorFields/2/colour',
      '/docs/readme',
      '/docs/api',
      '/fake',
    ]);
    expect(problems.find((p) => p.pointer === '/errorFields/0/helper')!.message).toBe(
      "'missing' is not exported by templates/x/index.ts",
    );
  });

  it('takes an empty manifest as a layer that adds nothing', () => {
    expect(check({})).toEqual({
      manifest: { keywords: [], errorFields: [], docs: {}, fake: false },
      problems: [],
    });
  });
});

describe('the emitters with a layer', () => {
  const layer: LayerContribution = {
    keywords: ['maps'],
    operation: 'thingsTile',
    errorFields: [{ status: 402, helper: 'secretOf', comment: 'ask the provider' }],
    readme: '## Our layer\n\n`{{operationMethod}}` of `{{package}}`, with `new {{client}}()`',
    api: '# Our layer\n\nHand-written for `{{client}}`.',
  };
  const tile = operation({
    functionName: 'thingsTile',
    methodName: 'tile',
    responses: [{ status: 402 }, { status: 404 }],
  });
  const list = operation({ functionName: 'thingsList' });
  const sections = (markdown: string) => markdown.split('\n').filter((l) => l.startsWith('#'));
  /** api.md without its per-operation sections, whose names come from the plan: the layer's section is what is tested. */
  const apiMarkdown = (ir: ReturnType<typeof irOf>, given: LayerContribution | undefined) =>
    text(
      emitApiMarkdown(
        { ...ir, resources: { ...ir.resources, children: [] } },
        new Map(),
        'HEADER',
        [],
        given,
      ),
    );

  it("puts the layer's README section after cancellation, its placeholders filled, and its error field in the example", () => {
    const readme = text(emitReadme(irOf([], [list, tile]), 'HEADER', [], layer));
    const headings = sections(readme);
    expect(
      headings.slice(headings.indexOf('## Cancellation'), headings.indexOf('## Cancellation') + 3),
    ).toEqual(['## Cancellation', '## Our layer', '## Response validation']);
    expect(readme).toContain('`client.things.tile` of `test-api-client`, with `new TestClient()`');
    expect(readme).toContain(
      "import { PaymentRequiredError, secretOf, NotFoundError } from 'test-api-client';",
    );
    expect(readme).toContain('error instanceof PaymentRequiredError && secretOf(error)');
    expect(readme).toContain('// ask the provider');
  });

  it("puts the layer's api.md section after the operations", () => {
    const api = apiMarkdown(irOf([], [list, tile]), layer);
    const headings = sections(api).filter((h) => /^# /.test(h));
    expect(headings).toEqual([
      '# test-api-client API',
      '# Operations',
      '# Our layer',
      '# Types',
      '# Enums',
    ]);
    expect(api).toContain('Hand-written for `TestClient`.');
  });

  it("adds the layer's keywords to package.json", () => {
    const manifest = JSON.parse(
      text(emitPackageJson(irOf([], [list]), 'HEADER', [], '1.0.0', layer)),
    );
    expect(manifest.keywords).toEqual(['api-client', 'openapi', 'typescript', 'maps']);
  });

  it("leaves the layer's sections out of a spec without its operation, and everything out without a layer", () => {
    const ir = irOf([], [operation({ functionName: 'thingsList', responses: [{ status: 402 }] })]);
    for (const given of [layer, undefined]) {
      const readme = text(emitReadme(ir, 'HEADER', [], given));
      expect(readme).not.toContain('Our layer');
      const api = apiMarkdown(ir, given);
      expect(api).not.toContain('Our layer');
    }
    // Without the layer, a 402 has no field to read: the example shows no branch for it.
    expect(text(emitReadme(ir, 'HEADER'))).not.toContain('PaymentRequiredError &&');
  });
});
