/**
 * The enums module's declarations in the house format without asking prettier (issue 37): an
 * enum's object of members (`export const Name = {` … `} as const;`, written expanded, which
 * prettier keeps expanded), its type (`(typeof Name)[keyof typeof Name]`), its list of values
 * (`[…] as const`) and its guard (`switch (value) {` with a `case` a value). The printer writes members four spaces in and double-quoted;
 * prettier's are two spaces in and single-quoted, which is all this module changes.
 *
 * Vouched when every line is one of those shapes and fits in the print width as prettier
 * lays it out; anything else (a key prettier may unquote, a number list prettier fills, a
 * member over the width) is left to prettier. Checked in test/emit/print-direct.test.ts.
 */
import {
  docComment,
  overWidth,
  quoted,
  Unvouched,
  width,
  WIDTH,
  type VouchedLines,
} from './text.js';

const NAME = '[A-Za-z_$][\\w$]*';
const STRING = `"(?:[^"\\\\\\n]|\\\\.)*"`;
const NUMBER = '-?(?:0|[1-9]\\d*)(?:\\.\\d*[1-9])?';
const OBJECT_HEAD = new RegExp(`^export const ${NAME} = \\{$`);
const MEMBER = new RegExp(`^    (${NAME}|${STRING}): (${STRING}|${NUMBER}),$`);
const TYPE = new RegExp(`^(export type (${NAME}) =) (\\(typeof \\2\\)\\[keyof typeof \\2\\];)$`);
const VALUES = new RegExp(`^(export const ${NAME} =) \\[(.*)\\] as const;$`);
const STRINGS = new RegExp(`^${STRING}(?:, ${STRING})*$`);
const ONE_STRING = new RegExp(STRING, 'g');
const GUARD_HEAD = new RegExp(
  `^(export function ${NAME})\\(value: unknown\\): (value is ${NAME}) \\{$`,
);
const CASE = new RegExp(`^    case (${STRING}|${NUMBER}):$`);
/** The guard's lines after its cases, as the printer writes them and prettier leaves them. */
const GUARD_TAIL = ['      return true;', '    default:', '      return false;', '  }', '}'];

/** Whether every line fits in the print width. */
const fits = (lines: readonly string[]) => lines.every((line) => width(line) <= WIDTH);

/**
 * A top-level enum value declaration (with its JSDoc) starting at line `start`, when every
 * line of it is vouched: its printed lines and the line after it.
 */
export function vouchedEnumDeclaration(
  lines: readonly string[],
  start: number,
): VouchedLines | undefined {
  try {
    const doc = docComment(lines, start, '');
    if (doc === undefined) return undefined;
    const printed = [...doc.printed];
    const i = doc.end;
    const head = lines[i];
    if (head === undefined) return undefined;
    const type = TYPE.exec(head);
    if (type) {
      // Prettier breaks after `=` when the type does not fit beside it.
      const over = overWidth(head);
      if (over === undefined) return undefined;
      const layout = over ? [type[1]!, `  ${type[3]!}`] : [head];
      return fits(layout) ? { printed: [...printed, ...layout], end: i + 1 } : undefined;
    }
    const values = VALUES.exec(head);
    if (values) {
      // Strings only: prettier fills a list of numbers as many a line as fit.
      if (!STRINGS.test(values[2]!)) return undefined;
      const items = values[2]!.match(ONE_STRING)!.map(quoted);
      const flat = `${values[1]!} [${items.join(', ')}] as const;`;
      const over = overWidth(flat);
      if (over === undefined) return undefined;
      const layout = !over
        ? [flat]
        : [`${values[1]!} [`, ...items.map((item) => `  ${item},`), '] as const;'];
      return fits(layout) ? { printed: [...printed, ...layout], end: i + 1 } : undefined;
    }
    if (OBJECT_HEAD.test(head) && fits([head])) return enumObject(lines, i, printed);
    if (GUARD_HEAD.test(head)) return enumGuard(lines, i, printed);
    return undefined;
  } catch (error) {
    if (error instanceof Unvouched) return undefined;
    throw error;
  }
}

/** An enum's object of members from its head at line `start`, below the lines `printed`. */
function enumObject(
  lines: readonly string[],
  start: number,
  printed: string[],
): VouchedLines | undefined {
  printed.push(lines[start]!);
  let i = start + 1;
  // Empty, prettier closes it on the head's line: its call.
  if (lines[i] === '  } as const;') return undefined;
  while (lines[i] !== '  } as const;') {
    const doc = docComment(lines, i, '    ');
    if (doc === undefined) return undefined;
    // Prettier re-indents a JSDoc comment with the member below it.
    printed.push(...doc.printed.map((line) => line.slice(2)));
    i = doc.end;
    const member = MEMBER.exec(lines[i] ?? '');
    if (!member) return undefined;
    const [, key, value] = member;
    const line = `  ${printedKey(key!)}: ${value!.startsWith('"') ? quoted(value!) : value!},`;
    if (!fits([line])) return undefined;
    printed.push(line);
    i++;
  }
  printed.push('} as const;');
  return { printed, end: i + 1 };
}

/**
 * An enum's guard from its signature at line `start` (`switch (value) {`, a `case` a value,
 * `return true;`, `default: return false;`), below the lines `printed`.
 */
function enumGuard(
  lines: readonly string[],
  start: number,
  printed: string[],
): VouchedLines | undefined {
  const signature = guardSignature(lines[start]!);
  if (signature === undefined) return undefined;
  printed.push(...signature);
  let i = start + 1;
  if (lines[i] !== '  switch (value) {') return undefined;
  printed.push(lines[i]!);
  i++;
  const firstCase = i;
  for (let match = CASE.exec(lines[i] ?? ''); match; match = CASE.exec(lines[i] ?? '')) {
    const value = match[1]!;
    const line = `    case ${value.startsWith('"') ? quoted(value) : value}:`;
    if (!fits([line])) return undefined;
    printed.push(line);
    i++;
  }
  if (i === firstCase || GUARD_TAIL.some((line, k) => lines[i + k] !== line)) return undefined;
  printed.push(...GUARD_TAIL);
  return { printed, end: i + GUARD_TAIL.length };
}

/**
 * A guard's signature as prettier prints it: on one line when it fits, else its sole
 * parameter on a line of its own (prettier hugs a sole parameter only when its type is an
 * object type), as `print/direct/printer.ts` prints the guards module's.
 */
function guardSignature(head: string): string[] | undefined {
  const over = overWidth(head);
  if (over !== true) return over === false ? [head] : undefined;
  const [, name, predicate] = GUARD_HEAD.exec(head)!;
  const broken = [`${name!}(`, '  value: unknown,', `): ${predicate!} {`];
  return fits(broken) ? broken : undefined;
}

/**
 * A key as prettier prints it: a name as it is, a string that must stay quoted in single
 * quotes. A quoted key prettier may unquote (a name, a number) is not vouched.
 */
function printedKey(key: string): string {
  if (!key.startsWith('"')) return key;
  const value = key.slice(1, -1);
  if (/^[A-Za-z_$][\w$]*$/.test(value) || /^[\d.]/.test(value) || value.includes('\\'))
    throw new Unvouched();
  return quoted(key);
}
