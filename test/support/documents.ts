/**
 * Input documents for the stage tests: an object or text parsed into a `SourceDocument`,
 * the IR built from text, and the parts of a diagnostic a test pins down.
 */
import { expect } from 'vitest';
import { stringify } from 'yaml';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../../generator/shared/diagnostics.js';
import { buildIr } from '../../generator/ir/build.js';
import { planIr } from '../../generator/plan/index.js';
import type { Plan } from '../../generator/plan/types.js';
import type { Ir } from '../../generator/ir/types.js';
import { parseSource, type SourceDocument } from '../../generator/load/load.js';
import { validateDocument } from '../../generator/validate/index.js';
import type { Upgrade } from '../../generator/load/swagger/convert.js';
import { withSwaggerConverted } from '../../generator/load/swagger/load.js';

/** Text that must parse without a diagnostic. */
export function parsed(file: string, text: string): SourceDocument {
  const { document, diagnostics } = parseSource(file, text);
  expect(diagnostics).toEqual([]);
  if (!document) throw new Error(`${file} did not parse`);
  return document;
}

/** A plain object as the YAML document `file`. */
export function documentOf(value: unknown, file = 'spec.yaml'): SourceDocument {
  return parsed(file, stringify(value));
}

/**
 * load → validate → IR → plan, from text: the IR with its names and the plan, or the
 * diagnostics that stopped it. With `upgrade` (`loadUpgrader()`), a Swagger 2.0 document is
 * converted as the pipeline converts it.
 */
export function irFromText(
  file: string,
  text: string,
  upgrade?: Upgrade,
):
  | { readonly ir: Ir; readonly plan: Plan; readonly warnings: readonly Diagnostic[] }
  | { readonly diagnostics: readonly Diagnostic[] } {
  const loaded = withSwaggerConverted(parseSource(file, text), upgrade);
  if (!loaded.document || hasErrors(loaded.diagnostics))
    return { diagnostics: sortDiagnostics(loaded.diagnostics) };
  const problems = validateDocument(loaded.document);
  if (hasErrors(problems)) return { diagnostics: problems };
  const built = buildIr(loaded.document);
  if (!built.ir) return { diagnostics: sortDiagnostics(built.diagnostics) };
  // What each stage read loosely or left out: the corpus suite counts them by kind.
  const warnings = sortDiagnostics(
    [...loaded.diagnostics, ...problems, ...built.diagnostics].filter(
      (d) => d.severity === 'warning',
    ),
  );
  return { ...planIr(built.ir), warnings };
}

type Part = Exclude<keyof Diagnostic, 'file'>;
export type Brief<P extends Part> = Pick<Diagnostic, P>;

/**
 * A function keeping the given parts of a diagnostic (an absent hint is left out), for
 * `diagnostics.map(…)` compared with `toEqual`.
 */
export function briefOf<P extends Part>(parts: readonly P[]): (d: Diagnostic) => Brief<P> {
  return (d) =>
    Object.fromEntries(
      parts.flatMap((part) => (d[part] === undefined ? [] : [[part, d[part]]])),
    ) as Brief<P>;
}

/** Code, pointer and message, and the hint when there is one: what most tests pin down. */
export const brief = briefOf(['code', 'pointer', 'message', 'hint']);
