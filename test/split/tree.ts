/** Writes a split spec's files for a test: paths relative to `dir`, text as given. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

export async function writeTree(
  dir: string,
  files: Readonly<Record<string, string>>,
): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
}

/** `path` under `dir` as the loader names it: relative to the working directory. */
export function named(dir: string, path: string): string {
  return relative(process.cwd(), join(dir, path));
}
