/**
 * The sample project as written for openapi-fetch: it generates its types with
 * openapi-typescript, type-checks strictly and passes its own tests against the real
 * openapi-fetch and openapi-react-query. Then the codemod's rewrite of it, file by file.
 * (Running it after the codemod against our package: migrated-project.test.ts.)
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';
import { copySample, inProject, linkNodeModules } from './support/project.js';

const scratch = useScratchDir('openapi-fetch-sample-');

describe('the sample project, before the migration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(scratch(), 'before');
    await copySample(dir);
    await linkNodeModules(dir);
  });

  it('generates its types with openapi-typescript', async () => {
    const ran = await inProject(dir, 'npm', ['run', '-s', 'generate:api']);
    expect(ran.code, ran.output).toBe(0);
    const types = await readFile(join(dir, 'src/lib/api/v1.d.ts'), 'utf8');
    expect(types).toContain('export interface paths');
  });

  it('type-checks strictly', async () => {
    const ran = await inProject(dir, 'npx', ['tsc', '--noEmit', '-p', '.']);
    expect(ran.output).toBe('');
    expect(ran.code).toBe(0);
  });

  it('passes its own tests against openapi-fetch and openapi-react-query', async () => {
    const ran = await inProject(dir, 'npx', ['vitest', 'run']);
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toMatch(/Tests\s+11 passed/);
  });
});

describe('the sample project, migrated', () => {
  let dir: string;
  let printed: string[];
  beforeAll(async () => {
    dir = join(scratch(), 'after');
    await copySample(dir);
    const io = capture();
    expect(await main(['migrate', 'openapi-fetch', dir], io)).toBe(0);
    printed = io.stdout;
  });

  it('reports every change at its file and line', () => {
    expect(printed.filter((line) => line.includes(': changed '))).toEqual([
      'connect-codegen.config.json:1: changed (none) → package.name: "petstore-app-api"',
      'package.json:7: changed "generate:api": "openapi-typescript ./petstore.yaml -o ./src/lib/api/v1.d.ts" → "generate:api": "connect-codegen generate --spec ./petstore.yaml --out ./api-client && npm --prefix ./api-client run build"',
      'package.json:11: changed (none) → dependencies.petstore-app-api: "file:./api-client"',
      'package.json:13: changed dependencies.openapi-fetch: "^0.17.0" → (removed)',
      'package.json:14: changed dependencies.openapi-react-query: "^0.5.4" → (removed)',
      'package.json:18: changed (none) → devDependencies.connect-codegen: "^0.1.0"',
      'package.json:22: changed devDependencies.openapi-typescript: "^7.13.0" → (removed)',
      "src/lib/api/client.ts:1: changed 'openapi-fetch' → 'petstore-app-api/fetch'",
      "src/lib/api/client.ts:2: changed './v1' → 'petstore-app-api'",
      "src/lib/api/queries.ts:1: changed 'openapi-react-query' → 'petstore-app-api/react-query'",
    ]);
  });

  it('changes only the import specifiers in the sources', async () => {
    for (const file of [
      'src/lib/api/client.ts',
      'src/lib/api/queries.ts',
      'src/components/PetCard.tsx',
    ]) {
      const before = await readFile(join('test/fixtures/openapi-fetch-project', file), 'utf8');
      const after = await readFile(join(dir, file), 'utf8');
      const expected = before
        .replace("from 'openapi-fetch'", "from 'petstore-app-api/fetch'")
        .replace("from './v1'", "from 'petstore-app-api'")
        .replace("from 'openapi-react-query'", "from 'petstore-app-api/react-query'");
      expect(after).toBe(expected);
    }
  });

  it('changes nothing on a second run', async () => {
    const io = capture();
    expect(await main(['migrate', 'openapi-fetch', dir], io)).toBe(0);
    expect(io.stdout).toEqual(['Nothing to change: the project is already migrated.']);
  });
});
