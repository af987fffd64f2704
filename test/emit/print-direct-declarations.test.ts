/**
 * Declarations the direct printer lays out without prettier since issue 37's second round,
 * each compared with prettier's own text: the constructs that still sent whole files of our
 * own spec's, the pet store's and Jira's packages to prettier (numeric keys of the status
 * classes, …), on both sides of the print width, and their neighbours outside the tables,
 * which must still come out as prettier prints them.
 */

import { describe, expect, it } from 'vitest';
import { formatDirect } from '../../generator/print/direct/printer.js';
import { byPrettier, printedDirectly } from '../support/direct-print.js';

/** A formatter for tests that must not need prettier. */
const unasked = () => Promise.reject(new Error('asked prettier'));

const name = (n: number) => `N${'a'.repeat(n)}`;

/** The status classes' object, its members as the printer writes them. */
const statusClasses = (members: readonly string[]) =>
  `/** The classes. */\nexport const STATUS_ERROR_CLASSES: Readonly<Record<number, ApiErrorClass>> = {\n${members.map((m) => `    ${m},\n`).join('')}  };\n`;

/** TanStack's infinite query options, as the query writer prints them, for an operation `op`. */
const infiniteOptions = (op: string, key = 'initialPageParam', list = 'pageParams') =>
  `/** Options. */\nexport function ${op}InfiniteQueryOptions(client: ClientCore, query?: Omit<${op}Query, "page">, options?: QueryRequestOptions) {\n  return {\n    queryKey: ${op}InfiniteQueryKey(query),\n    queryFn: ({ pageParam, signal }: { pageParam: number | null; signal: AbortSignal }) =>\n      ${op}(client, pageParam === null ? query : { ...query, page: pageParam }, { ...options, signal }),\n    ${key}: null as number | null,\n    getNextPageParam: (lastPage: PageLinks, _pages: unknown, _pageParam: unknown, ${list}: readonly (number | null)[]) =>\n      nextPageNumber(lastPage, "page", ${list}),\n    retry: leaveRetriesToClient<${op}Error>,\n  };\n}\n`;

/** A function with a parameter `list` of a union in a list type. */
const unionList = (list: string) =>
  `export function f(a: A, ${list}: readonly (number | null)[]): void {\n  return g();\n}\n`;

describe('a declaration printed without prettier', () => {
  it.each([
    ['numeric keys', statusClasses(['402: PaymentRequiredError', '423: LockedError'])],
    ['a numeric key with a fraction', statusClasses(['0.5: Half', '12.25: Quarter'])],
    // `  402: ` is 7 columns, the comma one: 92 columns of name end the line at the width.
    ['a numeric key whose line ends at the width', statusClasses([`402: ${name(91)}`])],
    ['a numeric key whose line passes the width', statusClasses([`402: ${name(92)}`])],
    ['numeric and name keys together', statusClasses(['402: A', 'a: B', '"b-c": C'])],
    ['infinite query options whose call fits', infiniteOptions('list')],
    // `      op(client, … }, {` is 81 columns besides the name: 19 end it at the width.
    ['infinite query options whose call hugs its last argument', infiniteOptions(name(18))],
    ['infinite query options whose call just does not fit', infiniteOptions(name(19))],
    ['infinite query options whose ternary breaks', infiniteOptions(name(60))],
    // `    k: null as number | null,` is 28 columns besides the key.
    ['a cast to a union that ends at the width', infiniteOptions('op', `k${'e'.repeat(71)}`)],
    // `  p: readonly (number | null)[],` is 31 columns besides the name, broken out.
    ['a list of a union that ends at the width', unionList(`p${'a'.repeat(68)}`)],
    ['a list of a union in a signature that fits', unionList('p')],
  ])('%s: as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it('infinite query options of every operation name length: as prettier prints them', async () => {
    for (let n = 1; n < 90; n++) {
      const text = infiniteOptions(name(n));
      const { formatted, asked } = await printedDirectly(text);
      expect(formatted, `${n}`).toBe(await byPrettier(text));
      // Past 70 columns of name, the function's own name breaks its signature's parameters
      // into a layout prettier chooses (a hugged first line over the width): prettier's call.
      if (n < 70) expect(asked, `${n}`).toEqual([]);
    }
  });
});

/** An operation answering with a map, as the operation writer prints it, and the client's method. */
const mapOperation = (op: string, value: string) =>
  `/** Returns a map. */\nexport function ${op}(core: ClientCore, options?: RequestOptions): ApiPromise<{ [key: string]: ${value} }> {\n  return core.request<{ [key: string]: ${value} }>(${op}Operation, {  }, options);\n}\n\nexport class R {\n  /** Returns a map. */\n  ${op}(options?: RequestOptions): ApiPromise<{ [key: string]: ${value} }> {\n    return ${op}(this.core, options);\n  }\n}\n`;

describe('a map type', () => {
  it("as a return type and a call's type argument: as prettier prints it, at every length", async () => {
    for (let n = 1; n < 100; n += 1) {
      for (const text of [mapOperation(name(n), 'number'), mapOperation('op', name(n))]) {
        const { formatted, asked } = await printedDirectly(text);
        expect(formatted, `${n}`).toBe(await byPrettier(text));
        // Past the width the key's brackets would break (prettier's call): up to it, ours.
        if (n < 80) expect(asked, `${n}`).toEqual([]);
      }
    }
  });
});

