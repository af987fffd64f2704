/**
 * What the loader may read of someone else's spec (issue 34): `$ref`s reach the git work tree
 * that holds the spec, or the spec's folder outside git, and nothing else unless `refRoots`
 * say so; never `.git`, never a file git ignores, never a FIFO or a device, never more than the
 * size limits; and no message quotes what a file holds or prints a control character raw.
 * Real files, symbolic links, a FIFO and git repositories in a scratch folder.
 */
import { execFileSync } from 'node:child_process';
import { readdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { runDiff } from '../../generator/cli/commands/diff.js';
import { formatDiagnostic, type Diagnostic } from '../../generator/shared/diagnostics.js';
import { loadSpec, type LoadSpecOptions } from '../../generator/load/split/load-spec.js';
import { loadDocument } from '../../generator/load/swagger/load.js';
import { capture } from '../support/cli-io.js';
import { gitIn } from '../support/git.js';
import { useScratchDir } from '../support/scratch.js';
import { named, writeTree } from './tree.js';

const scratch = useScratchDir('connect-codegen-trust-');
let count = 0;

/** What must never be printed or generated: planted in files the spec may not read. */
const SECRET = 'c2VjcmV0LXRva2VuLTQyLXNlY3JldA';

const INFO = "openapi: 3.0.3\ninfo: {title: Things, version: '1'}\n";
/** A spec whose one response schema is `$ref: ref`. */
const rootWith = (ref: string) =>
  `${INFO}paths:
  /things:
    get:
      operationId: getThing
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: ${JSON.stringify(ref)}}
`;
const SCHEMA_POINTER = '/paths/~1things/get/responses/200/content/application~1json/schema/$ref';
const secretSchema = `type: object\ndescription: ${SECRET}\nproperties:\n  token: {type: string, example: ${SECRET}}\n`;
const THING = 'type: object\nproperties:\n  id: {type: string}\n';

/** A fresh folder holding `files`. */
async function fresh(files: Record<string, string>): Promise<string> {
  const dir = join(scratch(), `case-${(count += 1)}`);
  await writeTree(dir, files);
  return dir;
}

async function load(dir: string, root: string, options: LoadSpecOptions = {}) {
  return loadSpec(named(dir, root), options);
}

const printed = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map(formatDiagnostic).join('\n');

describe('$refs reach the spec folder outside git, and no further', () => {
  it('refuses a file outside the spec folder, at the $ref, saying how to widen the roots', async () => {
    const dir = await fresh({
      'api/openapi.yaml': rootWith('../elsewhere/secret.yaml#/properties/token'),
      'elsewhere/secret.yaml': secretSchema,
    });
    const { document, diagnostics } = await load(dir, 'api/openapi.yaml');
    expect(document).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'ref-outside-root',
        file: named(dir, 'api/openapi.yaml'),
        pointer: SCHEMA_POINTER,
        line: 12,
        message: expect.stringContaining(`it is outside ${join(dir, 'api')} (the spec's folder)`),
        hint: expect.stringContaining(
          'add their folder to refRoots in the config or pass --ref-root <dir>',
        ),
      }),
    ]);
    expect(printed(diagnostics)).not.toContain(SECRET);
  });

  it('refuses a file outside the roots that does not exist as one that does: which files exist out there is not for a spec to learn', async () => {
    const dir = await fresh({
      'api/openapi.yaml': rootWith('../elsewhere/missing.yaml#/X'),
      'elsewhere/present.yaml': THING,
    });
    const { diagnostics } = await load(dir, 'api/openapi.yaml');
    expect(diagnostics.map((d) => d.code)).toEqual(['ref-outside-root']);
    expect(printed(diagnostics)).not.toMatch(/no such file/);
  });

  it('refuses an absolute path', async () => {
    const dir = await fresh({ 'elsewhere/secret.yaml': secretSchema });
    await writeTree(dir, { 'api/openapi.yaml': rootWith(join(dir, 'elsewhere/secret.yaml')) });
    const { diagnostics } = await load(dir, 'api/openapi.yaml');
    expect(diagnostics.map((d) => d.code)).toEqual(['ref-outside-root']);
    expect(printed(diagnostics)).not.toContain(SECRET);
  });

  it('refuses a symbolic link inside the spec folder that leads out of it', async () => {
    const dir = await fresh({
      'api/openapi.yaml': rootWith('./schemas/secret.yaml'),
      'elsewhere/secret.yaml': secretSchema,
    });
    await symlink(join(dir, 'elsewhere'), join(dir, 'api/schemas'));
    const { diagnostics } = await load(dir, 'api/openapi.yaml');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'ref-outside-root',
        message: expect.stringContaining(
          `; the path leads to ${join(dir, 'elsewhere/secret.yaml')}`,
        ),
      }),
    ]);
    expect(printed(diagnostics)).not.toContain(SECRET);
  });

  it('reads outside the spec folder what refRoots allow: the option, the flag and the config', async () => {
    const dir = await fresh({
      'api/openapi.yaml': rootWith('../common/Thing.yaml'),
      'common/Thing.yaml': THING,
      'connect-codegen.config.json': '{ "spec": "api/openapi.yaml", "refRoots": ["common"] }',
    });
    const widened = await load(dir, 'api/openapi.yaml', { refRoots: [join(dir, 'common')] });
    expect(widened.diagnostics).toEqual([]);
    expect(widened.document?.files).toContain(named(dir, 'common/Thing.yaml'));

    const spec = join(dir, 'api/openapi.yaml');
    const refused = capture();
    expect(await main(['validate', '--spec', spec], refused)).toBe(1);
    expect(refused.stderr.join('\n')).toContain('[ref-outside-root]');
    const flag = capture();
    expect(await main(['validate', '--spec', spec, '--ref-root', join(dir, 'common')], flag)).toBe(
      0,
    );
    const config = capture();
    const configFile = join(dir, 'connect-codegen.config.json');
    expect(await main(['validate', '--config', configFile], config)).toBe(0);
  });

  it('refuses the same from a Swagger 2.0 document', async () => {
    const dir = await fresh({
      'api/swagger.yaml': `swagger: '2.0'
info: {title: Things, version: '1'}
paths:
  /things:
    get:
      operationId: getThing
      responses:
        '200':
          description: ok
          schema: {$ref: '../elsewhere/secret.yaml'}
`,
      'elsewhere/secret.yaml': secretSchema,
    });
    const { document, diagnostics } = await loadDocument(named(dir, 'api/swagger.yaml'));
    expect(document).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(['ref-outside-root']);
    expect(printed(diagnostics)).not.toContain(SECRET);
  });

  it('generates nothing and prints no byte of a file outside the root, nor does diff', async () => {
    const dir = await fresh({
      'api/openapi.yaml': rootWith('../elsewhere/secret.yaml'),
      'api/base.yaml': rootWith('./Thing.yaml'),
      'api/Thing.yaml': THING,
      'elsewhere/secret.yaml': secretSchema,
    });
    const io = capture();
    const out = join(dir, 'out');
    const spec = join(dir, 'api/openapi.yaml');
    expect(await main(['generate', '--spec', spec, '--out', out], io)).toBe(1);
    expect(await readdir(out).catch(() => 'absent')).toBe('absent');
    const diff = capture();
    const base = join(dir, 'api/base.yaml');
    expect(await main(['diff', '--base', base, '--spec', spec, '--format', 'markdown'], diff)).toBe(
      2,
    );
    const all = [...io.stdout, ...io.stderr, ...diff.stdout, ...diff.stderr].join('\n');
    expect(all).toContain('[ref-outside-root]');
    expect(all).not.toContain(SECRET);
  });
});

