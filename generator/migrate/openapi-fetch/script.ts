/**
 * An npm script read as a shell would split it, far enough to find an `openapi-typescript`
 * call and replace exactly its words: the rest of the script (other commands, `&&`, env
 * assignments) keeps its bytes. Quotes and backslashes are honoured; anything cleverer
 * (subshells, variables in the paths) is left alone and reported.
 */
import { flagRule, type FlagRule } from './flags.js';

/** A word of the script with where it starts and ends, and its value once unquoted. */
export interface Word {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/** The shell's command separators: a call ends at one of these. */
const SEPARATORS = ['&&', '||', ';', '|', '&'] as const;

/** The words of `script`, grouped by command (split at `&&`, `||`, `;`, `|`, `&`). */
export function commands(script: string): Word[][] {
  const result: Word[][] = [[]];
  let i = 0;
  while (i < script.length) {
    const ch = script[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\n') {
      i += 1;
      continue;
    }
    const separator = SEPARATORS.find((s) => script.startsWith(s, i));
    if (separator) {
      result.push([]);
      i += separator.length;
      continue;
    }
    const start = i;
    let value = '';
    while (i < script.length && !' \t\n'.includes(script[i]!)) {
      if (SEPARATORS.some((s) => script.startsWith(s, i))) break;
      const c = script[i]!;
      if (c === "'" || c === '"') {
        const close = script.indexOf(c, i + 1);
        const stop = close === -1 ? script.length : close;
        value += script.slice(i + 1, stop);
        i = stop + 1;
      } else if (c === '\\' && i + 1 < script.length) {
        value += script[i + 1];
        i += 2;
      } else {
        value += c;
        i += 1;
      }
    }
    result[result.length - 1]!.push({ value, start, end: Math.min(i, script.length) });
  }
  return result.filter((words) => words.length > 0);
}

/** Words that run a package's binary before its name: `npx`, `pnpm exec`, `yarn`, `bunx`, `npm exec --`. */
const RUNNERS: readonly (readonly string[])[] = [
  ['npx', '--yes'],
  ['npx', '-y'],
  ['npx'],
  ['pnpm', 'exec'],
  ['pnpm', 'dlx'],
  ['pnpm'],
  ['yarn', 'dlx'],
  ['yarn'],
  ['bunx'],
  ['npm', 'exec', '--'],
];

/** One `openapi-typescript` call found in a script. */
export interface OpenapiTypescriptCall {
  /** From the first word of the call (its runner or env assignments included) to its last. */
  readonly start: number;
  readonly end: number;
  /** The document it reads, as written. */
  readonly input?: string;
  /** `-o`/`--output`, as written. */
  readonly output?: string;
  /** The other flags, each with its rule (absent: openapi-typescript has no such flag) and value. */
  readonly flags: readonly {
    readonly word: Word;
    readonly rule?: FlagRule;
    readonly value?: string;
  }[];
  /** More than one input (a Redocly multi-API setup): not migrated. */
  readonly extraInputs: readonly string[];
}

const isAssignment = (word: string) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);

/** The `openapi-typescript` calls of `script`. */
export function findCalls(script: string): OpenapiTypescriptCall[] {
  const calls: OpenapiTypescriptCall[] = [];
  for (const words of commands(script)) {
    let at = 0;
    while (at < words.length && isAssignment(words[at]!.value)) at += 1;
    const runner = RUNNERS.find((r) => r.every((w, k) => words[at + k]?.value === w));
    const name = words[at + (runner?.length ?? 0)];
    if (!name || !/^openapi-typescript(@[^\s]+)?$/.test(name.value)) continue;
    const args = words.slice(at + (runner?.length ?? 0) + 1);
    const inputs: string[] = [];
    let output: string | undefined;
    const flags: { word: Word; rule?: FlagRule; value?: string }[] = [];
    for (let k = 0; k < args.length; k += 1) {
      const word = args[k]!;
      const [flag, inline] = splitInline(word.value);
      if (flag === '-o' || flag === '--output') {
        output = inline ?? args[(k += 1)]?.value;
      } else if (flag.startsWith('-')) {
        const rule = flagRule(flag);
        let value = inline;
        const next = args[k + 1]?.value;
        if (value === undefined && rule?.takesValue) value = args[(k += 1)]?.value;
        else if (value === undefined && (next === 'true' || next === 'false')) {
          value = next;
          k += 1;
        }
        flags.push({ word, ...(rule && { rule }), ...(value !== undefined && { value }) });
      } else inputs.push(word.value);
    }
    calls.push({
      start: words[0]!.start,
      end: words[words.length - 1]!.end,
      ...(inputs[0] !== undefined && { input: inputs[0] }),
      ...(output !== undefined && { output }),
      flags,
      extraInputs: inputs.slice(1),
    });
  }
  return calls;
}

/** `--output=x` → [`--output`, `x`]. */
function splitInline(word: string): [string, string | undefined] {
  const eq = word.indexOf('=');
  return word.startsWith('--') && eq > 0
    ? [word.slice(0, eq), word.slice(eq + 1)]
    : [word, undefined];
}

/** A path as a shell word: bare when it holds only safe characters, single-quoted otherwise. */
export function shellWord(value: string): string {
  return /^[\w./@:+-]+$/.test(value) ? value : `'${value.split("'").join(`'\\''`)}'`;
}
