/**
 * The query options under Vue, Solid and Svelte Query's own types: `frameworks/<name>.ts`
 * asserts the data and error each infers per operation, an infinite query's pages, a
 * mutation's variables and the error types `is` refuses, and must compile with no diagnostic.
 * Each adapter brings its own @tanstack/query-core, so this also checks the options against the
 * query-core versions those adapters pin, not only the one React Query uses.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { problems, type Problems } from './support/compile.js';

/** Each adapter: its consumer file, and a declaration file of the adapter it must be checked against. */
const FRAMEWORKS = [
  { name: 'Vue', file: 'vue.ts', types: '@tanstack/vue-query/build/modern/useQuery.d.ts' },
  { name: 'Solid', file: 'solid.ts', types: '@tanstack/solid-query/build/index.d.ts' },
  { name: 'Svelte', file: 'svelte.ts', types: '@tanstack/svelte-query/dist/createQuery.d.ts' },
] as const;

const consumer = (file: string) => resolve('test/query/frameworks', file);

// One program for the three: the generated sources are checked once, not three times.
let compiled: Problems;
beforeAll(() => {
  compiled = problems(FRAMEWORKS.map(({ file }) => consumer(file)));
}, 120_000);

describe.each(FRAMEWORKS)('$name Query over the generated options', ({ file, types }) => {
  it('infers data and error per operation, and refuses what an operation does not declare', () => {
    expect(compiled.messages.filter((m) => m.startsWith(`${consumer(file)}:`))).toEqual([]);
    // Checked against the adapter's real types, not an `any` from a module that did not resolve.
    expect(compiled.files.some((f) => f.endsWith(`node_modules/${types}`))).toBe(true);
  });
});

it('leaves nothing else to complain about', () => {
  expect(compiled.messages).toEqual([]);
});
