/**
 * Printing's fast paths give the bytes the slow ones give: structures printed without
 * ts-morph's reparse, prettier's answers taken from the cache, and the release stage's
 * export summaries taken from theirs.
 */
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import type { TextCache } from '../../generator/shared/cache.js';
import { exportedNames, type ModuleSummary } from '../../generator/shared/module-exports.js';
import { printFiles, printWithSourceFile, structurePrinter } from '../../generator/print/print.js';
import { emittedPackage } from '../support/emitted.js';

function memoryCache(): TextCache & { entries: Map<string, string>; sets: number } {
  const entries = new Map<string, string>();
  const cache = {
    entries,
    sets: 0,
    get: (key: string) => entries.get(key),
    set: (key: string, value: string) => {
      cache.sets++;
      entries.set(key, value);
    },
  };
  return cache;
}

describe('printing', () => {
  it('prints every module of the Connect API exactly as createSourceFile would', async () => {
    const project = new Project({ useInMemoryFileSystem: true });
    const print = structurePrinter(project);
    expect(print).toBeDefined();
    let compared = 0;
    for (const file of await emittedPackage('spec/connect-api.yaml')) {
      if (file.kind !== 'typescript') continue;
      expect(print!(file.structure), file.path).toBe(
        printWithSourceFile(project, file.path, file.structure),
      );
      compared++;
    }
    expect(compared).toBeGreaterThan(10);
    // Nothing parsed is left behind in the project.
    expect(project.getSourceFiles()).toHaveLength(0);
  }, 60_000);

  it('formats a text once: later runs take prettier’s answer from the cache, unchanged', async () => {
    const files = (await emittedPackage('spec/connect-api.yaml')).filter((f) =>
      /^src\/(enums|index)\.ts$|\.md$/.test(f.path),
    );
    const uncached = await printFiles(files, 'HEADER', undefined);
    const cache = memoryCache();
    expect(await printFiles(files, 'HEADER', cache)).toEqual(uncached);
    expect(cache.sets).toBe(files.length);
    expect(await printFiles(files, 'HEADER', cache)).toEqual(uncached);
    expect(cache.sets).toBe(files.length);
    // The cache is consulted before prettier: a planted answer is what comes out.
    for (const key of cache.entries.keys()) cache.entries.set(key, 'planted\n');
    const planted = await printFiles(files, 'HEADER', cache);
    expect(planted.map((f) => f.content)).toEqual(files.map(() => 'planted\n'));
  }, 60_000);
});

describe('exported names with remembered summaries', () => {
  const files = new Map([
    ['src/index.ts', "export * from './a.js';\nexport { b as bee } from './b.js';\n"],
    ['src/a.ts', 'export const A = { x: 1 } as const;\nexport type A = 1;\n'],
    ['src/b.ts', 'export function b() {}\n'],
  ]);
  const entries = [{ subpath: '.', module: 'index' }];

  it('gives the names a fresh parse gives, and parses nothing it has seen', () => {
    const stored = new Map<string, ModuleSummary>();
    let parsed = 0;
    const summaries = {
      get: (text: string) => stored.get(text),
      set: (text: string, summary: ModuleSummary) => {
        parsed++;
        stored.set(text, JSON.parse(JSON.stringify(summary)) as ModuleSummary);
      },
    };
    const fresh = exportedNames(files, entries);
    expect(fresh.map((n) => [n.name, n.kinds])).toEqual([
      ['A', ['const', 'type']],
      ['bee', ['function']],
    ]);
    expect(exportedNames(files, entries, summaries)).toEqual(fresh);
    expect(parsed).toBe(3);
    expect(exportedNames(files, entries, summaries)).toEqual(fresh);
    expect(parsed).toBe(3);
    // A remembered summary is used instead of parsing.
    stored.set(files.get('src/b.ts')!, {
      locals: [],
      exports: [{ declared: { name: 'c', kind: 'class' } }],
    });
    // (the planted module has no `b`, so `bee` re-exports nothing known)
    const bee = exportedNames(files, entries, summaries).find((n) => n.name === 'bee');
    expect(bee?.kinds).toEqual([]);
  });
});
