/**
 * TypeScript fences the direct printer vouches go to neither prettier nor its parse check
 * (generator/print/print.ts `vouchedFence`, markdown-format.ts `fenceCodes`): api.md's calls
 * (`const r = await client.x.y(…)`) and request types. Each construct is compared with
 * prettier's own text, and a document mixing vouched fences with others (a signature that
 * does not parse, a statement outside the printer's tables) with prettier's markdown.
 */
import * as prettier from 'prettier';
import * as babel from 'prettier/plugins/babel';
import { describe, expect, it } from 'vitest';
import { formatMarkdown, type MarkdownTools } from '../../generator/print/markdown-format.js';
import { formatDirect } from '../../generator/print/direct/printer.js';
import { PRETTIER, vouchedFence } from '../../generator/print/print.js';
import { byPrettier } from '../support/direct-print.js';

/** A formatter for tests that must not need prettier. */
const unasked = () => Promise.reject(new Error('asked prettier'));

const name = (n: number) => `n${'a'.repeat(n)}`;

describe('an await at a fence top level, printed without prettier', () => {
  it.each([
    ['a call awaited into a constant', `const r = await client.pets.list();\n`],
    [
      'an awaited call as a statement',
      `await client.pets.retrieve({ uid: 'uid-1' }, { maxRetries: 0 });\n`,
    ],
    ['an awaited constructor', `const c = await new Loader({ a: 1 });\n`],
    [
      'a long awaited chain without arguments: broken after the operator',
      `const ${name(30)} = await client.${name(20)}.${name(30)}();\n`,
    ],
    [
      'a long awaited call with an object argument: the object broken (fluid)',
      `const ${name(30)} = await client.${name(10)}.retrieve({ uid: 'uid-1', other: "${name(20)}" });\n`,
    ],
    [
      'a long awaited call with a short argument: broken after the operator',
      `const ${name(30)} = await client.${name(20)}.${name(20)}(id);\n`,
    ],
  ])('%s: as prettier prints it', async (_, text) => {
    expect(await formatDirect(text, unasked)).toBe(await byPrettier(text));
  });

  it.each([
    ['an awaited name', 'const r = await pending;\n'],
    ['an awaited string', "const r = await 'x';\n"],
    ['an awaited member', 'const r = await a.b;\n'],
  ])('%s: left to prettier', async (_, text) => {
    expect(await vouchedFence(text)).toBeUndefined();
  });
});

describe('fences in markdown', () => {
  const parsed: string[] = [];
  const formatted: string[] = [];
  const tools: MarkdownTools = {
    format: (text, parser) => {
      formatted.push(text);
      return prettier.format(text, { ...PRETTIER, parser });
    },
    parses: async (code) => {
      parsed.push(code);
      try {
        await babel.parsers['babel-ts'].parse(code, { ...PRETTIER } as prettier.ParserOptions);
        return true;
      } catch {
        return false;
      }
    },
    vouched: vouchedFence,
  };
  const fence = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;
  const vouched = [
    `const ${name(30)} = await client.${name(20)}.${name(30)}();`,
    `type Body = { name?: string; earthAnimal?: boolean; ${name(20)}?: number; ${name(25)}?: boolean };`,
  ];
  const signature = 'client.pets.list(query: Q, options?: RequestOptions): ApiPromise<R>';
  const unvouched = 'controller.abort(); /* at once */';
  const text = `# API\n\n${[...vouched, signature, unvouched].map(fence).join('\n\n')}\n`;

  it('gives prettier markdown text', async () => {
    expect(await formatMarkdown(text, tools)).toBe(
      await prettier.format(text, { ...PRETTIER, parser: 'markdown' }),
    );
  });

  it('checks and formats only the fences the printer does not vouch', async () => {
    parsed.length = 0;
    formatted.length = 0;
    await formatMarkdown(text, tools);
    expect(parsed).toEqual([signature, unvouched]);
    expect(formatted).toEqual([`// @fence-3\n\n${unvouched}`]);
  });
});
