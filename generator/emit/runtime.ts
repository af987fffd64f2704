/**
 * The runtime is copied, not generated: templates/runtime holds real, tested TypeScript
 * and lands in the package unchanged (the header is added when files are printed).
 */
import type { EmittedFile } from './model.js';

export interface TemplateFile {
  /** Path relative to templates/runtime, POSIX separators. */
  readonly name: string;
  readonly content: string;
}

export function emitRuntime(templates: readonly TemplateFile[], dir: string): EmittedFile[] {
  return [...templates]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((t) => ({ kind: 'text', path: `${dir}/${t.name}`, content: t.content }));
}
