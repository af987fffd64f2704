/**
 * The precompiled generator (`generator/build.js`): `npm run generate` and `npx
 * connect-codegen` run a bundle built from the sources, rebuilt whenever a source it was made
 * from changed. These tests keep the bundle in step with the sources: a stale record is
 * noticed, and a build records every module the command line reaches.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILD_DIR, build, freshBundle } from '../../generator/build.js';
import { SUMMARY_SHAPE } from '../../generator/shared/module-exports.js';
import { prebuiltText, SUMMARIES_FILE } from '../../generator/shared/templates/prebuilt.js';
import { openApiAcceptor } from '../../generator/validate/schemas.js';

const CURRENT = join(BUILD_DIR, 'current.json');

interface Current {
  readonly dir: string;
  readonly inputs: Record<string, string | null>;
}

describe('the precompiled generator', () => {
  it('carries the acceptors and export summaries a cold run would otherwise compute', async () => {
    const dir = dirname(freshBundle() ?? (await build()));
    for (const line of ['3.0', '3.1', '3.2'] as const)
      expect(openApiAcceptor(line, undefined, dir).from, line).toBe('prebuilt');
    const summaries = prebuiltText(SUMMARIES_FILE, SUMMARY_SHAPE, dir);
    expect(Object.keys(JSON.parse(summaries ?? '{}') as object).length).toBeGreaterThan(50);
  }, 60_000);

  it('records every source it was built from, so any change to one is noticed', async () => {
    const bundle = await build();
    expect(freshBundle()).toBe(bundle);
    const current = JSON.parse(readFileSync(CURRENT, 'utf8')) as Current;
    // The command line and the modules only a command loads (split into chunks) alike.
    for (const source of [
      'generator/cli/cli.ts',
      'generator/pipeline.ts',
      'generator/print/print.ts',
      'generator/cli/commands/diff.ts',
      'generator/validate/index.ts',
      'generator/emit/index.ts',
    ])
      expect(Object.keys(current.inputs)).toContain(source);

    // A source whose content differs from the record makes the bundle stale.
    const altered = {
      ...current,
      inputs: { ...current.inputs, 'generator/print/print.ts': '0'.repeat(64) },
    };
    writeFileSync(CURRENT, JSON.stringify(altered));
    expect(freshBundle()).toBeUndefined();
    // So does a source that is gone.
    writeFileSync(
      CURRENT,
      JSON.stringify({ ...current, inputs: { ...current.inputs, 'generator/gone.ts': 'x' } }),
    );
    expect(freshBundle()).toBeUndefined();
    // Running the command then rebuilds before it runs.
    const version = spawnSync(process.execPath, ['generator/bin.js', '--version'], {
      encoding: 'utf8',
    });
    expect(version.status, version.stderr).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(freshBundle()).toBeDefined();
  }, 60_000);

  it('is what the npm scripts and the installed command run, never tsx', () => {
    const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(manifest.bin['connect-codegen']).toBe('./generator/bin.js');
    for (const command of ['generate', 'validate', 'diff'])
      expect(manifest.scripts[command]).toBe(`node generator/bin.js ${command}`);
    expect(readFileSync('generator/bin.js', 'utf8')).not.toContain('tsx');
  });

  it('counts its own bundling as an input, so a change to build.js rebuilds', async () => {
    await build();
    const current = JSON.parse(readFileSync(CURRENT, 'utf8')) as Current;
    expect(current.inputs['generator/build.js']).toMatch(/^[0-9a-f]{64}$/);
    // Only files: the plugin's modules are not recorded as unreadable inputs.
    expect(Object.values(current.inputs)).not.toContain(null);
    // A record an older build.js made (without itself among the inputs) is stale.
    const { 'generator/build.js': _self, ...older } = current.inputs;
    writeFileSync(CURRENT, JSON.stringify({ ...current, inputs: older }));
    expect(freshBundle()).toBeUndefined();
    await build();
  }, 60_000);

  it('loads the CommonJS packages with require, never through an ESM import', async () => {
    const bundle = await build();
    const chunks = readdirSync(dirname(bundle)).filter((n) => n.endsWith('.js'));
    const text = chunks.map((n) => readFileSync(join(dirname(bundle), n), 'utf8')).join('\n');
    // (ajv and yaml are required by their own modules when needed, so they may not be in the
    // bundle's list.)
    for (const pkg of ['ts-morph', 'yaml', 'ajv', 'ajv/dist/2020.js', 'ajv-formats', 'commander'])
      expect(text).not.toContain(`from ${JSON.stringify(pkg)}`);
    for (const pkg of ['ts-morph', 'commander'])
      expect(text).toContain(`__require(${JSON.stringify(pkg)})`);
    // Prettier is an ES module and stays a lazy import().
    expect(text).toContain('import("prettier")');
    // And the command runs on the bundle.
    const version = spawnSync(process.execPath, ['generator/bin.js', '--version'], {
      encoding: 'utf8',
    });
    expect(version.status, version.stderr).toBe(0);
  }, 60_000);

  it('loads the YAML parser only for a document that needs it, not for JSON or YAML on the fast paths', async () => {
    const bundle = freshBundle() ?? (await build());
    // Validates a spec with the bundle, then prints whether `yaml` was required.
    const script = [
      "import { createRequire } from 'node:module';",
      `const { runCli } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
      "await runCli(['validate', '--spec', process.argv[1]]);",
      'const loaded = Object.keys(createRequire(import.meta.url).cache);',
      "console.log('yaml:' + loaded.some((p) => /[\\\\/]node_modules[\\\\/]yaml[\\\\/]/.test(p)));",
    ].join('\n');
    const yamlLoaded = (spec: string) => {
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, spec], {
        encoding: 'utf8',
        env: { ...process.env, CONNECT_CODEGEN_CACHE: 'off' },
      });
      expect(run.status, run.stderr).toBe(0);
      return /yaml:(true|false)/.exec(run.stdout)?.[1];
    };
    expect(yamlLoaded('node_modules/@readme/oas-examples/2.0/json/petstore.json')).toBe('false');
    expect(yamlLoaded('spec/connect-api.yaml')).toBe('false');
    // An anchor and its aliases take the YAML path.
    expect(yamlLoaded('test/fixtures/valid/stations-3.1.yaml')).toBe('true');
  }, 60_000);
});