describe('$refs in a git work tree', () => {
  /** A repository at `dir`: `.env` ignored, a token in `.git/config`, nothing committed. */
  async function repository(files: Record<string, string>): Promise<string> {
    const dir = await fresh({ '.gitignore': '.env\nbuild/\n', ...files });
    const git = gitIn(() => dir);
    await git('init', '-q');
    await git('config', 'http.extraheader', `AUTHORIZATION: basic ${SECRET}`);
    return dir;
  }

  it('reaches any file of the work tree, a tracked one whatever the ignore patterns, and refuses one git ignores with what only it led to', async () => {
    const dir = await repository({
      'spec/openapi.yaml': `${rootWith('../.env')}components:
  schemas:
    Thing: {$ref: '../common/Thing.yaml'}
    Built: {$ref: '../build/Built.yaml'}
`,
      'common/Thing.yaml': THING,
      'build/Built.yaml': THING,
      // Valid YAML, so that only the ignore rule keeps it out; it leads to a broken file.
      '.env': `${secretSchema}  more: {$ref: ./broken.yaml}\n`,
      'broken.yaml': `a: [${SECRET}\n`,
    });
    await gitIn(() => dir)('add', '-f', 'build/Built.yaml');
    const { document, diagnostics } = await load(dir, 'spec/openapi.yaml');
    expect(document).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'ref-outside-root',
        pointer: SCHEMA_POINTER,
        message: expect.stringContaining(
          'git ignores it, and files git ignores (.env, credentials, build output) are never read',
        ),
      }),
    ]);
    expect(printed(diagnostics)).not.toContain(SECRET);
    // Without the ignored file, the rest loads: outside the spec folder, and the tracked build file.
    await writeTree(dir, {
      'spec/openapi.yaml': `${rootWith('../common/Thing.yaml')}components:
  schemas:
    Built: {$ref: '../build/Built.yaml'}
`,
    });
    const clean = await load(dir, 'spec/openapi.yaml');
    expect(clean.diagnostics).toEqual([]);
    expect(clean.document?.files).toEqual([
      named(dir, 'build/Built.yaml'),
      named(dir, 'common/Thing.yaml'),
      named(dir, 'spec/openapi.yaml'),
    ]);
  });

  it('reads beside a root spec git ignores (build output, an installed package), and a folder named in refRoots whole', async () => {
    const dir = await repository({
      'build/api/openapi.yaml': `${rootWith('./paths/Thing.yaml')}components:
  schemas:
    Shared: {$ref: '../shared/Shared.yaml'}
`,
      'build/api/paths/Thing.yaml': THING,
      'build/shared/Shared.yaml': THING,
    });
    // Beside and below the ignored root: read. Elsewhere in ignored build/: refused.
    const refused = await load(dir, 'build/api/openapi.yaml');
    expect(refused.diagnostics.map((d) => [d.code, d.file])).toEqual([
      ['ref-outside-root', named(dir, 'build/api/openapi.yaml')],
    ]);
    expect(refused.diagnostics[0]!.message).toContain('Shared.yaml');
    expect(refused.diagnostics[0]!.hint).toContain('--ref-root');
    const widened = await load(dir, 'build/api/openapi.yaml', {
      refRoots: [named(dir, 'build')],
    });
    expect(widened.diagnostics).toEqual([]);
    expect(widened.document?.files).toEqual([
      named(dir, 'build/api/openapi.yaml'),
      named(dir, 'build/api/paths/Thing.yaml'),
      named(dir, 'build/shared/Shared.yaml'),
    ]);
  });

  it('reads no file of the work tree when git cannot say which it ignores', async () => {
    // A `.git` file pointing nowhere: a work tree by its look, which git refuses.
    const dir = await fresh({
      '.git': 'gitdir: ./nowhere\n',
      'spec/openapi.yaml': rootWith('./Thing.yaml'),
      'spec/Thing.yaml': THING,
    });
    const { document, diagnostics } = await load(dir, 'spec/openapi.yaml');
    expect(document).toBeUndefined();
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'ref-outside-root',
        message: expect.stringContaining(
          'git could not say whether it ignores the file (git check-ignore: fatal:',
        ),
      }),
    ]);
  });

  it('never reads inside .git, whatever the roots', async () => {
    const dir = await repository({ 'spec/openapi.yaml': rootWith('../.git/config') });
    const { diagnostics } = await load(dir, 'spec/openapi.yaml', { refRoots: [join(dir, '.git')] });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'ref-outside-root',
        message: expect.stringContaining('it is inside a .git folder, which is never read'),
      }),
    ]);
    expect(printed(diagnostics)).not.toContain(SECRET);
  });

  it('diff --base <rev> refuses a ref out of the repository', async () => {
    const dir = await fresh({ 'outside/secret.yaml': secretSchema });
    const repo = join(dir, 'repo');
    await writeTree(repo, { 'spec/openapi.yaml': rootWith('../../outside/secret.yaml') });
    const git = gitIn(() => repo);
    await git('init', '-q');
    await git('add', '.');
    await git('commit', '-q', '-m', 'spec');
    const io = capture();
    const code = await runDiff(
      { base: 'HEAD', spec: 'spec/openapi.yaml', format: 'markdown' },
      io,
      repo,
    );
    expect(code).toBe(2);
    expect(io.stderr.join('\n')).toMatch(
      /HEAD:spec\/openapi\.yaml:12:\d+ error \[ref-outside-root\]/,
    );
    expect(io.stderr.join('\n')).not.toContain(SECRET);
  });
});

