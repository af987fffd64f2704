/**
 * `generate --watch` as a process: Ctrl-C (SIGINT) ends it with exit code 0 after the run in
 * progress, leaving no staging folder. The test waits on the lines the process prints.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAGING_PREFIX } from '../../generator/write/write.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-watch-signal-');

describe('generate --watch as a process', () => {
  it('stops on SIGINT with exit code 0', async () => {
    const dir = join(scratch(), 'project');
    await mkdir(dir, { recursive: true });
    await copyFile('test/fixtures/other/petstore.yaml', join(dir, 'petstore.yaml'));
    const out = join(dir, 'out');
    const child = spawn(
      process.execPath,
      [
        'generator/bin.js',
        'generate',
        '--watch',
        '--spec',
        join(dir, 'petstore.yaml'),
        '--out',
        out,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    // The first run's line: the watch is set up and the output written.
    await new Promise<void>((done, fail) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (/regenerated \d+ of \d+ files/.test(stdout)) done();
      });
      child.on('exit', () => fail(new Error(`exited early:\n${stdout}\n${stderr}`)));
    });
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/^watching .*\(Ctrl-C stops\)$/m);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('stopped.');
    expect(stderr).toBe('');
    expect((await readdir(out)).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([]);
  });
});
