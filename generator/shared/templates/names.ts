/**
 * The names the hand-written parts of a package export, read from their own index files
 * (`templates/runtime/index.ts`, `templates/<lib>/index.ts`) rather than copied into the
 * generator, so an export added to the runtime is reserved the moment it exists: a schema
 * (or a schema's guard) of that name is renumbered instead of clashing in the package index.
 *
 * The templates ship with the generator and do not change while it runs, so each index is
 * read once per process, like a table compiled in.
 */
import { readFileSync } from 'node:fs';
import { templatePath } from '../locations.js';
import { summarizeModule } from '../module-exports.js';

/** The names an index module exports, read as the release stage reads any module. */
export function exportedNames(indexSource: string): string[] {
  return summarizeModule('index.ts', indexSource).exports.flatMap((entry) =>
    'declared' in entry ? [entry.declared.name] : (entry.names ?? []).map((n) => n.name),
  );
}

const read = new Map<string, readonly string[]>();

/** The exports of `templates/<folder>/index.ts`, read once. */
export function templateExports(folder: string): readonly string[] {
  let names = read.get(folder);
  if (names === undefined) {
    const path = templatePath(`${folder}/index.ts`);
    read.set(folder, (names = exportedNames(readFileSync(path, 'utf8'))));
  }
  return names;
}
