/**
 * What `connect-codegen publish` agrees to publish (`releaseToPublish`), read from the release
 * record the generator writes: only a version `generate --release` recorded as released, and
 * only when package.json carries that version. The whole flow against a registry is
 * test/package/publish-registry.test.ts.
 */
import { createServer, type Server } from 'node:http';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseToPublish, uncommittedReleaseFiles } from '../../generator/cli/commands/publish.js';
import { main } from '../../generator/cli/cli.js';
import { EXIT } from '../../generator/cli/commands/io.js';
import { parseState } from '../../generator/release/diff/state-file.js';
import { capture } from '../support/cli-io.js';
import { gitIn } from '../support/git.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-publish-cli-');

const GENERATED = join(import.meta.dirname, '../../generated');
let manifest: string;
/** The repository's record as `generate --release` writes it: the current version is the release. */
let released: string;
/** The same with a release in preparation on top of 0.9.0, as `generate` writes it after a change. */
let prepared: string;

beforeAll(async () => {
  manifest = await readFile(join(GENERATED, 'package.json'), 'utf8');
  const record = JSON.parse(await readFile(join(GENERATED, 'api-surface.json'), 'utf8')) as {
    current: Record<string, unknown>;
    released?: unknown;
  };
  delete record.released;
  released = JSON.stringify(record);
  prepared = JSON.stringify({ ...record, released: { ...record.current, version: '0.9.0' } });
});

describe('the release publish takes', () => {
  it('is the released version, tagged with the package name', () => {
    const version = (JSON.parse(manifest) as { version: string }).version;
    expect(releaseToPublish('generated', manifest, released)).toEqual({
      name: 'connect-api-client',
      version,
      tag: `connect-api-client@${version}`,
    });
  });

  it('is none while a version is being prepared', () => {
    const version = (JSON.parse(manifest) as { version: string }).version;
    expect(typeof parseState(prepared)).toBe('object');
    expect(releaseToPublish('generated', manifest, prepared)).toEqual({
      problem: `connect-api-client@${version} is being prepared, not released (the last release is 0.9.0): run \`connect-codegen generate --release\` and commit generated`,
    });
  });

  it('is none when package.json and the record disagree, or either is missing', () => {
    const other = manifest.replace(/"version": "[^"]+"/, '"version": "9.9.9"');
    expect(releaseToPublish('out', other, released)).toMatchObject({
      problem: expect.stringMatching(
        /^out\/package.json says 9.9.9 but out\/api-surface.json records /,
      ),
    });
    expect(releaseToPublish('out', undefined, released)).toEqual({
      problem:
        'out/package.json not found: run `connect-codegen generate --release` and commit out',
    });
    expect(releaseToPublish('out', manifest, undefined)).toMatchObject({
      problem: expect.stringMatching(/^out\/api-surface.json not found/),
    });
    expect(releaseToPublish('out', manifest, '{')).toMatchObject({
      problem: expect.stringMatching(/^out\/api-surface.json: it is not JSON/),
    });
  });
});

describe('the files of a release that are not committed', () => {
  it('are what git lists in the output, but for what a build or pack leaves there', () => {
    const porcelain = [
      ' M client/src/index.ts',
      '?? client/api.md',
      '?? client/dist/esm/index.js',
      '?? client/node_modules/.cache/x',
      '?? client/connect-api-client-1.0.0.tgz',
      '?? client/src/dist/kept.ts',
      '',
    ].join('\n');
    expect(uncommittedReleaseFiles(porcelain, 'client/')).toEqual([
      'client/src/index.ts',
      'client/api.md',
      'client/src/dist/kept.ts',
    ]);
    expect(uncommittedReleaseFiles('?? dist/a.js\n M package.json\n', '')).toEqual([
      'package.json',
    ]);
  });
});

describe('connect-codegen publish on the command line', () => {
  it('refuses a registry that is not a URL as a usage error, without echoing it', async () => {
    const io = capture();
    const code = await main(['publish', '--registry', 'npm-token-abc123', '--out', 'nowhere'], io);
    expect(code).toBe(EXIT.usage);
    expect(io.stderr).toEqual(['connect-codegen publish: --registry is not a URL.']);
  });

  it('refuses an output without a release record, naming the file and what to run', async () => {
    const io = capture();
    const code = await main(['publish', '--out', 'no-such-output'], io);
    expect(code).toBe(EXIT.invalid);
    expect(io.stderr).toEqual([
      'connect-codegen publish: no-such-output/package.json not found: run `connect-codegen generate --release` and commit no-such-output.',
    ]);
  });
});

