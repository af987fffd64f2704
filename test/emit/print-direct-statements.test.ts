/**
 * Statements the direct printer lays out without prettier (classes, functions, constants),
 * each compared with prettier's own text: the constructs Jira's package sent to prettier
 * (JSDoc lines ending in spaces, `static` blocks, type arguments prettier does not hug, lists
 * of numbers, unions in object types and parameters), and the same constructs where their layout is not in
 * the printer's tables, which must still come out as prettier prints them.
 */

import { describe, expect, it } from 'vitest';
import { formatDirect } from '../../generator/print/direct/printer.js';
import { byPrettier, printedDirectly } from '../support/direct-print.js';

/** A formatter for tests that must not need prettier. */
const unasked = () => Promise.reject(new Error('asked prettier'));

const name = (n: number) => `n${'a'.repeat(n)}`;

describe('a statement printed without prettier', () => {
  it.each([
    [
      'a JSDoc comment whose lines end in spaces: hard breaks kept, other spaces trimmed',
      `/**\n * | Key | Value |  \n * | -- | -- |   \n * one space \n *  \n * tab then spaces\t  \n * spaces then tab  \t\n */\nexport function f(core: ClientCore): ApiPromise<void> {\n  return core.request<void>(op, {}, undefined);\n}\n`,
    ],
    [
      'a class member whose JSDoc lines end in spaces',
      `export class R {\n  constructor(private readonly core: ClientCore) {}\n\n  /**\n   * | Key | Value |  \n   * trailing \n   */\n  get(options?: RequestOptions): ApiPromise<void> {\n    return get(this.core, options);\n  }\n}\n`,
    ],
    [
      'an error class with a static block',
      `/** 405 Method Not Allowed. */\nexport class MethodNotAllowedError extends ApiError {\n  static {\n    this.prototype.name = "MethodNotAllowedError";\n  }\n}\n`,
    ],
    [
      'type arguments prettier does not hug, in a signature and a call',
      `export function ${name(30)}(core: ClientCore, type_: "issuetype" | "project", options?: RequestOptions): ApiPromise<Record<string, unknown>> {\n  return core.request<Record<string, unknown>>(${name(30)}Operation, { path: { type: type_ } }, options);\n}\n\nexport function g(core: ClientCore, options?: RequestOptions): ApiPromise<${name(20)} | ${name(21)}> {\n  return core.request<${name(20)} | ${name(21)}>(gOperation, {}, options);\n}\n`,
    ],
    [
      'a list of numbers that fits',
      `const ${name(30)}Operation: OperationDescriptor = {\n    id: "x",\n    successStatuses: [200,204],\n  };\n`,
    ],
    [
      'a union in a hugged object type',
      `export const ${name(20)}PathSchema: FormSchema<{ type: "project" | "issuetype"; id: string }> = /* @__PURE__ */ parameterSchema("x", { type: "object" });\n`,
    ],
    [
      'a generic type argument in a variable annotation',
      `export const K: Readonly<Record<string, ${name(10)}>> = {\n    a: A,\n  };\n`,
    ],
    [
      'a union in an object type that breaks',
      `export const K: FormSchema<{ type: ${[1, 2, 3, 4, 5, 6, 7].map((n) => `"${name(8 + n)}"`).join(' | ')} }> = f("x");\n`,
    ],
    [
      'a union parameter that breaks',
      `export class R {\n  /** Puts. */\n  put(type_: ${[1, 2, 3, 4, 5, 6].map((n) => `"${name(8 + n)}"`).join(' | ')}): ApiPromise<void> {\n    return put(this.core, type_);\n  }\n}\n`,
    ],
  ])('%s: as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });
});

describe('a statement whose layout is not in the tables', () => {
  it.each([
    [
      'a list of numbers that breaks (prettier fills it)',
      `const K: OperationDescriptor = {\n    statuses: [${Array.from({ length: 40 }, (_, i) => 200 + i).join(', ')}],\n  };\n`,
    ],
    [
      'an unhugged type argument that breaks',
      `export function f(core: ClientCore): ApiPromise<Record<${name(50)}, ${name(50)}>> {\n  return g();\n}\n`,
    ],
    [
      'two type arguments, one generic, in a variable annotation',
      `export const K: Record<string, Array<${name(10)}>> = {\n    a: A,\n  };\n`,
    ],
  ])('with %s is left to prettier, with the same result', async (_, text) => {
    const { formatted, asked } = await printedDirectly(text);
    expect(asked).toHaveLength(1);
    expect(formatted).toBe(await byPrettier(text));
  });
});

describe('a class with members the tables do not hold', () => {
  const vouched = (n: number) =>
    `  /** Lists ${n}. */\n  list${n}(options?: RequestOptions): ApiPromise<void> {\n    return list(this.core, options);\n  }\n`;
  it.each([['a comment inside a member', '  get(): void {\n    f(); // why\n  }\n']])(
    'with %s: only that member goes to prettier, with the same result',
    async (_, member) => {
      const text = `/** Operations. */\nexport class R extends Base {\n  constructor(private readonly core: ClientCore) {\n  }\n\n${vouched(1)}\n${member}\n${vouched(2)}}\n`;
      const { formatted, asked } = await printedDirectly(text);
      expect(formatted).toBe(await byPrettier(text));
      expect(asked).toEqual([`export class R extends Base {\n${member.trim()}\n}\n`]);
    },
  );

  it('with no member held goes to prettier whole', async () => {
    const text = 'export class R {\n  get(): void {\n    f(); // why\n  }\n}\n';
    const { formatted, asked } = await printedDirectly(text);
    expect(formatted).toBe(await byPrettier(text));
    expect(asked.map((a) => a.trimEnd())).toEqual([text.trimEnd()]);
  });
});

describe('a guard function whose condition does not fit', () => {
  const guard = (body: string) =>
    `export function checkK(value: unknown): GuardFailure | undefined {\n${body}  return undefined;\n}\n`;
  const field = (n: number) => `value.${name(n)}`;
  it.each([
    [
      'a logical condition, broken one operand a line',
      `  if (${field(20)} !== null && !(typeof ${field(20)} === "string" && (${field(20)} as string).length <= 150)) return at(fail("string", ${field(20)}), "x");\n`,
    ],
    [
      'a negated condition that fits inside its parentheses',
      `  if (!(typeof ${field(17)} === "string" && isDateString((${field(17)} as string)))) return at(fail("date", ${field(17)}), "x");\n`,
    ],
    [
      'a negated condition broken inside its parentheses',
      `  if (!(typeof ${field(36)} === "string" && isDateString((${field(36)} as string)))) return at(fail("date", ${field(36)}), "x");\n`,
    ],
    [
      "a method of a name, one of prettier's short member chains",
      `  if (${field(30)} !== null && !(Number.isInteger(${field(30)}) && (${field(30)} as number) >= 1)) return at(fail("x", ${field(30)}), "x");\n`,
    ],
    [
      'a block whose condition breaks',
      `  if (${field(40)} !== undefined && ${field(40)} !== null) {\n    return undefined;\n  }\n`,
    ],
    [
      'a mix of operators and a long call',
      `  if (!(${field(10)} === "a" || ${field(10)} === "b" || (${field(10)} !== null && check(${field(30)}, ${field(30)})))) return at(fail("x", ${field(10)}), "x");\n`,
    ],
  ])('%s: as prettier prints it', async (_, body) => {
    const text = guard(body);
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it('with a method call on a member in the condition is left to prettier, with the same result', async () => {
    const text = guard(
      `  if (${field(30)} !== null && !(${field(30)}.every(isString) && (${field(30)} as number) >= 1)) return at(fail("x", ${field(30)}), "x");\n`,
    );
    const { formatted, asked } = await printedDirectly(text);
    expect(asked).toHaveLength(1);
    expect(formatted).toBe(await byPrettier(text));
  });
});
