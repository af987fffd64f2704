/**
 * The generator as users install it: `npm run pack:generator`'s tarball, installed into a new
 * project outside the repository, generating a client from that project's own spec, which
 * then type-checks. The install figures in docs/generator.md are held to what this install
 * measures.
 */
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packGenerator, type PackedGenerator } from '../../generator/pack/pack.js';
import { readDocsPage } from '../support/docs.js';
import { useScratchDir } from '../support/scratch.js';
import { splitSpec } from '../support/split-spec.js';
import { REPO_ROOT } from './support/built-package.js';
import { run } from './support/run.js';

/**
 * The spec the user's project holds: ours, split over folders the way teams keep theirs
 * (`paths/`, `schemas/`, `parameters/` as JSON, refs such as `../schemas/Station.yaml`).
 */
const SPEC_SOURCE = 'spec/connect-api.yaml';

const scratch = useScratchDir('connect-codegen-install-');
let packed: PackedGenerator;
let project: string;
let rootManifest: { dependencies: Record<string, string> };
/** node_modules right after the install, before any run fills the generator's caches. */
let installedKb: number;
let installedPackages: number;
/** The split spec's root file, relative to the project, and how many files and folders it has. */
let specEntry: string;
let specFiles: number;

beforeAll(async () => {
  packed = await packGenerator(join(scratch(), 'pack'));
  rootManifest = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  project = join(scratch(), 'project');
  await mkdir(project);
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'team-api', private: true, type: 'module' }),
  );
  const single = parse(await readFile(join(REPO_ROOT, SPEC_SOURCE), 'utf8')) as Record<
    string,
    unknown
  >;
  specEntry = relative(project, await splitSpec(single, join(project, 'api')))
    .split(sep)
    .join('/');
  specFiles = (await readdir(join(project, 'api'), { recursive: true })).length;
  // Every tarball is in npm's cache since the repository's `npm ci`, but not every package's
  // registry metadata (npm ci reads the lock, not the registry): --prefer-offline takes what
  // the cache has and asks the registry only for what it lacks, once.
  await run(
    'npm',
    ['install', '-D', packed.tarball, '--prefer-offline', '--no-audit', '--no-fund'],
    { cwd: project },
  );
  const { stdout } = await run('du', ['-sk', 'node_modules'], { cwd: project });
  installedKb = Number(stdout.split('\t')[0]);
  const listed = await run('npm', ['ls', '--all', '--parseable'], { cwd: project });
  // One line is the project itself.
  installedPackages = listed.stdout.trim().split('\n').length - 1;
}, 300_000);

describe('the installable generator', () => {
  it('ships the prebuilt bundle, its command and the templates, and no TypeScript of its own', async () => {
    expect(packed.tarball).toMatch(/connect-codegen-\d+\.\d+\.\d+\.tgz$/);
    expect(packed.files).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'generator/bin.js',
        'generator/compile-cache.js',
        'dist/bundle/connect-codegen.js',
      ]),
    );
    // Every template and layer file the generator copies or reads (layer.json, docs/).
    const templates = (
      await readdir(join(REPO_ROOT, 'templates'), { recursive: true, withFileTypes: true })
    )
      .filter((entry) => entry.isFile())
      .map((entry) => relative(REPO_ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'));
    expect(templates.length).toBeGreaterThan(50);
    expect(packed.files).toEqual(expect.arrayContaining(templates));
    expect(packed.files.filter((f) => f.startsWith('generator/') && f.endsWith('.ts'))).toEqual([]);
  });

  it('depends on exactly the runtime libraries the repository pins, and on no build tool', () => {
    expect(packed.manifest.dependencies).toEqual(rootManifest.dependencies);
    for (const tool of ['esbuild', 'tsx', 'typescript', 'vitest'])
      expect(packed.manifest.dependencies, tool).not.toHaveProperty(tool);
    expect(existsSync(join(project, 'node_modules/esbuild'))).toBe(false);
    expect(existsSync(join(project, 'node_modules/tsx'))).toBe(false);
  });

  it('generates a client from the project’s own spec, split over folders, that type-checks', async () => {
    const spec = specEntry;
    expect(specFiles).toBeGreaterThan(20);
    const { stdout } = await run(
      'npx',
      ['connect-codegen', 'generate', '--spec', spec, '--out', 'client'],
      {
        cwd: project,
      },
    );
    expect(stdout).toMatch(/^client: \d+ added, 0 changed, 0 removed, 0 unchanged/);
    const manifest = JSON.parse(await readFile(join(project, 'client/package.json'), 'utf8')) as {
      name: string;
    };
    expect(manifest.name).toBe('connect-api-client');
    // The header tells the project how to regenerate: its own paths, not this repository's script.
    expect(await readFile(join(project, 'client/src/index.ts'), 'utf8')).toContain(
      `connect-codegen generate --spec ${spec} --out client`,
    );
    // The output's ./react-query entry imports TanStack Query, a devDependency (and optional
    // peer) of the package, which a project building it has installed; linked from ours.
    await mkdir(join(project, 'node_modules/@tanstack'), { recursive: true });
    await symlink(
      join(REPO_ROOT, 'node_modules/@tanstack/react-query'),
      join(project, 'node_modules/@tanstack/react-query'),
      'dir',
    );
    await run(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        'client/tsconfig.json',
        '--noEmit',
        // The output's tsconfig names @types/node, which a user's project installs itself.
        '--typeRoots',
        join(REPO_ROOT, 'node_modules/@types'),
      ],
      { cwd: project },
    );
    // Checked as it is, without a second generation: a stale or nondeterministic output fails here.
    await run(
      'npx',
      ['connect-codegen', 'generate', '--check', '--spec', spec, '--out', 'client'],
      {
        cwd: project,
      },
    );
  });

  it('is as large as docs/generator.md says, within the share of its figures the page states', async () => {
    const page = (await readDocsPage('generator')).replace(/\s+/g, ' ');
    const stated = /tarball of about (\d+) kB[^.]*?adds (\d+) packages, about (\d+) MB/.exec(page);
    expect(stated, 'docs/generator.md states the install size').not.toBeNull();
    const [, tarballKb, packages, installMb] = stated!.map(Number);
    // The tolerance is read from the page too, so the promise it makes is the one held.
    const shares: Record<string, number> = { 'a tenth': 0.1, 'a fifth': 0.2, 'a quarter': 0.25 };
    const within = /generator-package\.test\.ts` keeps these figures within (a \w+) of/.exec(page);
    const share = shares[within?.[1] ?? ''];
    expect(
      share,
      'docs/generator.md states the tolerance as a tenth, a fifth or a quarter',
    ).toBeDefined();
    const near = (measured: number, figure: number) =>
      Math.abs(measured - figure) <= figure * share!;
    expect(
      near(packed.size / 1024, tarballKb!),
      `tarball ${Math.round(packed.size / 1024)} kB`,
    ).toBe(true);
    expect(
      near(installedKb / 1024, installMb!),
      `node_modules ${Math.round(installedKb / 1024)} MB`,
    ).toBe(true);
    expect(near(installedPackages, packages!), `${installedPackages} packages`).toBe(true);
  });
});
