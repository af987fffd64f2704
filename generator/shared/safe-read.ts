/**
 * Reading a file of the output folder, whose contents may come from a pull request: without
 * following a link at its last step and without blocking on a FIFO. Release reads the previous
 * output through it, write the files it compares and replaces (`write/write-guard.ts` checks the
 * folders on the way).
 */
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';

/** What is at a path, without following a link. */
export type Entry = 'missing' | 'file' | 'folder' | 'link' | 'special';

export async function entryAt(path: string): Promise<Entry> {
  try {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return 'link';
    if (stats.isDirectory()) return 'folder';
    return stats.isFile() ? 'file' : 'special';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : 'special';
  }
}

/** A regular file's text (its first `limit` bytes when given), or what is there instead. */
export type Read = { readonly entry: 'file'; readonly text: string } | { readonly entry: Entry };

/**
 * Reads a file without following a link at its last step (O_NOFOLLOW) and without blocking
 * on a FIFO (O_NONBLOCK); anything but a regular file is not read. The folders on the way are
 * the caller's to check (`OutputTree.blocked`).
 */
export async function readRegularFile(path: string, limit?: number): Promise<Read> {
  let handle;
  try {
    handle = await open(
      path,
      constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    );
  } catch {
    // ELOOP is the link O_NOFOLLOW refused; lstat says what else is there.
    return { entry: await entryAt(path) };
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) return { entry: stats.isDirectory() ? 'folder' : 'special' };
    if (limit === undefined) return { entry: 'file', text: await handle.readFile('utf8') };
    const buffer = Buffer.alloc(Math.min(limit, stats.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return { entry: 'file', text: buffer.subarray(0, bytesRead).toString('utf8') };
  } finally {
    await handle.close();
  }
}
