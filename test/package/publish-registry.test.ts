/**
 * The release flow as a team runs it, against a real registry: a project generates its client
 * with `--release` and commits it; `connect-codegen publish` refuses what is not committed,
 * dry-runs by default, then publishes to a private Verdaccio and tags; a consumer project
 * installs that version from the registry and type-checks code that uses it.
 */
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useScratchDir } from '../support/scratch.js';
import { REPO_ROOT } from './support/built-package.js';
import { startRegistry, type Registry } from './support/registry.js';
import { run } from './support/run.js';

const SPEC = 'api/connect-api.yaml';
/** A hang guard for the steps that build the package (its prepack runs tsc twice), on a loaded machine. */
const BUILD_TIMEOUT = 300_000;
const scratch = useScratchDir('connect-codegen-publish-');
let registry: Registry | undefined;
let team: string;
let env: Record<string, string>;

/** The generator's command line, as the team's npm scripts would run it. */
function codegen(args: readonly string[]) {
  return run(process.execPath, [join(REPO_ROOT, 'generator/bin.js'), ...args], {
    cwd: team,
    env,
    allowFailure: true,
  });
}

const git = (args: readonly string[]) => run('git', args, { cwd: team, env });

beforeAll(async () => {
  registry = await startRegistry(join(scratch(), 'registry'));
  await writeFile(join(scratch(), 'npmrc'), `${registry.authLine}\n`);
  env = {
    // npm's configuration and cache for this test alone: the registry's token, and no
    // test package left in the machine's cache.
    npm_config_userconfig: join(scratch(), 'npmrc'),
    npm_config_cache: join(scratch(), 'npm-cache'),
    npm_config_update_notifier: 'false',
    GIT_AUTHOR_NAME: 'Release Bot',
    GIT_AUTHOR_EMAIL: 'release-bot@example.com',
    GIT_COMMITTER_NAME: 'Release Bot',
    GIT_COMMITTER_EMAIL: 'release-bot@example.com',
  };
  team = join(scratch(), 'team');
  await mkdir(join(team, 'api'), { recursive: true });
  await cp(join(REPO_ROOT, 'spec/connect-api.yaml'), join(team, SPEC));
  await writeFile(join(team, 'package.json'), JSON.stringify({ name: 'team', private: true }));
  await writeFile(join(team, '.gitignore'), 'node_modules\ngenerated/dist/\n');
  // The project's own TypeScript and @types/node, which the package's build (prepack) uses.
  await symlink(join(REPO_ROOT, 'node_modules'), join(team, 'node_modules'), 'dir');
  await git(['init', '-q', '-b', 'main']);
  await git(['add', '-A']);
  await git(['commit', '-qm', 'The API spec']);
}, 180_000);

afterAll(async () => {
  await registry?.stop();
});

describe('connect-codegen publish', () => {
  let version: string;

  it('refuses a release that is not committed, so the tag would name the published files', async () => {
    const generated = await codegen([
      'generate',
      '--release',
      '--spec',
      SPEC,
      '--out',
      'generated',
    ]);
    expect(generated.exitCode, generated.stderr).toBe(0);
    version = (
      JSON.parse(await readFile(join(team, 'generated/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    const refused = await codegen(['publish', '--spec', SPEC, '--registry', registry!.url]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(/file\(s\) of the release are not committed/);
    await git(['add', '-A']);
    await git(['commit', '-qm', `connect-api-client ${version}`]);
  });

  it('refuses an output that is not what the spec gives', async () => {
    const readme = join(team, 'generated/README.md');
    const original = await readFile(readme, 'utf8');
    await writeFile(readme, `${original}\nA hand edit.\n`);
    try {
      const refused = await codegen(['publish', '--spec', SPEC, '--registry', registry!.url]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain('changed  README.md');
      expect(refused.stderr).toMatch(/generated is not what the spec gives; nothing was published/);
    } finally {
      await writeFile(readme, original);
    }
  });

  it(
    'dry-runs by default: npm publish --dry-run, and nothing published or tagged',
    async () => {
      const dry = await codegen(['publish', '--spec', SPEC, '--registry', registry!.url]);
      expect(dry.exitCode, dry.stderr).toBe(0);
      expect(dry.stdout).toContain(`Dry run: connect-api-client@${version} is released`);
      expect(dry.stdout).toContain(`git tag -a connect-api-client@${version}`);
      expect(dry.stdout).toContain('npm publish --dry-run passed');
      expect((await fetch(`${registry!.url}connect-api-client`)).status).toBe(404);
      expect((await git(['tag', '--list'])).stdout).toBe('');
    },
    BUILD_TIMEOUT,
  );

  it(
    'publishes to the registry and tags the commit with --yes, once',
    async () => {
      const published = await codegen([
        'publish',
        '--spec',
        SPEC,
        '--registry',
        registry!.url,
        '--yes',
      ]);
      expect(published.exitCode, published.stderr).toBe(0);
      expect(published.stdout).toContain(
        `Published connect-api-client@${version} and tagged connect-api-client@${version}`,
      );
      const packument = (await (await fetch(`${registry!.url}connect-api-client`)).json()) as {
        'dist-tags': { latest: string };
      };
      expect(packument['dist-tags'].latest).toBe(version);
      expect((await git(['tag', '--list'])).stdout.trim()).toBe(`connect-api-client@${version}`);
      expect((await git(['rev-parse', `connect-api-client@${version}^{commit}`])).stdout).toBe(
        (await git(['rev-parse', 'HEAD'])).stdout,
      );

      const again = await codegen([
        'publish',
        '--spec',
        SPEC,
        '--registry',
        registry!.url,
        '--yes',
      ]);
      expect(again.exitCode).toBe(1);
      expect(again.stderr).toContain(`the tag connect-api-client@${version} exists already`);
    },
    BUILD_TIMEOUT,
  );

  it('installs from the registry into a consumer project whose strict code type-checks', async () => {
    const consumer = join(scratch(), 'consumer');
    await mkdir(consumer);
    await writeFile(
      join(consumer, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    await run(
      'npm',
      [
        'install',
        `connect-api-client@${version}`,
        '--registry',
        registry!.url,
        '--no-audit',
        '--no-fund',
      ],
      { cwd: consumer, env },
    );
    await writeFile(join(consumer, 'usage.ts'), USAGE);
    await writeFile(join(consumer, 'tsconfig.json'), CONSUMER_TSCONFIG);
    await run(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
      cwd: consumer,
    });
    const loaded = await run(
      process.execPath,
      ['-e', "import('connect-api-client').then((m) => console.log(m.PACKAGE_VERSION))"],
      { cwd: consumer },
    );
    expect(loaded.stdout.trim()).toBe(version);
  });
});

const USAGE = `import { ConnectClient, NotFoundError, PACKAGE_VERSION, type Station } from 'connect-api-client';

const client = new ConnectClient({ baseUrl: 'https://api.example.com', token: 'token' });

export async function nearest(): Promise<Station | undefined> {
  try {
    const page = await client.stations.around({ latitude: 52.52, longitude: 13.405, distance: 800 });
    return page.results[0];
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

export const version: string = PACKAGE_VERSION;

// @ts-expect-error latitude is a number: if the types were lost, this line would fail the check
void client.stations.around({ latitude: '52.52', longitude: 13.405 });
`;

const CONSUMER_TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    noEmit: true,
    types: ['node'],
    typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
  },
  files: ['usage.ts'],
});
