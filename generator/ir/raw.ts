/**
 * Typed reading of the raw, already validated document. The IR builder is the only code
 * that looks at raw OpenAPI objects, and it reads them through these helpers so that an
 * unexpected shape gives `undefined` rather than a crash.
 */
import type { Diagnostic } from '../diagnostics.js';
import { joinPointer } from '../diagnostics.js';
import type { SourceDocument } from '../load.js';

export type RawObject = Readonly<Record<string, unknown>>;

export function asObject(value: unknown): RawObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as RawObject) : undefined;
}

export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Object entries in document order (YAML and JSON parsers keep insertion order). */
export function entries(value: unknown): [string, unknown][] {
  const object = asObject(value);
  return object ? Object.entries(object) : [];
}

function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Resolves a local pointer such as `#/components/parameters/Page`. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    // A URI fragment is percent-decoded first, then its pointer tokens unescaped (RFC 6901 §6).
    const decoded = percentDecode(raw);
    if (decoded === undefined) return undefined;
    const token = unescapeToken(decoded);
    const object = asObject(node);
    if (Array.isArray(node)) node = node[Number(token)];
    // Own members only: `#/components/schemas/constructor` must not find Object's constructor.
    else node = object && Object.hasOwn(object, token) ? object[token] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** `decodeURIComponent` without its URIError on a malformed escape such as `%zz`. */
function percentDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Collects diagnostics with positions, so builders only name the pointer. */
export class Reporter {
  readonly diagnostics: Diagnostic[] = [];

  constructor(private readonly source: SourceDocument) {}

  error(code: string, pointer: string, message: string, hint?: string): void {
    const { line, column } = this.source.locate(pointer);
    this.diagnostics.push({
      code,
      severity: 'error',
      message,
      file: this.source.file,
      pointer,
      line,
      column,
      ...(hint ? { hint } : {}),
    });
  }
}

export { joinPointer };
