/**
 * Hostile specs for the trust fuzz (fuzz-hostile-spec.test.ts): what a contributor to someone
 * else's spec could commit, drawn from a seed. A case is data (where its `$ref`s point, where
 * they stand, which strings the spec carries, where the output goes); `layCase` lays it out
 * as real files in a real git repository, beside a folder outside the repository that holds a
 * planted secret, and returns what the run must leave alone.
 *
 * Every target kind stands for a way a read could escape the spec's root or never end: a path
 * that climbs out (plain, percent-encoded, absolute, as a file URL), a symlink out (to a file,
 * to a folder), git's own folder, a file git ignores, a FIFO, a device, a folder, a chain of
 * hundreds of files, nesting thousands deep, and control characters in the ref itself.
 */
import { execFileSync } from 'node:child_process';
import { gitIn } from '../support/git.js';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { mulberry32 } from './hostile-draw.js';

export const TARGETS = [
  'inside',
  'outside-relative',
  'outside-encoded',
  'outside-absolute',
  'file-url',
  'symlink-out',
  'symlink-dir-out',
  'git-config',
  'git-ignored',
  'fifo',
  'dev-zero',
  'directory',
  'missing',
  'chain',
  'deep',
  'control-chars',
  'dollar-id',
  'big',
] as const;
export type TargetKind = (typeof TARGETS)[number];

export const POSITIONS = [
  'schema-component',
  'property',
  'parameter',
  'response',
  'path-item',
  'tag-description',
  'extension',
] as const;
export type PositionKind = (typeof POSITIONS)[number];

export const OUTPUTS = [
  'generated',
  'user-files',
  'dot',
  'spec-folder',
  'parent',
  'symlinked-src',
] as const;
export type OutputKind = (typeof OUTPUTS)[number];

/** Strings a spec can carry into messages and reports. */
export const HOSTILE_TEXTS = [
  '1.0.0',
  '1.0.0\n\nNo changes to the public surface.\n\n<!--',
  '`` @octo/team [x](https://evil.example) ``',
  '\u001b[2J\u001b]0;pwned\u0007',
  '<img src=x onerror=alert(1)>',
  '| a | b |\n|---|---|',
  '# heading\n> quote\n- item',
  '\u2028\u2029\u200b',
  'x'.repeat(5000),
] as const;

export interface RefPlan {
  readonly target: TargetKind;
  readonly position: PositionKind;
}

export interface HostileCase {
  readonly index: number;
  readonly refs: readonly RefPlan[];
  readonly text: string;
  readonly output: OutputKind;
  /** Files in the chain target. */
  readonly chainLength: number;
  /** Levels of nesting in the deep target. */
  readonly depth: number;
  /** Whether `diff --format markdown` runs too (the PR comment). */
  readonly diff: boolean;
}

