/**
 * Issue 40's "done when", end to end: the sample project written for openapi-fetch
 * (test/fixtures/openapi-fetch-project) is copied to a temporary folder, migrated by
 * `connect-codegen migrate openapi-fetch`, its rewritten generate script runs this generator
 * (and builds the package), and then it type-checks strictly and passes its own tests against
 * that package. openapi-fetch, openapi-react-query and openapi-typescript are absent from
 * its node_modules, as after `npm install` with the migrated package.json, so nothing can fall
 * back to them.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';
import { copySample, inProject, linkNodeModules } from './support/project.js';

const scratch = useScratchDir('openapi-fetch-migrated-');

describe('the sample project after the migration, on the generated package', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(scratch(), 'petstore-app');
    await copySample(dir);
    await linkNodeModules(dir, { 'petstore-app-api': 'api-client' }, [
      'openapi-fetch',
      'openapi-react-query',
      'openapi-typescript',
    ]);
    const io = capture();
    expect(await main(['migrate', 'openapi-fetch', dir], io), io.stderr.join('\n')).toBe(0);
  });

  it('generates and builds its package with the rewritten script', async () => {
    const ran = await inProject(dir, 'npm', ['run', '-s', 'generate:api']);
    expect(ran.code, ran.output).toBe(0);
    const pkg = JSON.parse(await readFile(join(dir, 'api-client/package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, unknown>;
    };
    expect(pkg.name).toBe('petstore-app-api');
    expect(Object.keys(pkg.exports)).toEqual(
      expect.arrayContaining(['.', './fetch', './react-query']),
    );
    expect(await readdir(join(dir, 'api-client/dist/esm'))).toContain('index.js');
  });

  it('type-checks strictly against the generated package', async () => {
    const ran = await inProject(dir, 'npx', ['tsc', '--noEmit', '-p', '.']);
    expect(ran.output).toBe('');
    expect(ran.code).toBe(0);
  });

  it('passes its own tests against the generated package', async () => {
    const ran = await inProject(dir, 'npx', ['vitest', 'run']);
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toMatch(/Tests\s+11 passed/);
  });
});