describe("publish and the output's .npmrc", () => {
  it('refuses an .npmrc in the output unless --allow-npmrc asks for it', async () => {
    const out = join(scratch(), 'with-npmrc');
    await mkdir(out, { recursive: true });
    await writeFile(join(out, '.npmrc'), 'registry=https://registry.example.com/\n');
    const io = capture();
    expect(await main(['publish', '--out', out], io)).toBe(EXIT.invalid);
    expect(io.stderr.join('\n')).toMatch(
      /\/with-npmrc\/\.npmrc exists, and npm publishing from .* would read it: it can switch the registry .* pass --allow-npmrc to use it; nothing was published\./,
    );
    const allowed = capture();
    expect(await main(['publish', '--out', out, '--allow-npmrc'], allowed)).toBe(EXIT.invalid);
    expect(allowed.stderr.join('\n')).toMatch(/with-npmrc\/package.json not found/);
  });
});

describe('the registry publish names', () => {
  /** A registry that knows no package: npm's dry run asks it for the versions published so far. */
  let registry: Server;
  let url: string;
  let repo: string;
  const saved = { ...process.env };
  const git = gitIn(() => repo);

  beforeAll(async () => {
    registry = createServer((_, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":"not found"}');
    });
    await new Promise<void>((done) => registry.listen(0, '127.0.0.1', done));
    const address = registry.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    // npm's configuration for these runs alone: no user .npmrc, no cache of the machine's, no
    // lifecycle scripts (the package's prepack builds it, which a dry run needs not).
    await writeFile(join(scratch(), 'npmrc'), `registry=${url}from-user/\n`);
    Object.assign(process.env, {
      npm_config_userconfig: join(scratch(), 'npmrc'),
      npm_config_cache: join(scratch(), 'npm-cache'),
      npm_config_ignore_scripts: 'true',
      npm_config_update_notifier: 'false',
    });
    repo = join(scratch(), 'repo');
    await mkdir(repo, { recursive: true });
    await git('init', '-q', '-b', 'main');
    await writeFile(
      join(repo, 'api.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: Shop, version: 1.0.0 }',
        'paths:',
        '  /pets:',
        '    get:',
        '      operationId: listPets',
        '      responses:',
        "        '204': { description: Done. }",
        '',
      ].join('\n'),
    );
    const io = capture();
    const generated = await main(
      ['generate', '--release', '--spec', join(repo, 'api.yaml'), '--out', join(repo, 'client')],
      io,
    );
    expect(generated, io.stderr.join('\n')).toBe(EXIT.ok);
    await git('add', '-A');
    await git('commit', '-qm', 'client');
  }, 60_000);

  afterAll(async () => {
    // Restored in place, not replaced by a plain object: the next file in this worker
    // (test:quick shares workers) stubs and deletes variables of Node's own process.env.
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    await new Promise((done) => registry?.close(done));
  });

  const publish = async (...flags: string[]) => {
    const io = capture();
    const args = ['--spec', join(repo, 'api.yaml'), '--out', join(repo, 'client'), ...flags];
    const code = await main(['publish', ...args], io);
    return { code, stdout: io.stdout.join('\n'), stderr: io.stderr.join('\n') };
  };

  it("is npm's configured one in the dry run, and --registry's without its credentials", async () => {
    const configured = await publish();
    expect(configured.stdout).toContain(`registry: ${url}from-user/`);
    expect(configured.code, configured.stderr).toBe(EXIT.ok);
    const flagged = await publish('--registry', `http://ci:s3cret@127.0.0.1:${new URL(url).port}/`);
    expect(flagged.stdout).toContain(`registry: http://***@127.0.0.1:${new URL(url).port}/`);
    expect(flagged.stdout).not.toContain('s3cret');
  });

  it("is the output .npmrc's, said so, when --allow-npmrc lets npm read it", async () => {
    await writeFile(join(repo, 'client/.npmrc'), `registry=${url}from-npmrc/\n`);
    await git('add', '-A');
    await git('commit', '-qm', 'npmrc');
    expect((await publish()).code).toBe(EXIT.invalid);
    const allowed = await publish('--allow-npmrc');
    expect(allowed.stdout).toContain(`registry: ${url}from-npmrc/`);
    expect(allowed.stdout).toMatch(/client\/\.npmrc is read: --allow-npmrc/);
  });
});