/** Case `index` of `seed`; the first cases go through every target once, so a short run covers them all. */
export function drawCase(seed: number, index: number): HostileCase {
  const random = mulberry32(seed * 1_000_003 + index);
  const int = (n: number) => Math.floor(random() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const first: RefPlan = {
    target: index < TARGETS.length ? TARGETS[index]! : pick(TARGETS),
    position: pick(POSITIONS),
  };
  const more = Array.from({ length: int(3) }, () => ({
    target: pick(TARGETS),
    position: pick(POSITIONS),
  }));
  return {
    index,
    refs: [first, ...more],
    text: pick(HOSTILE_TEXTS),
    output: index < OUTPUTS.length ? OUTPUTS[index]! : pick(OUTPUTS),
    chainLength: pick([2, 40, 600]),
    depth: pick([40, 600, 3_000, 30_000]),
    diff: random() < 0.4,
  };
}

/** What `layCase` made: where to run, what to pass, and what the run must not touch or reveal. */
export interface LaidCase {
  /** The repository the command runs in. */
  readonly repo: string;
  readonly spec: string;
  readonly out: string;
  /** A string that appears only outside the spec's root (and in files git ignores or owns). */
  readonly secret: string;
}

const BIG_FILE_BYTES = 3 * 1024 * 1024;

/** The `$ref` string for a target, as written in `spec/openapi.yaml`. */
function refFor(target: TargetKind, top: string): string {
  switch (target) {
    case 'inside':
      return './schemas/ok.yaml';
    case 'outside-relative':
      return '../../outside/secret.yaml#/token';
    case 'outside-encoded':
      return '%2e%2e/%2e%2e/outside/secret.yaml#/token';
    case 'outside-absolute':
      return `${top}/outside/secret.yaml#/token`;
    case 'file-url':
      return `file://${top}/outside/secret.yaml#/token`;
    case 'symlink-out':
      return './link-out.yaml#/token';
    case 'symlink-dir-out':
      return './linked-dir/secret.yaml#/token';
    case 'git-config':
      return '../.git/config';
    case 'git-ignored':
      return '../.env';
    case 'fifo':
      return './fifo.yaml';
    case 'dev-zero':
      return './zero.yaml';
    case 'directory':
      return './dir.yaml';
    case 'missing':
      return './missing.yaml';
    case 'chain':
      return './chain/f0.yaml#/F';
    case 'deep':
      return './deep.yaml';
    case 'control-chars':
      return './esc\u001b[2J\u001b]0;pwned\u0007.yaml';
    case 'dollar-id':
      return './with-id.yaml';
    case 'big':
      return './big.yaml';
  }
}

/** The root document: one operation, and each planned ref at its place. */
function rootDocument(hostile: HostileCase, top: string): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    Holder: { type: 'object', properties: { id: { type: 'string' } } },
  };
  const parameters: unknown[] = [];
  const responses: Record<string, unknown> = {
    '200': {
      description: 'ok',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Holder' } } },
    },
  };
  const paths: Record<string, unknown> = {
    '/things': { get: { operationId: 'listThings', parameters, responses } },
  };
  const tags: Record<string, unknown>[] = [{ name: 'things' }];
  const document: Record<string, unknown> = {
    openapi: '3.0.3',
    info: { title: 'Hostile', version: hostile.text, description: hostile.text },
    tags,
    paths,
    components: { schemas },
  };
  hostile.refs.forEach(({ target, position }, n) => {
    const ref = { $ref: refFor(target, top) };
    switch (position) {
      case 'schema-component':
        schemas[`Hostile${n}`] = ref;
        break;
      case 'property':
        (schemas.Holder as { properties: Record<string, unknown> }).properties[`field${n}`] = ref;
        break;
      case 'parameter':
        parameters.push(ref);
        break;
      case 'response':
        responses[String(400 + n)] = ref;
        break;
      case 'path-item':
        paths[`/other${n}`] = ref;
        break;
      case 'tag-description':
        tags.push({ name: `tag${n}`, description: ref });
        break;
      case 'extension':
        document[`x-hostile-${n}`] = ref;
        break;
    }
  });
  parameters.push({
    name: hostile.text.slice(0, 40) || 'q',
    in: 'query',
    schema: { type: 'string' },
  });
  return document;
}

/** A base spec for `diff --base`: the same API plus an operation the hostile head removes. */
function baseDocument(): Record<string, unknown> {
  const response = { '200': { description: 'ok' } };
  return {
    openapi: '3.0.3',
    info: { title: 'Hostile', version: '1.0.0' },
    paths: {
      '/things': { get: { operationId: 'listThings', responses: response } },
      '/removed': { get: { operationId: 'removedOperation', responses: response } },
    },
  };
}

/**
 * Lays `hostile` out under `top` (an empty folder): `outside/` with the secret, `victim/`
 * (what a symlinked output would reach), and `repo/`, a git repository whose first commit
 * holds the base spec, with the hostile spec and its files written over it.
 */
