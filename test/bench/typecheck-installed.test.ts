/**
 * The type-check benchmark's installed consumer (bench/typecheck/installed.ts) checks what a
 * user who installs the package checks: the packed package's dist/*.d.ts, reached through
 * its `exports` from `import … from 'connect-api-client'`, and none of generated/src.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedClient, type InstalledConsumer } from '../../bench/typecheck/installed.js';
import { ROOT, WORK } from '../../bench/lib/work.js';

const dir = join(WORK, `test-installed-${process.pid}`);
let installed: InstalledConsumer;

function tsc(project: string, ...extra: string[]) {
  return spawnSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project, ...extra],
    { encoding: 'utf8' },
  );
}

beforeAll(() => {
  installed = installPackedClient(dir);
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the installed consumer of the type-check benchmark', () => {
  it('type-checks against the packed dist/esm declarations only', () => {
    const result = tsc(installed.project, '--listFiles');
    expect(result.stderr + result.stdout).not.toMatch(/error TS/);
    expect(result.status).toBe(0);
    const files = result.stdout.split('\n').map((f) => relative(installed.dir, f.trim()));
    const ours = files.filter((f) => f.startsWith('node_modules/connect-api-client/'));
    expect(ours).toContain('node_modules/connect-api-client/dist/esm/index.d.ts');
    expect(ours.every((f) => f.startsWith('node_modules/connect-api-client/dist/esm/'))).toBe(true);
    expect(ours.every((f) => f.endsWith('.d.ts'))).toBe(true);
    expect(files.some((f) => f.includes('generated/src'))).toBe(false);
  }, 60_000);

  it('still sees the real types: a wrong property is an error', () => {
    const spoiled = join(installed.dir, 'spoiled.ts');
    writeFileSync(
      spoiled,
      "import type { Station } from 'connect-api-client';\nexport const n = (s: Station): string => s.nmae;\n",
    );
    const project = join(installed.dir, 'spoiled.tsconfig.json');
    writeFileSync(project, JSON.stringify({ extends: './tsconfig.json', files: ['spoiled.ts'] }));
    const result = tsc(project);
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("Property 'nmae' does not exist on type 'Station'");
  }, 60_000);
});
