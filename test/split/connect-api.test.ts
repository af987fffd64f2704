/**
 * Our own spec, split over folders (`test/support/split-spec.ts`), generates exactly what the
 * single file does, and the commands work on it. The generated header names the spec it was
 * made from, so the split output is compared with that path put back to the single file's:
 * every other byte must be equal.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { main } from '../../generator/cli/cli.js';
import { generate } from '../../generator/pipeline.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';
import { splitSpec } from '../support/split-spec.js';
import { named } from './tree.js';

const SPEC = 'spec/connect-api.yaml';
const scratch = useScratchDir('connect-codegen-split-api-');
let root: string;

beforeAll(async () => {
  const document = parse(await readFile(SPEC, 'utf8')) as Record<string, unknown>;
  root = named(scratch(), 'openapi.yaml');
  await splitSpec(document, join(scratch()));
});

describe('the Connect API spec split over folders', () => {
  it('is read from many files in several folders, YAML and JSON', async () => {
    const io = capture();
    expect(await main(['validate', '--spec', root], io)).toBe(0);
    expect(io.stdout).toEqual([`${root} is valid.`]);
  });

  it('generates byte for byte what the single file generates, but for the spec path in the header', async () => {
    const command = 'npm run generate';
    const [single, split] = await Promise.all([
      generate({ specPath: SPEC, command }),
      generate({ specPath: root, command }),
    ]);
    expect(split.diagnostics).toEqual(single.diagnostics);
    const contents = (files: typeof single.files, from: string) =>
      Object.fromEntries((files ?? []).map((f) => [f.path, f.content.split(from).join('<spec>')]));
    const want = contents(single.files, SPEC);
    expect(Object.keys(want).length).toBeGreaterThan(10);
    expect(contents(split.files, root)).toEqual(want);
  });

  it('is up to date for generate --check once generated, and stale after a schema file changes', async () => {
    const out = named(scratch(), 'generated');
    const io = capture();
    expect(await main(['generate', '--spec', root, '--out', out], io)).toBe(0);
    const check = capture();
    expect(await main(['generate', '--spec', root, '--out', out, '--check'], check)).toBe(0);
    expect(check.stdout.join('\n')).toContain(`${out} is up to date with ${root}`);

    const station = join(scratch(), 'schemas/Station.yaml');
    const schema = parse(await readFile(station, 'utf8')) as {
      properties: Record<string, unknown>;
    };
    schema.properties['note'] = { type: 'string' };
    await writeFile(station, stringify(schema));
    const stale = capture();
    expect(await main(['generate', '--spec', root, '--out', out, '--check'], stale)).toBe(1);
    expect(stale.stderr.join('\n')).toContain(`${out} is stale`);
  });
});
