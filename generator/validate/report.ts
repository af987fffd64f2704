import type { Diagnostic } from '../diagnostics.js';
import type { SourceDocument } from '../load.js';

/** An error diagnostic at `pointer`, with the line and column `locate` finds for it. */
export function errorAt(
  doc: SourceDocument,
  code: string,
  pointer: string,
  message: string,
  hint?: string,
): Diagnostic {
  const { line, column } = doc.locate(pointer);
  return { code, severity: 'error', message, file: doc.file, pointer, line, column, ...(hint ? { hint } : {}) };
}