export async function layCase(hostile: HostileCase, top: string): Promise<LaidCase> {
  const secret = `S3CR3T-${hostile.index}-${Math.random().toString(36).slice(2, 10)}`;
  const repo = join(top, 'repo');
  const spec = join(repo, 'spec');
  await mkdir(join(top, 'outside'), { recursive: true });
  await mkdir(join(top, 'victim'), { recursive: true });
  await writeFile(join(top, 'victim', 'keep.txt'), 'not the generator’s\n');
  await writeFile(
    join(top, 'outside', 'secret.yaml'),
    stringify({ token: { type: 'string', description: secret, enum: [secret] } }),
  );
  await mkdir(join(spec, 'schemas'), { recursive: true });
  await gitIn(() => top)('init', '-q', 'repo');
  const git = gitIn(() => repo);
  await writeFile(join(repo, '.gitignore'), '.env\nbuild/\n');
  await writeFile(join(spec, 'openapi.yaml'), stringify(baseDocument()));
  await git('add', '-A');
  await git('commit', '-q', '-m', 'base');
  // After the commit, so that nothing secret is in git's objects for `diff --base` to find.
  await writeFile(join(repo, '.env'), `type: string\ndescription: ${secret}\n`);
  await writeFile(
    join(repo, '.git', 'config'),
    `[http]\n\textraheader = AUTHORIZATION: basic ${secret}\n`,
    { flag: 'a' },
  );
  await writeFile(join(spec, 'openapi.yaml'), stringify(rootDocument(hostile, top)));
  await writeFile(
    join(spec, 'schemas', 'ok.yaml'),
    stringify({ type: 'object', properties: { id: { type: 'string' } } }),
  );
  await symlink(join(top, 'outside', 'secret.yaml'), join(spec, 'link-out.yaml'));
  await symlink(join(top, 'outside'), join(spec, 'linked-dir'));
  await symlink('/dev/zero', join(spec, 'zero.yaml'));
  execFileSync('mkfifo', [join(spec, 'fifo.yaml')]);
  await mkdir(join(spec, 'dir.yaml'));
  await mkdir(join(spec, 'chain'));
  for (let i = 0; i < hostile.chainLength; i += 1) {
    const next =
      i + 1 < hostile.chainLength
        ? { type: 'object', properties: { next: { $ref: `./f${i + 1}.yaml#/F` } } }
        : { type: 'string' };
    await writeFile(join(spec, 'chain', `f${i}.yaml`), stringify({ F: next }));
  }
  const depth = hostile.depth;
  await writeFile(
    join(spec, 'deep.yaml'),
    `${'{a: '.repeat(depth)}{type: string}${'}'.repeat(depth)}\n`,
  );
  await writeFile(
    join(spec, 'esc\u001b[2J\u001b]0;pwned\u0007.yaml'),
    stringify({ type: 'string' }),
  );
  await writeFile(
    join(spec, 'with-id.yaml'),
    stringify({
      $id: 'https://example.com/schemas/with-id.yaml',
      type: 'object',
      properties: { ok: { $ref: './schemas/ok.yaml' } },
    }),
  );
  await writeFile(
    join(spec, 'big.yaml'),
    `type: object\ndescription: "${'b'.repeat(BIG_FILE_BYTES)}"\n`,
  );
  return {
    repo,
    spec: 'spec/openapi.yaml',
    out: await layOutput(hostile.output, top, repo),
    secret,
  };
}

/** The output folder the case asks for, with what a user or a PR put there first. */
async function layOutput(output: OutputKind, top: string, repo: string): Promise<string> {
  switch (output) {
    case 'generated':
      return 'generated';
    case 'user-files':
      await mkdir(join(repo, 'generated', 'src'), { recursive: true });
      await writeFile(join(repo, 'generated', 'src', 'notes.ts'), '// mine\n');
      await writeFile(join(repo, 'generated', 'package.json'), '{"name":"not-generated"}\n');
      return 'generated';
    case 'dot':
      await mkdir(join(repo, 'src'), { recursive: true });
      await writeFile(join(repo, 'package.json'), '{"name":"their-app"}\n');
      await writeFile(join(repo, 'README.md'), '# Their app\n');
      await writeFile(join(repo, 'src', 'main.ts'), 'export {};\n');
      return '.';
    case 'spec-folder':
      return 'spec';
    case 'parent':
      return '..';
    case 'symlinked-src':
      await mkdir(join(repo, 'generated'), { recursive: true });
      await symlink(join(top, 'victim'), join(repo, 'generated', 'src'));
      return 'generated';
  }
}
