/**
 * The compile cache (generator/compile-cache.js) that spares each run compiling TypeScript's
 * compiler again: a second process uses what the first left, the module works the same from
 * a cached compile, a damaged entry is only a miss, and CONNECT_CODEGEN_CACHE=off turns it off.
 * Each case runs in its own process, as the cache serves whole processes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'connect-compile-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MODULE = pathToFileURL(join(process.cwd(), 'generator/compile-cache.js')).href;

/** Loads ts-morph in a fresh process with the cache on `dir`; prints the mode, what was used, and a printed statement. */
function run(env: Record<string, string> = {}) {
  const script = `
    import { createRequire } from 'node:module';
    const { enableCompileCache, compileCacheUse } = await import(${JSON.stringify(MODULE)});
    const mode = enableCompileCache(process.env, ${JSON.stringify(dir)});
    const { Project } = createRequire(${JSON.stringify(join(process.cwd(), 'generator/cli/cli.ts'))})('ts-morph');
    const file = new Project({ useInMemoryFileSystem: true }).createSourceFile('/a.ts', 'const a:number=1');
    console.log(JSON.stringify({ mode, use: compileCacheUse.map((u) => u.used), text: file.getFullText() }));
  `;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, CONNECT_CODEGEN_CACHE: '', ...env },
  });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { mode: string; use: boolean[]; text: string };
}

const nodeHasOwn = Number(process.versions.node.split('.')[0]) >= 22;

describe.skipIf(nodeHasOwn)('the compile cache on Node 20', () => {
  it('is written by a first run and used by the next, with the same result', () => {
    const first = run();
    expect(first.mode).toBe('files');
    expect(first.use).toEqual([false, false, false]);
    expect(readdirSync(dir)).toHaveLength(3);
    const second = run();
    expect(second.use).toEqual([true, true, true]);
    expect(second.text).toBe(first.text);
  }, 60_000);

  it('treats a damaged entry as a miss and writes it again', () => {
    for (const name of readdirSync(dir)) writeFileSync(join(dir, name), 'not a code cache');
    const damaged = run();
    expect(damaged.use).toEqual([false, false, false]);
    expect(damaged.text).toBe('const a:number=1');
    expect(run().use).toEqual([true, true, true]);
  }, 60_000);

  it('is off with CONNECT_CODEGEN_CACHE=off', () => {
    const off = run({ CONNECT_CODEGEN_CACHE: 'off' });
    expect(off.mode).toBe('off');
    expect(off.use).toEqual([]);
  }, 60_000);
});

describe.skipIf(!nodeHasOwn)('the compile cache on Node 22 and later', () => {
  it("uses Node's own", () => {
    expect(run().mode).toBe('node');
  }, 60_000);
});
