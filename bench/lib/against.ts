/**
 * Loads a module from bench/against/ at run time. Those modules import what the run generates
 * into bench/.work/, so the root tsconfig must not follow them: the import goes through a
 * computed URL, typed here by what the caller uses.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './work.js';

export async function importAgainst<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(join(ROOT, 'bench/against', file)).href)) as T;
}
