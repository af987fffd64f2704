/**
 * The trust fuzz: seeded hostile specs (hostile-spec-draw.ts), each laid out as real files in
 * a real git repository, run through the real command line as a CI job on a pull request
 * would run it (`generate`, and for some `diff --base HEAD --format markdown`, the text a bot
 * posts). Every case must:
 * - end within its limits (a child process, killed past CASE_LIMIT_MS; no signal, no crash);
 * - never print, write or report a byte of the secret planted outside the spec's root (and in
 *   .git/config and a git-ignored .env inside it);
 * - touch no file but those the generator's manifest says it wrote;
 * - fail, when it fails, with located diagnostics only: no internal error, no stack trace,
 *   no raw control character.
 *
 * `HOSTILE_SPEC_CASES` and `HOSTILE_SPEC_SEED` run more or other cases
 * (`HOSTILE_SPEC_CASES=300 npx vitest run test/robustness/fuzz-hostile-spec.test.ts`).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstat, mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../generator/write/manifest.js';
import { drawCase, layCase, OUTPUTS, TARGETS, type HostileCase } from './hostile-spec-draw.js';

const DEFAULT_CASES = 30;
const CASES = Number(process.env.HOSTILE_SPEC_CASES ?? DEFAULT_CASES);
const SEED = Number(process.env.HOSTILE_SPEC_SEED ?? 34);
const CASE_LIMIT_MS = 90_000;
/** Low enough that the case's 3 MB file is over it; the flag is what a user would pass. */
const FILE_LIMIT_FLAGS = ['--max-file-size', '1'];
const BIN = fileURLToPath(new URL('../../generator/bin.js', import.meta.url));

interface Ran {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly output: string;
  readonly killed: boolean;
}

function run(args: readonly string[], cwd: string): Promise<Ran> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=2048' },
    });
    let output = '';
    let killed = false;
    const watchdog = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, CASE_LIMIT_MS);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      clearTimeout(watchdog);
      done({ code, signal, output, killed });
    });
  });
}

/** Every entry under `dir` as its kind and content digest, without following links or opening special files. */
async function snapshot(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    const key = relative(dir, path).split(sep).join('/');
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) found.set(key, `link ${await readlink(path)}`);
    else if (stat.isFile())
      found.set(
        key,
        createHash('sha1')
          .update(await readFile(path))
          .digest('hex'),
      );
    else if (!stat.isDirectory()) found.set(key, 'special');
  }
  return found;
}

/** What the run's manifest says it wrote, as paths under `top`. */
async function manifest(top: string, outDir: string): Promise<Set<string>> {
  const text = await readFile(join(outDir, MANIFEST_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return new Set();
  const files = JSON.parse(text) as { files?: string[] } | string[];
  const list = Array.isArray(files) ? files : (files.files ?? []);
  const under = relative(top, outDir).split(sep).join('/');
  return new Set([...list, MANIFEST_FILE].map((f) => (under ? `${under}/${f}` : f)));
}

// ESC, BEL and the other C0 and C1 controls but tab and newline.
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;
/** A diagnostic line: `file[:line:col] error [code] #/pointer: message`. */
const ERROR_LINE = / error \[[a-z0-9-]+\] /;
const LOCATED = /^\S.*? error \[[a-z0-9-]+\] #\S*: /;

function checkOutput(hostile: HostileCase, what: string, ran: Ran, secret: string): void {
  const label = `case ${hostile.index} (${JSON.stringify(hostile.refs)} → ${hostile.output}) ${what}`;
  expect(ran.killed, `${label} ran past ${CASE_LIMIT_MS} ms`).toBe(false);
  expect(ran.signal, `${label} died`).toBeNull();
  // 0 and 1 are results; 2 is `diff`'s "no comparison could be made" (a spec that does not load).
  const codes = what === 'diff' ? [0, 1, 2] : [0, 1];
  expect(codes, `${label} exit code\n${ran.output.slice(-3000)}`).toContain(ran.code);
  expect(ran.output.includes(secret), `${label} printed the secret`).toBe(false);
  expect(ran.output, label).not.toMatch(/internal error/);
  expect(ran.output, label).not.toMatch(STACK_LINE);
  expect(RAW_CONTROL.test(ran.output), `${label} printed a raw control character`).toBe(false);
  for (const line of ran.output.split('\n'))
    if (ERROR_LINE.test(line)) expect(line, `${label}: an error that says where`).toMatch(LOCATED);
}

async function runCase(hostile: HostileCase): Promise<void> {
  const top = await mkdtemp(join(tmpdir(), 'hostile-spec-'));
  try {
    const laid = await layCase(hostile, top);
    const before = await snapshot(top);
    const generated = await run(
      ['generate', '--spec', laid.spec, '--out', laid.out, ...FILE_LIMIT_FLAGS],
      laid.repo,
    );
    checkOutput(hostile, 'generate', generated, laid.secret);
    if (hostile.diff) {
      const diffed = await run(
        [
          'diff',
          '--base',
          'HEAD',
          '--spec',
          laid.spec,
          '--format',
          'markdown',
          ...FILE_LIMIT_FLAGS,
        ],
        laid.repo,
      );
      checkOutput(hostile, 'diff', diffed, laid.secret);
    }
    const after = await snapshot(top);
    const outDir = resolve(laid.repo, laid.out);
    const written = await manifest(top, outDir);
    for (const [path, digest] of after) {
      if (before.get(path) === digest) continue;
      expect(written.has(path), `case ${hostile.index}: ${path} changed, not in the manifest`).toBe(
        true,
      );
      if (!digest.startsWith('link') && digest !== 'special') {
        const text = await readFile(join(top, path), 'utf8');
        expect(text.includes(laid.secret), `case ${hostile.index}: ${path} holds the secret`).toBe(
          false,
        );
      }
    }
    for (const path of before.keys())
      if (!after.has(path))
        expect(written.has(path), `case ${hostile.index}: ${path} removed`).toBe(true);
  } finally {
    await rm(top, { recursive: true, force: true });
  }
}

describe(`hostile specs (seed ${SEED}, ${CASES} cases)`, () => {
  it('draws every target and every output within the default run', () => {
    const cases = Array.from({ length: Math.max(CASES, DEFAULT_CASES) }, (_, i) =>
      drawCase(SEED, i),
    );
    const targets = new Set(cases.flatMap((c) => c.refs.map((r) => r.target)));
    const outputs = new Set(cases.map((c) => c.output));
    expect([...targets].sort()).toEqual([...TARGETS].sort());
    expect([...outputs].sort()).toEqual([...OUTPUTS].sort());
  });

  for (let index = 0; index < CASES; index += 1) {
    it(`case ${index}`, () => runCase(drawCase(SEED, index)), CASE_LIMIT_MS * 3);
  }
});