describe('only regular files, within the size limits', () => {
  it('refuses a FIFO, as a ref and as the root, without waiting on it', async () => {
    const dir = await fresh({ 'api/openapi.yaml': rootWith('./pipe.yaml') });
    execFileSync('mkfifo', [join(dir, 'api/pipe.yaml')]);
    const { diagnostics } = await load(dir, 'api/openapi.yaml');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'file-not-regular',
        pointer: SCHEMA_POINTER,
        message: expect.stringContaining('it is a FIFO (named pipe), not a regular file'),
      }),
    ]);
    const root = await load(dir, 'api/pipe.yaml');
    expect(root.diagnostics).toEqual([
      expect.objectContaining({
        code: 'file-not-regular',
        message: `cannot read '${named(dir, 'api/pipe.yaml')}': it is a FIFO (named pipe), not a regular file`,
      }),
    ]);
  });

  it('refuses a link to /dev/zero: out of the root, and a device when the root allows it', async () => {
    const dir = await fresh({ 'api/openapi.yaml': rootWith('./zero.yaml') });
    await symlink('/dev/zero', join(dir, 'api/zero.yaml'));
    expect((await load(dir, 'api/openapi.yaml')).diagnostics.map((d) => d.code)).toEqual([
      'ref-outside-root',
    ]);
    const widened = await load(dir, 'api/openapi.yaml', { refRoots: ['/dev'] });
    expect(widened.diagnostics).toEqual([
      expect.objectContaining({
        code: 'file-not-regular',
        message: expect.stringContaining('it is a character device, not a regular file'),
      }),
    ]);
    expect((await load(dir, 'api/zero.yaml')).diagnostics.map((d) => d.code)).toEqual([
      'file-not-regular',
    ]);
  });

  it('refuses a file over the limit per file, naming the limit and how to raise it', async () => {
    const padding = `# ${'x'.repeat(3000)}\n`;
    const dir = await fresh({
      'api/openapi.yaml': rootWith('./Big.yaml'),
      'api/Big.yaml': `${padding}${THING}`,
    });
    const limits = { maxFileBytes: 2048, maxTotalBytes: 1 << 20 };
    const { diagnostics } = await load(dir, 'api/openapi.yaml', { limits });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'file-too-large',
        pointer: SCHEMA_POINTER,
        message: expect.stringMatching(
          /names .*Big\.yaml, which cannot be read: it is 0\.0029 MB, over the 0\.0020 MB limit per file$/,
        ),
        hint: 'raise the limit with --max-file-size <MB> or limits.maxFileSizeMb in the config',
      }),
    ]);
    // The same through the flag; and the root obeys the limit too.
    const spec = join(dir, 'api/openapi.yaml');
    const io = capture();
    expect(await main(['validate', '--spec', spec, '--max-file-size', '0.002'], io)).toBe(1);
    expect(io.stderr.join('\n')).toContain('[file-too-large]');
    expect(await main(['validate', '--spec', spec], capture())).toBe(0);
    const root = await load(dir, 'api/Big.yaml', { limits });
    expect(root.diagnostics.map((d) => d.code)).toEqual(['file-too-large']);
  });

  it('refuses the file that takes the spec over the total limit', async () => {
    const padding = `# ${'x'.repeat(1500)}\n`;
    const dir = await fresh({
      'api/openapi.yaml': rootWith('./A.yaml'),
      'api/A.yaml': `${padding}type: object\nproperties:\n  b: {$ref: ./B.yaml}\n`,
      'api/B.yaml': `${padding}${THING}`,
    });
    const { diagnostics } = await load(dir, 'api/openapi.yaml', {
      limits: { maxFileBytes: 1 << 20, maxTotalBytes: 2048 },
    });
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'file-too-large',
        file: named(dir, 'api/A.yaml'),
        message: expect.stringContaining(
          "B.yaml, which cannot be read: with it the spec's files would be over the 0.0020 MB limit",
        ),
        hint: 'raise the limit with --max-total-size <MB> or limits.maxTotalSizeMb in the config',
      }),
    ]);
  });

  it('refuses a size flag that is not a positive number as a usage error', async () => {
    const io = capture();
    expect(await main(['validate', '--max-file-size', 'lots'], io)).toBe(2);
    expect(io.stderr.join('\n')).toContain('expected a number of megabytes greater than 0');
  });
});

