/**
 * The `paths` type the react-query tests use is openapi-typescript 7.13's output for
 * `api.yaml`, as a user of openapi-react-query would have it: made again here (into a
 * temporary folder) and compared, so the committed copy cannot drift from the document.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { useScratchDir } from '../support/scratch.js';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURE = join(ROOT, 'test/fixtures/react-query');
const scratch = useScratchDir('react-query-paths-');

it("is openapi-typescript's output for the fixture document", async () => {
  const out = join(scratch(), 'api.ts');
  await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'),
      join(FIXTURE, 'api.yaml'),
      '-o',
      out,
    ],
    { cwd: ROOT },
  );
  expect(await readFile(out, 'utf8')).toBe(await readFile(join(FIXTURE, 'api.ts'), 'utf8'));
}, 60_000);
