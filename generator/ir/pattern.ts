/**
 * How a schema's `pattern` is read by the generated code. Guards, forms and the fake compile
 * patterns with the `u` flag (so `\p{L}` and astral characters mean what JSON Schema says),
 * and a `RegExp` that does not compile is a module that throws on import. Documents are
 * written for many engines, and the `u` flag refuses what the others let pass: needless
 * escapes (`\:`, `\-` outside a class), a `-` beside `\w` in a class, a lone `{`. Those are
 * rewritten to what they mean without `u`; what still does not compile is read without `u`
 * when that reading is the same; anything else is not checked (the IR stage warns).
 *
 * The decision is made once, at generation time, by compiling the candidates here: the
 * generator runs on the same engine family the package targets.
 */

export type PatternReading =
  /** Compiles under `u`: as written, or rewritten to an equivalent that does. */
  | { readonly kind: 'unicode'; readonly source: string; readonly rewritten: boolean }
  /** Compiles only without `u`, and means there what it means to other engines. */
  | { readonly kind: 'plain'; readonly source: string }
  /** No reading JavaScript shares with the document's author; `why` says what stands in the way. */
  | { readonly kind: 'unreadable'; readonly why: string };

/** Characters with a meaning in a pattern: escaping them is never needless. */
const SYNTAX = new Set('^$\\.*+?()[]{}|/');
/** Escapes that mean something other than the character itself (`\d`, `\n`, `\x41`, `\1`). */
const MEANINGFUL = new Set('dDwWsSbBfnrtvcxukpP0123456789');
/** Escapes that stand for a class of characters: never the end of a range. */
const CLASS_ESCAPES = new Set('dDwWsS');

/**
 * Anchors other engines spell as escapes (`\A…\z`), which JavaScript reads as letters: what
 * they mean when no `m` flag is set, as in a schema.
 */
const ANCHORS: Readonly<Record<string, string>> = { A: '^', z: '$', Z: '(?=\\n?$)' };

/**
 * Whether `\<letter>` followed by `rest` is another engine's escape that JavaScript reads as
 * the bare letter without `u`: `\p` without `{…}`, `\x{60}`, `\u` without four hex digits.
 */
function foreignForm(letter: string, rest: string): boolean {
  if (letter === 'p' || letter === 'P') return !rest.startsWith('{');
  if (letter === 'x') return !/^[0-9A-Fa-f]{2}/.test(rest);
  if (letter === 'u') return !/^([0-9A-Fa-f]{4}|\{)/.test(rest);
  return false;
}

interface Rewrite {
  readonly source: string;
  /** An escaped letter with no meaning in JavaScript (`\A`, `\Z`, `\h`): it means a letter there, but something else to the engines the author wrote for. */
  readonly foreignEscape?: string;
  /** `\p{…}`, `\u{…}`: they mean what they should only under `u`. */
  readonly needsUnicode: boolean;
}

/** How the generated code reads `pattern`. */
export function readPattern(pattern: string): PatternReading {
  const rewrite = rewriteForUnicode(pattern);
  const unicodeError = compileError(rewrite.source, 'u');
  if (unicodeError === undefined)
    return { kind: 'unicode', source: rewrite.source, rewritten: rewrite.source !== pattern };
  if (rewrite.foreignEscape !== undefined)
    return {
      kind: 'unreadable',
      why: `\`${rewrite.foreignEscape}\` has no meaning in JavaScript regular expressions`,
    };
  if (!rewrite.needsUnicode && compileError(pattern, '') === undefined)
    return { kind: 'plain', source: pattern };
  return { kind: 'unreadable', why: unicodeError };
}

function compileError(source: string, flags: string): string | undefined {
  try {
    new RegExp(source, flags);
    return undefined;
  } catch (error) {
    // "Invalid regular expression: /…/u: Invalid escape": the reason is the part after the pattern.
    const message = error instanceof Error ? error.message : String(error);
    return message.slice(message.lastIndexOf(': ') + 2) || message;
  }
}

/**
 * `pattern` with what only the `u` flag refuses written as `u` reads it, with the meaning
 * it has without `u`: needless escapes dropped, a `-` that cannot be a range escaped,
 * lone `{`, `}` and `]` escaped. Everything else is copied as it is.
 */
function rewriteForUnicode(pattern: string): Rewrite {
  let out = '';
  let inClass = false;
  /** In a class: whether the last thing copied was a class escape (`\w`), which cannot start a range. */
  let afterClassEscape = false;
  /** In a class: whether nothing has been copied since `[` (or `[^`). */
  let classStart = false;
  let foreignEscape: string | undefined;
  let needsUnicode = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) {
        out += c;
        continue;
      }
      i++;
      classStart = false;
      afterClassEscape = CLASS_ESCAPES.has(next);
      if ((next === 'p' || next === 'P' || next === 'u') && pattern[i + 1] === '{') {
        // `\p{L}`, `\u{1F600}`: copied whole, so the braces are not taken for lone ones.
        const end = pattern.indexOf('}', i);
        const stop = end === -1 ? pattern.length - 1 : end;
        out += `\\${pattern.slice(i, stop + 1)}`;
        i = stop;
        needsUnicode = true;
      } else if (!inClass && ANCHORS[next] !== undefined) out += ANCHORS[next];
      else if (foreignForm(next, pattern.slice(i + 1))) {
        foreignEscape ??= `\\${next}`;
        out += `\\${next}`;
      } else if (SYNTAX.has(next) || MEANINGFUL.has(next)) out += `\\${next}`;
      else if (next === '-') out += inClass ? '\\-' : '-';
      else if (/[A-Za-z]/.test(next)) {
        foreignEscape ??= `\\${next}`;
        out += `\\${next}`;
      } else out += next;
      continue;
    }
    if (inClass) {
      if (c === ']') {
        inClass = false;
        out += c;
      } else if (c === '-' && !classStart && pattern[i + 1] !== ']') {
        // Beside a class escape a `-` is a plain character without `u` and an error with it.
        const beforeClassEscape =
          pattern[i + 1] === '\\' && CLASS_ESCAPES.has(pattern[i + 2] ?? '');
        out += afterClassEscape || beforeClassEscape ? '\\-' : '-';
      } else out += c;
      afterClassEscape = false;
      classStart = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      classStart = true;
      afterClassEscape = false;
      out += pattern[i + 1] === '^' ? '[^' : '[';
      if (pattern[i + 1] === '^') i++;
    } else if (c === '{') {
      const quantifier = /^\{\d+(,\d*)?\}/.exec(pattern.slice(i))?.[0];
      out += quantifier ?? '\\{';
      if (quantifier) i += quantifier.length - 1;
    } else if (c === '}' || c === ']') out += `\\${c}`;
    else out += c;
  }
  return { source: out, needsUnicode, ...(foreignEscape ? { foreignEscape } : {}) };
}