describe('messages never carry a file or raw control characters', () => {
  it('quotes at most 12 characters of a file that is not YAML', async () => {
    const dir = await fresh({
      'api/openapi.yaml': rootWith('./settings.yaml'),
      'api/settings.yaml': `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${SECRET}\n`,
    });
    const { diagnostics } = await load(dir, 'api/openapi.yaml');
    expect(diagnostics.length).toBeGreaterThan(0);
    const text = printed(diagnostics);
    expect(text).toContain('[yaml-syntax]');
    expect(text).not.toContain(SECRET.slice(0, 13));
    for (const quoted of text.match(/"[^"]*"/g) ?? [])
      expect(quoted.length).toBeLessThanOrEqual(15);
  });

  it('escapes ESC and other control characters from a $ref and a key', async () => {
    const evil = '\u001b]0;owned\u0007\u001b[2J\u009b31m\u202egone';
    const dir = await fresh({
      'api/openapi.yaml': rootWith(`./${evil}.yaml`),
    });
    const { diagnostics } = await load(dir, 'api/openapi.yaml');
    const text = printed(diagnostics);
    expect(text).toContain('\\x1b]0;owned\\x07\\x1b[2J\\x9b31m\\u202egone');
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    const line = formatDiagnostic({
      code: 'x',
      severity: 'error',
      message: 'm\u001bc',
      file: 'f\u0007.yaml',
      pointer: '/a\nb',
      line: 1,
      column: 2,
      hint: 'h\r',
    });
    expect(line).toBe('f\\x07.yaml:1:2 error [x] #/a\\nb: m\\x1bc\n    hint: h\\r');
  });
});

describe('$id', () => {
  it('does not change what a relative $ref names: the file it is written in decides, and a warning says so', async () => {
    const dir = await fresh({
      'api/openapi.yaml': `openapi: 3.1.0
info: {title: Things, version: '1'}
paths:
  /things:
    get:
      operationId: getThing
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: ./schemas/Thing.yaml}
`,
      'api/schemas/Thing.yaml': `$id: https://example.com/schemas/thing.json
type: object
properties:
  other: {$ref: ./Other.yaml}
`,
      'api/schemas/Other.yaml': THING,
    });
    const { document, diagnostics } = await load(dir, 'api/openapi.yaml');
    // JSON Schema would resolve it against the $id, to a URL: never fetched, and said so.
    expect(diagnostics.map((d) => [d.severity, d.code, d.pointer])).toEqual([
      ['warning', 'ref-under-id', '/properties/other/$ref'],
    ]);
    expect(document?.files).toContain(named(dir, 'api/schemas/Other.yaml'));
  });
});
