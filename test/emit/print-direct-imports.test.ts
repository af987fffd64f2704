/**
 * Imports of named bindings on one line, which the direct printer reads without TypeScript's
 * parser (`vouchedImport` in print/direct/printer.ts): each compared with prettier's own text, and
 * the imports it leaves to the statement reader (keywords as names, a quote in the path)
 * still printed as prettier prints them.
 */

import { describe, expect, it } from 'vitest';
import { formatDirect } from '../../generator/print/direct/printer.js';
import { byPrettier, printedDirectly } from '../support/direct-print.js';

/** A formatter for tests that must not need prettier. */
const unasked = () => Promise.reject(new Error('asked prettier'));

const names = (n: number, prefix = 'binding') =>
  Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(', ');

describe('an import read without the parser', () => {
  it.each([
    ['a short import', `import { a, b } from './a.js';\n`],
    ['a type-only import', `import type { A, B } from '../runtime/types.js';\n`],
    ['bindings renamed and typed', `import { a as b, type C, type D as E } from './a.js';\n`],
    ['a path in double quotes', `import { a } from "./a.js";\n`],
    [
      'an import of exactly the width',
      `import { ${names(9, 'b')}, abcdefghijkl } from './abcdefgh.js';\n`,
    ],
    ['an import over the width: one binding a line', `import { ${names(12)} } from './a.js';\n`],
    [
      'a type-only import over the width',
      `import type { ${names(12)}, type_ as Alias } from "../runtime/a.js";\n`,
    ],
    [
      'a lone binding over the width: never broken',
      `import { ${'a'.repeat(120)} } from './a.js';\n`,
    ],
    [
      'imports one after another, then a statement',
      `import { a } from './a.js';\nimport type { ${names(12)} } from './b.js';\nexport const x = a;\n`,
    ],
  ])('%s: as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it('measures the width as prettier does: at the width flat, one over broken', async () => {
    const head = `import { ${names(9, 'b')}, `;
    const tail = ` } from './a.js';`;
    const fits = `${head}${'c'.repeat(100 - head.length - tail.length)}${tail}`;
    const over = `${head}${'c'.repeat(101 - head.length - tail.length)}${tail}`;
    expect(fits).toHaveLength(100);
    expect(await formatDirect(`${fits}\n`, unasked)).toBe(`${fits}\n`);
    expect(await formatDirect(`${over}\n`, unasked)).toBe(await byPrettier(`${over}\n`));
    expect((await formatDirect(`${over}\n`, unasked)).split('\n')[0]).toBe('import {');
  });
});

describe('an import left to the statement reader', () => {
  it.each([
    ['a keyword as a name', `import { type, default as d } from './a.js';\n`],
    ['a quote in the path', `import { a } from "./it's.js";\n`],
    ['a default import', `import a, { b } from './a.js';\n`],
  ])('%s: printed as prettier prints it', async (_, text) => {
    const { formatted } = await printedDirectly(text);
    expect(formatted).toBe(await byPrettier(text));
  });
});
