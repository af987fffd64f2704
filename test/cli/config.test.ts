import { execFileSync } from 'node:child_process';
import { readFile, readdir, mkdir, writeFile, copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { checkConfig } from '../../generator/cli/config/check.js';
import { findConfig, loadConfig } from '../../generator/cli/config/config.js';
import { formatDiagnostic } from '../../generator/shared/diagnostics.js';
import { strictProblems } from '../support/type-check.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-config-');
const PETSTORE = 'test/fixtures/other/petstore.yaml';

/** A folder holding the pet store spec and the given files, for one test. */
async function project(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(scratch(), name);
  await mkdir(dir, { recursive: true });
  await copyFile(PETSTORE, join(dir, 'petstore.yaml'));
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
  return dir;
}

const packageJson = async (out: string) =>
  JSON.parse(await readFile(join(out, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    exports: Record<string, unknown>;
    peerDependencies?: Record<string, string>;
  };

describe('the config file', () => {
  it('is found in the working directory; two of them is an error naming both', async () => {
    const one = await project('find-one', { 'connect-codegen.config.json': '{}' });
    expect(await findConfig(one)).toBe(join(one, 'connect-codegen.config.json'));
    expect(await findConfig(join(one, '..'))).toBeUndefined();
    const two = await project('find-two', {
      'connect-codegen.config.json': '{}',
      'connect-codegen.config.mjs': 'export default {};',
    });
    const found = await findConfig(two);
    expect(typeof found === 'object' && found.message).toBe(
      'found connect-codegen.config.json and connect-codegen.config.mjs; keep one',
    );
  });

  it('says a TypeScript config is not read rather than passing it over', async () => {
    const dir = await project('find-ts', { 'connect-codegen.config.ts': 'export default {};' });
    const found = await findConfig(dir);
    expect(typeof found === 'object' && found.message).toBe(
      'TypeScript configs are not read (Node 20 cannot import .ts without a loader)',
    );
  });

  it('locates a wrong field of a JSON config at its line and column, by its path', async () => {
    const dir = await project('bad-field', {
      'connect-codegen.config.json':
        '{\n  "spec": "petstore.yaml",\n  "package": { "name": 42 }\n}\n',
    });
    const { loaded, diagnostics } = await loadConfig(undefined, dir);
    expect(loaded).toBeUndefined();
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      'connect-codegen.config.json:3:16 error [config] #/package/name: package.name must be a string',
    ]);
  });

  it('names an unknown field with the known one it resembles', () => {
    const { problems } = checkConfig({ outptu: 'x', package: { verison: '1.0.0' } });
    expect(problems.map((p) => p.message)).toEqual([
      "outptu is not a config field; did you mean 'output'?",
      "package.verison is not a config field; did you mean 'version'?",
    ]);
    expect(checkConfig({ zzz: 1 }).problems[0]).toMatchObject({
      pointer: '/zzz',
      message: 'zzz is not a config field',
      hint: 'the fields are spec, output, package, modules, openapiTypes, refRoots, limits',
    });
  });

  it('refuses values the pipeline cannot honour', () => {
    const messages = (value: unknown) => checkConfig(value).problems.map((p) => p.message);
    expect(messages({ package: { name: 'Not A Name' } })).toEqual([
      "package.name 'Not A Name' is not an npm package name: it has capital letters; npm names are lower case",
    ]);
    expect(messages({ package: { version: 'latest' } })).toEqual([
      "package.version must be 'release' or a version such as '1.2.0'; 'latest' is not major.minor.patch (numbers without leading zeros) with -prerelease and +build parts if any",
    ]);
    expect(messages({ modules: { query: 'no' } })).toEqual(['modules.query must be true or false']);
    // The fake made from the spec imports the form validators.
    expect(messages({ modules: { forms: false } })).toEqual([
      'modules.forms can be false only with modules.fake false as well: the fake checks requests with the form validators',
    ]);
    expect(messages({ modules: { forms: false, fake: false } })).toEqual([]);
    // The hooks take a ./fetch client: asked for without it, they are an error; left unset, they go with it.
    expect(checkConfig({ modules: { fetch: false, reactQuery: true } }).problems).toEqual([
      {
        pointer: '/modules/reactQuery',
        message:
          'modules.reactQuery can be true only with modules.fetch on as well: the hooks are built on the ./fetch client',
        hint: 'leave reactQuery out, or set fetch to true',
      },
    ]);
    expect(messages({ modules: { fetch: false } })).toEqual([]);
    expect(messages({ modules: { reactQuery: false } })).toEqual([]);
    expect(messages([])).toEqual(['the config must be an object']);
  });

  it("checks package.name and package.version against npm's own rules", () => {
    const problems = (value: unknown) =>
      checkConfig(value).problems.map((p) => `${p.pointer} ${p.message}`);
    expect(problems({ package: { name: `a${'b'.repeat(302)}` } })).toEqual([
      `/package/name package.name 'a${'b'.repeat(39)}…' is not an npm package name: it is 303 characters long; npm allows 214 at most`,
    ]);
    expect(problems({ package: { name: 'fs' } })).toEqual([
      "/package/name package.name 'fs' is not an npm package name: it is the name of one of Node's own modules",
    ]);
    expect(problems({ package: { name: '.hidden' } })).toEqual([
      "/package/name package.name '.hidden' is not an npm package name: it starts with . or _",
    ]);
    expect(problems({ package: { name: 'a/b' } })).toEqual([
      "/package/name package.name 'a/b' is not an npm package name: it has a '/' but is not a scoped name (@scope/name)",
    ]);
    expect(problems({ package: { name: 'café' } })).toEqual([
      "/package/name package.name 'café' is not an npm package name: it has characters that are not URL-safe (lower-case letters, digits, - . and _ are)",
    ]);
    for (const name of ['petstore-client', '@acme/petstore-client', 'a.b_c-d', 'x'.repeat(214)])
      expect(problems({ package: { name } })).toEqual([]);

    expect(problems({ package: { version: '9007199254740992.0.0' } })).toEqual([
      "/package/version package.version must be 'release' or a version such as '1.2.0'; '9007199254740992.0.0' has a number over 9007199254740991, the largest npm can compare",
    ]);
    for (const version of ['01.2.3', '1.2.3-01', '1.2.3-', '1.2.3+', '1.2', 'v1.2.3'])
      expect(problems({ package: { version } })).toHaveLength(1);
    for (const version of [
      '1.2.3',
      '0.0.0-alpha.1',
      '1.0.0-x-y.0a+build.007',
      '9007199254740991.0.0',
    ])
      expect(problems({ package: { version } })).toEqual([]);
  });

  it('refuses a config that is not a regular file (a FIFO) instead of waiting on it', async () => {
    const dir = await project('fifo', {});
    execFileSync('mkfifo', [join(dir, 'connect-codegen.config.json')]);
    const { loaded, diagnostics } = await loadConfig(undefined, dir);
    expect(loaded).toBeUndefined();
    expect(diagnostics.map(formatDiagnostic)).toEqual([
      'connect-codegen.config.json error [config] #: cannot be read: it is a FIFO (named pipe), not a regular file',
    ]);
  });

  it('checks refRoots and limits', () => {
    const problems = (value: unknown) =>
      checkConfig(value).problems.map((p) => `${p.pointer} ${p.message}`);
    expect(problems({ refRoots: '../common' })).toEqual([
      '/refRoots refRoots must be a list of folders, relative to the config file',
    ]);
    expect(problems({ refRoots: ['../common', 3, ''] })).toEqual([
      '/refRoots/1 refRoots.1 must be a string',
      '/refRoots/2 refRoots.2 must not be empty',
    ]);
    expect(problems({ limits: { maxFileSizeMb: 0, maxTotalSizeMb: '1', maxFiles: 2 } })).toEqual([
      '/limits/maxFiles limits.maxFiles is not a config field',
      '/limits/maxFileSizeMb limits.maxFileSizeMb must be a number of megabytes greater than 0',
      '/limits/maxTotalSizeMb limits.maxTotalSizeMb must be a number of megabytes greater than 0',
    ]);
    expect(
      problems({ refRoots: ['../common'], limits: { maxFileSizeMb: 100, maxTotalSizeMb: 0.5 } }),
    ).toEqual([]);
  });

  it('reports a bad config through the command and writes nothing', async () => {
    const dir = await project('cli-bad', {
      'connect-codegen.config.json':
        '{ "spec": "petstore.yaml", "output": "out", "modules": { "qeury": false } }',
    });
    const io = capture();
    expect(await main(['generate', '--config', join(dir, 'connect-codegen.config.json')], io)).toBe(
      1,
    );
    expect(io.stderr.join('\n')).toMatch(
      /connect-codegen\.config\.json:1:\d+ error \[config\] #\/modules\/qeury: modules\.qeury is not a config field; did you mean 'query'\?/,
    );
    expect(io.stderr.at(-1)).toBe('1 error(s) in the config; nothing was written.');
    expect(await readdir(join(dir, 'out')).catch(() => 'absent')).toBe('absent');
  });
});

