/**
 * The runtime (and the fake server) are copied, not generated: templates/runtime and
 * the fakes' templates hold real, tested TypeScript that lands in the package unchanged (the
 * header is added when files are printed).
 */
import type { EmittedFile } from '../common/model.js';

export interface TemplateFile {
  /** Path relative to its template directory, POSIX separators. */
  readonly name: string;
  readonly content: string;
}

/** Copies template files into `dir` of the package, in name order. */
export function emitRuntime(templates: readonly TemplateFile[], dir: string): EmittedFile[] {
  return [...templates]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((t) => ({ kind: 'text', path: `${dir}/${t.name}`, content: t.content, formatted: true }));
}
