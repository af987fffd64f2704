import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { strictProblems } from '../support/type-check.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-cli-');

describe('connect-codegen --help', () => {
  it('says what the tool does for any document, not for one API', async () => {
    const io = capture();
    expect(await main(['--help'], io)).toBe(0);
    // Commander wraps the description at the terminal's width: compared as one line.
    const help = io.stdout.join('\n').replace(/\s+/g, ' ');
    expect(help).toMatch(
      /^Usage: connect-codegen \[options\] \[command\] Validate an OpenAPI 3\.x or Swagger 2\.0 document and generate a TypeScript client package from it\. Options:/,
    );
    expect(help).not.toContain('Connect API');
  });
});

describe('connect-codegen validate', () => {
  it('accepts the Connect API spec', async () => {
    const io = capture();
    expect(await main(['validate'], io)).toBe(0);
    expect(io.stdout).toEqual(['spec/connect-api.yaml is valid.']);
  });

  it('reports every problem with file, line, column and pointer, and exits 1', async () => {
    const io = capture();
    expect(await main(['validate', '--spec', 'test/fixtures/other/broken.yaml'], io)).toBe(1);
    const text = io.stderr.join('\n');
    expect(text).toMatch(
      /^test\/fixtures\/other\/broken\.yaml:12:\d+ error \[unresolved-ref\] #\/paths\/~1things~1\{id\}~1\/get\/responses\/200\/content\/application~1json\/schema\/\$ref: /m,
    );
    expect(text).toMatch(
      /^test\/fixtures\/other\/broken\.yaml:\d+:\d+ error \[path-parameter-undeclared\]/m,
    );
    expect(text).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('names a missing file instead of crashing', async () => {
    const io = capture();
    expect(await main(['validate', '--spec', 'nope/missing.yaml'], io)).toBe(1);
    expect(io.stderr.join('\n')).toContain('nope/missing.yaml');
  });

  it('exits 2 on a usage error', async () => {
    const io = capture();
    expect(await main(['generate', '--no-such-flag'], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain("unknown option '--no-such-flag'");
  });
});

describe('connect-codegen generate', () => {
  it('finds the committed package up to date', async () => {
    const io = capture();
    expect(await main(['generate', '--check'], io)).toBe(0);
    expect(io.stdout[0]).toMatch(
      /^generated is up to date with spec\/connect-api\.yaml \(\d+ files\)\.$/,
    );
  });

  it('--check lists changed, missing and extra files and writes nothing', async () => {
    const out = join(scratch(), 'stale');
    await cp('generated', out, {
      recursive: true,
      filter: (src) => !src.includes('node_modules') && !src.includes('/dist'),
    });
    await writeFile(join(out, 'src/enums.ts'), '// edited by hand\n');
    await rm(join(out, 'README.md'));
    // A file an earlier run wrote (its manifest lists it) that the spec no longer gives.
    await writeFile(join(out, 'src/leftover.ts'), 'export {};\n');
    const manifest = join(out, '.connect-codegen-manifest.json');
    const listed = await readFile(manifest, 'utf8');
    await writeFile(manifest, listed.replace('"files": [', '"files": [\n    "src/leftover.ts",'));
    const io = capture();
    expect(await main(['generate', '--check', '--out', out], io)).toBe(1);
    const text = io.stderr.join('\n');
    expect(text).toContain('changed  src/enums.ts');
    expect(text).toContain('missing  README.md');
    expect(text).toContain('extra    src/leftover.ts');
    expect(await readFile(join(out, 'src/enums.ts'), 'utf8')).toBe('// edited by hand\n');
  });

  it('writes nothing when the spec is invalid', async () => {
    const out = join(scratch(), 'untouched');
    const io = capture();
    expect(
      await main(['generate', '--spec', 'test/fixtures/other/broken.yaml', '--out', out], io),
    ).toBe(1);
    expect(await readdir(out).catch(() => 'absent')).toBe('absent');
    expect(io.stderr.at(-1)).toBe(
      'test/fixtures/other/broken.yaml: 2 error(s); nothing was written.',
    );
  });

  it('generates a client for another OpenAPI 3.0 document that type-checks', async () => {
    const out = join(scratch(), 'petstore');
    const io = capture();
    expect(
      await main(['generate', '--spec', 'test/fixtures/other/petstore.yaml', '--out', out], io),
    ).toBe(0);
    const client = await readFile(join(out, 'src/client.ts'), 'utf8');
    expect(client).toContain('export class PetStoreClient extends ClientCore');
    expect(client).toContain('listPets(');
    const header = client.split('\n')[0];
    expect(header).toContain('connect-codegen generate --spec test/fixtures/other/petstore.yaml');
    const files = (await readdir(join(out, 'src'), { recursive: true }))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(out, 'src', f));
    const problems = strictProblems(files);
    expect(problems).toEqual([]);
  }, 60_000);
});