describe('generate with a config', () => {
  it('an .mjs config names the spec, the output, the package and the modules to leave out', async () => {
    const dir = await project('mjs', {
      'connect-codegen.config.mjs': [
        '/** @type {import("../../../generator/config.js").CodegenConfig} */',
        'export default {',
        "  spec: 'petstore.yaml',",
        "  output: 'client',",
        "  package: { name: '@acme/pets', version: '2.1.0' },",
        '  modules: { query: false, forms: false, fake: false, fetch: false },',
        '};',
      ].join('\n'),
    });
    const io = capture();
    expect(await main(['generate', '--config', join(dir, 'connect-codegen.config.mjs')], io)).toBe(
      0,
    );
    const out = join(dir, 'client');
    const pkg = await packageJson(out);
    expect(pkg.name).toBe('@acme/pets');
    expect(pkg.version).toBe('2.1.0');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
    // No ./fetch, so no hooks on it, and no peer dependency for them.
    expect(pkg.peerDependencies).toBeUndefined();
    expect(await readFile(join(out, 'src/version.ts'), 'utf8')).toContain(
      "PACKAGE_VERSION = '2.1.0'",
    );
    const top = await readdir(out);
    // A fixed version needs no surface record or changelog.
    expect(top).not.toContain('api-surface.json');
    expect(top).not.toContain('CHANGELOG.md');
    const src = await readdir(join(out, 'src'));
    for (const gone of ['query.ts', 'forms.ts', 'fake', 'testing']) expect(src).not.toContain(gone);
    const readme = await readFile(join(out, 'README.md'), 'utf8');
    expect(readme).not.toContain('@acme/pets/query');
    expect(readme).not.toContain('@acme/pets/forms');
    expect(readme).not.toContain('@acme/pets/testing');
    const header = (await readFile(join(out, 'src/client.ts'), 'utf8')).split('\n')[0];
    expect(header).toContain('regenerate with `connect-codegen generate --config');
    // What is left still builds: no module imported one that was left out.
    const sources = (await readdir(join(out, 'src'), { recursive: true }))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(out, 'src', f));
    expect(strictProblems(sources)).toEqual([]);
  }, 60_000);

  it("modules.layer false leaves out the spec's hand-written layer, and its fake with it", async () => {
    const dir = await project('no-layer', {
      'connect-codegen.config.json': JSON.stringify({
        spec: join(process.cwd(), 'spec/connect-api.yaml'),
        output: 'out',
        modules: { layer: false },
      }),
    });
    const io = capture();
    expect(await main(['generate', '--config', join(dir, 'connect-codegen.config.json')], io)).toBe(
      0,
    );
    const out = join(dir, 'out');
    const src = await readdir(join(out, 'src'));
    expect(src).not.toContain('connect');
    expect(src).not.toContain('testing');
    // The fake made from the spec stands in for the layer's fake server.
    expect(src).toContain('fake');
    expect(await readFile(join(out, 'src/index.ts'), 'utf8')).not.toContain('./connect/');
    const pkg = (await packageJson(out)) as unknown as { keywords: string[]; bin?: unknown };
    expect(pkg.keywords).not.toContain('ev-charging');
    expect(pkg.bin).toBeUndefined();
  }, 60_000);

  it('--watch is a usage error beside --check or --release', async () => {
    const io = capture();
    expect(await main(['generate', '--watch', '--check'], io)).toBe(2);
    expect(io.stderr).toEqual(['error: --watch cannot be combined with --check']);
  });

  it('a JSON config with every module on gives the same entry points as no config', async () => {
    const dir = await project('json', {
      'connect-codegen.config.json': JSON.stringify({ spec: 'petstore.yaml', output: 'out' }),
    });
    const io = capture();
    expect(await main(['generate', '--config', join(dir, 'connect-codegen.config.json')], io)).toBe(
      0,
    );
    const pkg = await packageJson(join(dir, 'out'));
    expect(pkg.name).toBe('pet-store-client');
    expect(Object.keys(pkg.exports)).toEqual([
      '.',
      './fake',
      './fetch',
      './fetch/validators',
      './forms',
      './query',
      './react-query',
      './testing',
      './package.json',
    ]);
    // The release stage decides the version, as without a config.
    expect(await readdir(join(dir, 'out'))).toContain('api-surface.json');
  });

  it('flags override the config', async () => {
    const dir = await project('override', {
      'connect-codegen.config.json': JSON.stringify({
        spec: 'missing.yaml',
        output: 'from-config',
      }),
    });
    const io = capture();
    const config = join(dir, 'connect-codegen.config.json');
    const out = join(dir, 'from-flag');
    expect(
      await main(
        ['generate', '--config', config, '--spec', join(dir, 'petstore.yaml'), '--out', out],
        io,
      ),
    ).toBe(0);
    expect(await readdir(out)).toContain('package.json');
    expect(await readdir(join(dir, 'from-config')).catch(() => 'absent')).toBe('absent');
  });

  it('a fixed version warns about the release records an earlier run left', async () => {
    const dir = await project('fixed-after-release', {
      'connect-codegen.config.json': JSON.stringify({ spec: 'petstore.yaml', output: 'out' }),
    });
    const config = join(dir, 'connect-codegen.config.json');
    expect(await main(['generate', '--config', config], capture())).toBe(0);
    await writeFile(
      config,
      JSON.stringify({ spec: 'petstore.yaml', output: 'out', package: { version: '3.0.0' } }),
    );
    const io = capture();
    expect(await main(['generate', '--config', config], io)).toBe(0);
    expect(io.stderr.join('\n')).toMatch(
      /warning \[config\] #\/package\/version: package\.version is fixed, so .*out\/api-surface\.json and CHANGELOG\.md from release versioning are no longer kept up to date/,
    );
    expect((await packageJson(join(dir, 'out'))).version).toBe('3.0.0');
  });

  it('--release cannot record a version the config fixes', async () => {
    const dir = await project('release-fixed', {
      'connect-codegen.config.json': JSON.stringify({ package: { version: '1.0.0' } }),
    });
    const io = capture();
    expect(
      await main(
        ['generate', '--config', join(dir, 'connect-codegen.config.json'), '--release'],
        io,
      ),
    ).toBe(1);
    expect(io.stderr.join('\n')).toContain(
      '--release records the version the release stage decides, but package.version fixes it at 1.0.0',
    );
  });

  it('validate reads the spec from the config', async () => {
    const dir = await project('validate', {
      'connect-codegen.config.json': JSON.stringify({ spec: 'petstore.yaml' }),
    });
    const io = capture();
    expect(await main(['validate', '--config', join(dir, 'connect-codegen.config.json')], io)).toBe(
      0,
    );
    expect(io.stdout.at(-1)).toMatch(/petstore\.yaml is valid\.$/);
  });

  it('diff and publish read the spec and the output from the config too', async () => {
    const dir = await project('diff', {
      'connect-codegen.config.json': JSON.stringify({ spec: 'petstore.yaml', output: 'client' }),
    });
    const config = join(dir, 'connect-codegen.config.json');
    const io = capture();
    // The config's spec against itself as the base: no change, exit 0.
    expect(await main(['diff', '--config', config, '--base', join(dir, 'petstore.yaml')], io)).toBe(
      0,
    );
    expect(io.stdout.join('\n')).toMatch(/no change|No change/i);
    // publish looks for the config's output, which was never generated: refused, naming it.
    const publish = capture();
    expect(await main(['publish', '--config', config], publish)).not.toBe(0);
    expect(publish.stderr.join('\n')).toMatch(/client/);
    // A bad config stops both with a usage error that locates the field.
    await writeFile(config, '{ "spec": 42 }');
    const bad = capture();
    expect(await main(['diff', '--config', config, '--base', 'HEAD'], bad)).toBe(2);
    expect(bad.stderr[0]).toMatch(/connect-codegen\.config\.json:1:\d+ error \[config\] #\/spec/);
  });
});
