/** The module specifiers a built file loads, to prove the package needs nothing outside itself. */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g;

export function specifiers(code: string): string[] {
  return [...code.matchAll(SPECIFIER)].map((m) => m[2]!);
}

export interface ExternalImport {
  readonly file: string;
  readonly specifier: string;
}

/** Every non-relative specifier in the .js files under `dir`, with the file it is in. */
export async function externalImports(dir: string): Promise<ExternalImport[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));
  const found: ExternalImport[] = [];
  for (const file of files.sort()) {
    for (const specifier of specifiers(await readFile(file, 'utf8'))) {
      if (!specifier.startsWith('.'))
        found.push({ file: relative(dir, file).split(sep).join('/'), specifier });
    }
  }
  return found;
}
