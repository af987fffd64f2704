/**
 * Type declarations the direct printer lays out as prettier does without asking it
 * (`print/direct/types.ts`): a member's generic broken inside its brackets, JSDoc lines that end
 * in spaces; and what it leaves to prettier. Prettier is the judge of every expected text.
 */
import { describe, expect, it } from 'vitest';
import { formatDirect } from '../../generator/print/direct/printer.js';
import { byPrettier, printedDirectly } from '../support/direct-print.js';

/** A formatter for texts that must not need prettier. */
const unasked = () => Promise.reject(new Error('asked prettier'));

const literals = (count: number, length: number) =>
  Array.from({ length: count }, (_, i) => `"${String(i).padStart(length, 'v')}"`).join(' | ');

const member = (line: string) => `export interface X {\n  /** Doc. */\n  ${line}\n}\n`;

describe('an interface member of a generic type', () => {
  it.each([
    ['fitting flat', `kind?: OpenEnum<${literals(3, 4)}>;`],
    ['its union flat between the brackets', `readonly kind?: OpenEnum<${literals(9, 7)}>;`],
    ['its union a member a line', `kind: OpenEnum<${literals(12, 9)}>;`],
    ['a generic in a generic', `events: Array<OpenEnum<${literals(14, 12)}>>;`],
    ['in a generic, its union flat', `events: Array<OpenEnum<${literals(8, 8)}>>;`],
    ['with null in its union', `kind: OpenEnum<${literals(10, 8)} | null>;`],
  ])('%s is printed directly as prettier prints it', async (_, line) => {
    const text = member(line);
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it.each([
    ['of two arguments', `kind: Record<string, ${literals(12, 9)}>;`],
    ['of a name prettier hugs', `kind: Array<${'Long'.repeat(25)}>;`],
    ['of a member over the width', `kind: OpenEnum<${literals(2, 100)}>;`],
  ])('%s is left to prettier', async (_, line) => {
    const text = member(line);
    const { formatted, asked } = await printedDirectly(text);
    expect(formatted).toBe(await byPrettier(text));
    expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
  });
});

describe('a JSDoc comment whose lines end in spaces', () => {
  const commented = (end: string) =>
    `/**\n * Top.${end}\n * Next.\n */\nexport interface X {\n  /**\n   * Line.${end}\n   *${end}\n   * Last.\n   */\n  a: string;\n}\n`;

  it.each([' ', '  ', '   ', '      '])(
    'after %j is printed directly as prettier prints it',
    async (end) => {
      const text = commented(end);
      expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
    },
  );

  it.each(['\t', ' \u00a0', '\u00a0  '])('after %j is left to prettier', async (end) => {
    const text = commented(end);
    const { formatted, asked } = await printedDirectly(text);
    expect(formatted).toBe(await byPrettier(text));
    expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
  });

  it('on its opening or closing line is left to prettier', async () => {
    for (const text of [
      `/**  \n * Top.\n */\nexport interface X {\n  a: string;\n}\n`,
      `export interface X {\n  /**\n   * Top.\n   */  \n  a: string;\n}\n`,
    ]) {
      const { formatted, asked } = await printedDirectly(text);
      expect(formatted).toBe(await byPrettier(text));
      expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
    }
  });
});

describe('a declaration prettier keeps as it is printed', () => {
  it.each([
    [
      'a key starting with a digit',
      `export interface X {\n  "16x16"?: string;\n  "2d"?: number;\n}\n`,
    ],
    [
      'an alias of a name too long beside it',
      `export type ${'Long'.repeat(18)}Body = readonly ${'Details'.repeat(3)}[];\n`,
    ],
    ['an alias of a name that fits beside it', `export type Body = readonly Details[];\n`],
  ])('%s is printed directly as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it.each([['a key of other letters', `export interface X {\n  "café"?: string;\n}\n`]])(
    '%s is left to prettier',
    async (_, text) => {
      const { formatted, asked } = await printedDirectly(text);
      expect(formatted).toBe(await byPrettier(text));
      expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
    },
  );
});

describe("an enum's guard", () => {
  const guard = (name: string) =>
    `export function is${name}(value: unknown): value is ${name} {\n  switch (value) {\n    case "card":\n    case 2:\n      return true;\n    default:\n      return false;\n  }\n}\n`;

  it.each([
    ['fitting its line', 'Short'],
    ['too long for its line', `SetupIntent${'Payment'.repeat(4)}MethodType`],
  ])('%s is printed directly as prettier prints it', async (_, name) => {
    const text = guard(name);
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it('too long for its line even broken is left to prettier', async () => {
    const text = guard('Long'.repeat(25));
    const asked: string[] = [];
    expect(
      await formatDirect(text, (rest) => {
        asked.push(rest);
        return byPrettier(rest);
      }),
    ).toBe(await byPrettier(text));
    expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
  });
});

describe('an alias with a type parameter and a conditional type', () => {
  const openEnum =
    'export type OpenEnum<T extends string | number> = T | (T extends string ? string & {} : number & {});\n';

  it.each([
    ['too long beside its =, the union below it', openEnum],
    ['fitting flat', 'export type Open<T> = T | (T extends string ? string : number);\n'],
    [
      'in an interface member that fits',
      'export interface X {\n  a: T | (T extends string ? string & {} : number);\n}\n',
    ],
  ])('%s is printed directly as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it.each([
    [
      'too long below its =',
      `export type Open<T> = T | (T extends ${'Long'.repeat(20)} ? A : B);\n`,
    ],
    ['alone in parentheses', 'export type Open<T> = (T extends string ? string : number);\n'],
    ['in a chain', 'export type Open<T> = T | (T extends string ? A : T extends B ? C : D);\n'],
    ['of two type parameters', 'export type Open<T, U> = T | (T extends U ? A : B);\n'],
  ])('%s is left to prettier', async (_, text) => {
    const { formatted, asked } = await printedDirectly(text);
    expect(formatted).toBe(await byPrettier(text));
    expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
  });
});

it('an intersection outside a conditional type and a numeric key are left to prettier', async () => {
  for (const text of [
    'export type A = B & C;\n',
    'export interface A {\n  "200": string;\n  "1.5"?: number;\n}\n',
  ]) {
    const { formatted, asked } = await printedDirectly(text);
    expect(formatted).toBe(await byPrettier(text));
    expect(asked.map((rest) => rest.trimEnd())).toEqual([text.trimEnd()]);
  }
});
