/** The write stage: staged, so a failure or an abort before the renames changes nothing. */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planOutput, STAGING_PREFIX, writeOutput } from '../../generator/write.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-write-');

/** An output directory holding an old package: two sources and a stale one. */
async function oldOutput(name: string): Promise<string> {
  const out = join(scratch(), name);
  await mkdir(join(out, 'src'), { recursive: true });
  await writeFile(join(out, 'src/a.ts'), 'old a\n');
  await writeFile(join(out, 'src/b.ts'), 'old b\n');
  await writeFile(join(out, 'src/stale.ts'), 'stale\n');
  return out;
}

const snapshot = async (out: string) => {
  const names = (await readdir(out, { recursive: true })).sort();
  return Promise.all(
    names.map(async (n) => [n, await readFile(join(out, n), 'utf8').catch(() => '<dir>')]),
  );
};

const NEW = [
  { path: 'src/a.ts', content: 'new a\n' },
  { path: 'src/b.ts', content: 'old b\n' },
  { path: 'src/c/d.ts', content: 'new d\n' },
];

describe('writeOutput', () => {
  it('writes the new and changed files, deletes the stale ones, and leaves no staging folder', async () => {
    const out = await oldOutput('ok');
    const plan = await planOutput(out, NEW);
    expect(plan).toEqual({
      added: ['src/c/d.ts'],
      changed: ['src/a.ts'],
      removed: ['src/stale.ts'],
      unchanged: 1,
    });
    expect(await writeOutput(out, NEW, plan)).toBe(true);
    expect(await snapshot(out)).toEqual([
      ['src', '<dir>'],
      ['src/a.ts', 'new a\n'],
      ['src/b.ts', 'old b\n'],
      ['src/c', '<dir>'],
      ['src/c/d.ts', 'new d\n'],
    ]);
  });

  it('changes nothing when aborted before the renames', async () => {
    const out = await oldOutput('aborted');
    const before = await snapshot(out);
    const controller = new AbortController();
    controller.abort();
    expect(await writeOutput(out, NEW, await planOutput(out, NEW), controller.signal)).toBe(false);
    expect(await snapshot(out)).toEqual(before);
  });

  it('changes nothing when a file cannot be staged, and says why', async () => {
    const out = await oldOutput('failed');
    const before = await snapshot(out);
    // `src/a.ts/x.ts` needs a folder where a file is.
    const files = [...NEW, { path: 'src/a.ts/x.ts', content: 'x\n' }];
    await expect(writeOutput(out, files, await planOutput(out, files))).rejects.toThrow(
      /ENOTDIR|EEXIST/,
    );
    expect(await snapshot(out)).toEqual(before);
  });

  it("removes a staging folder a crashed run left, but not a running process's", async () => {
    const out = await oldOutput('leftover');
    // Process ids are below 2^22 on Linux: this one runs nothing.
    await mkdir(join(out, `${STAGING_PREFIX}99999999`, 'src'), { recursive: true });
    // The parent of this process runs for sure.
    await mkdir(join(out, `${STAGING_PREFIX}${process.ppid}`));
    await writeOutput(out, NEW, await planOutput(out, NEW));
    expect((await readdir(out)).filter((n) => n.startsWith(STAGING_PREFIX))).toEqual([
      `${STAGING_PREFIX}${process.ppid}`,
    ]);
  });
});