/** `k` values of `n` letters each, as a union of string literals. */
const values = (n: number, k: number) =>
  Array.from({ length: k }, (_, i) => `"${String.fromCharCode(97 + i).repeat(n)}"`).join(' | ');

describe('a union', () => {
  it("as a parameter's type: beside it, on the next line or one member a line, as prettier prints it", async () => {
    for (const key of [1, 20, 40, 60]) {
      for (let k = 2; k < 10; k++) {
        const union = values(9, k);
        const texts = [
          `export function f(core: ClientCore, ${name(key)}: ${union}, options?: RequestOptions): ApiPromise<void> {\n  return g(core);\n}\n`,
          `export class R {\n  f(${name(key)}: ${union}, options?: RequestOptions): ApiPromise<void> {\n    return g(this.core);\n  }\n}\n`,
          `export const K: FormSchema<{ ${name(key)}: ${union}; b?: string }> = /* @__PURE__ */ parameterSchema("x", { type: "object" });\n`,
        ];
        for (const text of texts) {
          const { formatted, asked } = await printedDirectly(text);
          expect(formatted, `${key} ${k}`).toBe(await byPrettier(text));
          expect(asked, `${key} ${k}`).toEqual([]);
        }
      }
    }
  });

  it('of a name and null, which prettier never breaks: as prettier prints it', async () => {
    const text = `export function f(core: ClientCore, ${name(90)}: ${name(20)} | null): ApiPromise<void> {\n  return g(core);\n}\n`;
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });
});

/** The error types' module augmentation, its interface's member `member`. */
const augmentation = (member: string, path = "'./runtime/core/errors.js'") =>
  `import type { ErrorType } from './enums.js';\nexport { };\n\ndeclare module ${path} {\n  /** The error types. */\n  interface KnownErrorTypes {\n    /** Their union. */\n    ${member};\n  }\n}\n`;

describe('a module augmentation', () => {
  it.each([
    ['as the error types module prints it', augmentation('readonly type: ErrorType')],
    ['with a double-quoted path', augmentation('readonly type: ErrorType', '"./x.js"')],
    // Four columns in, the member's line is 100 columns: 98 at the margin, where it is read.
    ['whose member ends at the width', augmentation(`readonly ${name(74)}: ErrorType`)],
    [
      'with blank lines around and between its statements',
      `declare module 'x' {\n\n  interface A {\n    a: string;\n  }\n\n\n  interface B {\n    b: string;\n  }\n\n}\n`,
    ],
    ['with nothing inside', `declare module 'x' {\n}\n`],
  ])('%s: as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it.each([
    ['a member past the width', augmentation(`readonly ${name(75)}: ErrorType`)],
    ['a path holding a quote', augmentation('readonly type: ErrorType', `"it's"`)],
    ['a statement not in the tables', `declare module 'x' {\n  let a: string;\n}\n`],
  ])('with %s is left to prettier, with the same result', async (_, text) => {
    const { formatted, asked } = await printedDirectly(text);
    expect(asked).toHaveLength(1);
    expect(formatted).toBe(await byPrettier(text));
  });
});

describe('an object type as one of several parameters', () => {
  const signature = (n: number) =>
    `export function f(core: ClientCore, ${name(n)}: { page: number | null; signal: AbortSignal }): void {\n  return g();\n}\n`;
  it('is printed as prettier prints it, left to prettier where it would break', async () => {
    // `  N…: { page: number | null; signal: AbortSignal },` is n + 50 columns.
    for (const n of [10, 30, 50, 51, 70]) {
      const text = signature(n);
      const { formatted, asked } = await printedDirectly(text);
      expect(formatted, `${n}`).toBe(await byPrettier(text));
      expect(asked.length, `${n}`).toBe(n <= 50 ? 0 : 1);
    }
  });
});

describe('a guard whose failure text holds an ellipsis', () => {
  // The guard writer cuts long lists of values with `…`, one column to prettier as to us.
  const guard = (n: number, mark: string) =>
    `export function checkK(value: unknown): GuardFailure | undefined {\n  if (!isK(value.${name(n)})) return at(fail("K (one of \\"A\\", \\"B\\", ${mark} (25 values))", value.${name(n)}), "k");\n  return undefined;\n}\n`;
  it('is printed as prettier prints it, on both sides of the width, as its ASCII twin is', async () => {
    for (let n = 1; n < 40; n++) {
      const text = guard(n, '…');
      const { formatted, asked } = await printedDirectly(text);
      expect(formatted, `${n}`).toBe(await byPrettier(text));
      // The same line with an ASCII character of the same width in its place: vouched alike.
      const twin = await printedDirectly(guard(n, '~'));
      expect(asked.length, `${n}`).toBe(twin.asked.length);
    }
  });
});

describe('a declaration whose construct is not in the tables', () => {
  it.each([
    ['a numeric key prettier respells', statusClasses(['1.50: A'])],
    ['a hexadecimal key', statusClasses(['0x1F: A'])],
    ['a numeric key with a separator', statusClasses(['1_000: A'])],
    ['a cast to a union that does not fit', infiniteOptions('op', `k${'e'.repeat(72)}`)],
    ['a list of a union that does not fit', unionList(`p${'a'.repeat(69)}`)],
  ])('with %s is left to prettier, with the same result', async (_, text) => {
    const { formatted, asked } = await printedDirectly(text);
    expect(asked).toHaveLength(1);
    expect(formatted).toBe(await byPrettier(text));
  });
});
