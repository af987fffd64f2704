import { diagnosticAt, type Diagnostic } from '../shared/diagnostics.js';
import type { SourceDocument } from '../load/load.js';

/** An error diagnostic at `pointer`, with the line and column `locate` finds for it. */
export function errorAt(
  doc: SourceDocument,
  code: string,
  pointer: string,
  message: string,
  hint?: string,
): Diagnostic {
  return diagnosticAt(doc, code, pointer, message, hint ? { hint } : {});
}

/** A warning diagnostic at `pointer`: something tolerated (`TOLERANCES`), with how it is read in its hint. */
export function warningAt(
  doc: SourceDocument,
  code: string,
  pointer: string,
  message: string,
  hint: string,
): Diagnostic {
  return diagnosticAt(doc, code, pointer, message, { severity: 'warning', hint });
}
