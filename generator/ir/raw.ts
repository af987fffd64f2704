/**
 * The IR builder's view of the raw, already validated document: the shared reader
 * (`shared/document/read.ts`) plus a reporter that locates what the builder refuses.
 */
import { diagnosticAt, type Diagnostic } from '../shared/diagnostics.js';
import type { SourceDocument } from '../load/load.js';

export {
  asArray,
  asNumber,
  asObject,
  asString,
  entries,
  type RawObject,
} from '../shared/document/read.js';
export { joinPointer, resolveRef } from '../shared/document/pointer.js';

/** Collects diagnostics with positions, so builders only name the pointer. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly source: SourceDocument) {}

  error(code: string, pointer: string, message: string, hint?: string): void {
    this.diagnostics.push(diagnosticAt(this.source, code, pointer, message, hint ? { hint } : {}));
  }

  warning(code: string, pointer: string, message: string, hint?: string): void {
    this.diagnostics.push(
      diagnosticAt(this.source, code, pointer, message, {
        severity: 'warning',
        ...(hint ? { hint } : {}),
      }),
    );
  }
}
