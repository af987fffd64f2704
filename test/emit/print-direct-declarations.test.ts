/**
 * Declarations the direct printer lays out without prettier since issue 37's second round,
 * each compared with prettier's own text: the constructs that still sent whole files of our
 * own spec's, the pet store's and Jira's packages to prettier (numeric keys of the status
 * classes, …), on both sides of the print width, and their neighbours outside the tables,
 * which must still come out as prettier prints them.
 */

import { describe, expect, it } from 'vitest';
import { formatDirect } from '../../generator/print-direct.js';
import { byPrettier, printedDirectly } from '../support/direct-print.js';

/** A formatter for tests that must not need prettier. */
const unasked = () => Promise.reject(new Error('asked prettier'));

const name = (n: number) => `N${'a'.repeat(n)}`;

/** The status classes' object, its members as the printer writes them. */
const statusClasses = (members: readonly string[]) =>
  `/** The classes. */\nexport const STATUS_ERROR_CLASSES: Readonly<Record<number, ApiErrorClass>> = {\n${members.map((m) => `    ${m},\n`).join('')}  };\n`;

describe('a declaration printed without prettier', () => {
  it.each([
    ['numeric keys', statusClasses(['402: PaymentRequiredError', '423: LockedError'])],
    ['a numeric key with a fraction', statusClasses(['0.5: Half', '12.25: Quarter'])],
    // `  402: ` is 7 columns, the comma one: 92 columns of name end the line at the width.
    ['a numeric key whose line ends at the width', statusClasses([`402: ${name(91)}`])],
    ['a numeric key whose line passes the width', statusClasses([`402: ${name(92)}`])],
    ['numeric and name keys together', statusClasses(['402: A', 'a: B', '"b-c": C'])],
  ])('%s: as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });
});

describe('a declaration whose construct is not in the tables', () => {
  it.each([
    ['a numeric key prettier respells', statusClasses(['1.50: A'])],
    ['a hexadecimal key', statusClasses(['0x1F: A'])],
    ['a numeric key with a separator', statusClasses(['1_000: A'])],
  ])('with %s is left to prettier, with the same result', async (_, text) => {
    const { formatted, asked } = await printedDirectly(text);
    expect(asked).toHaveLength(1);
    expect(formatted).toBe(await byPrettier(text));
  });
});
