/**
 * The YAML value cache (generator/load/load-cache.ts): a spec read back from it is the same
 * document the parser gives (value and positions), and only clean plain trees are kept.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskCache } from '../../generator/shared/cache.js';
import { treeAsJson } from '../../generator/load/load-cache.js';
import { loadSource } from '../../generator/load/load.js';

const root = mkdtempSync(join(tmpdir(), 'connect-load-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const entries = (name: string) => {
  try {
    return readdirSync(join(root, name)).length;
  } catch {
    return 0;
  }
};

describe('treeAsJson', () => {
  it('keeps plain trees and refuses what JSON would change', () => {
    expect(treeAsJson({ a: [1, 'x', true, null, { b: 2.5 }] })).toBe(
      '{"a":[1,"x",true,null,{"b":2.5}]}',
    );
    const shared = { s: 1 };
    expect(treeAsJson({ a: shared, b: shared })).toBeUndefined();
    expect(treeAsJson({ a: Number.NaN })).toBeUndefined();
    expect(treeAsJson({ a: Number.POSITIVE_INFINITY })).toBeUndefined();
    expect(treeAsJson({ a: -0 })).toBeUndefined();
    expect(treeAsJson({ a: new Date(0) })).toBeUndefined();
    expect(treeAsJson({ a: undefined })).toBeUndefined();
    expect(treeAsJson(JSON.parse('{"__proto__": {"x": 1}}'))).toBeUndefined();
  });
});

describe('loadSource with the value cache', () => {
  it('gives back the parsed document, positions included, from the second read on', async () => {
    const cache = diskCache('spec', root);
    const parsed = await loadSource('spec/connect-api.yaml', undefined);
    const first = await loadSource('spec/connect-api.yaml', cache);
    expect(entries('spec')).toBe(1);
    const second = await loadSource('spec/connect-api.yaml', cache);
    expect(second.diagnostics).toEqual([]);
    expect(second.document?.format).toBe('yaml');
    expect(second.document?.value).toStrictEqual(parsed.document?.value);
    expect(first.document?.value).toStrictEqual(parsed.document?.value);
    for (const pointer of ['/info/version', '/paths', '/components/schemas/Station', '/nope'])
      expect(second.document?.locate(pointer)).toEqual(parsed.document?.locate(pointer));
  });

  it('keeps nothing for a document with aliases or with diagnostics, and survives a damaged entry', async () => {
    const dir = mkdtempSync(join(root, 'docs-'));
    const aliased = join(dir, 'aliased.yaml');
    writeFileSync(
      aliased,
      'openapi: 3.1.0\ninfo: &i { title: t, version: "1" }\nx-copy: *i\npaths: {}\n',
    );
    const warned = join(dir, 'warned.yaml');
    writeFileSync(warned, 'openapi: 3.1.0\nopenapi: 3.0.3\n');
    const cache = diskCache('odd', root);
    const a = await loadSource(aliased, cache);
    expect(a.document).toBeDefined();
    const w = await loadSource(warned, cache);
    expect(w.diagnostics.length).toBeGreaterThan(0);
    expect(entries('odd')).toBe(0);

    const plain = join(dir, 'plain.yaml');
    writeFileSync(plain, 'openapi: 3.1.0\ninfo: { title: t, version: "1" }\npaths: {}\n');
    await loadSource(plain, cache);
    expect(entries('odd')).toBe(1);
    for (const name of readdirSync(join(root, 'odd'))) writeFileSync(join(root, 'odd', name), '{');
    const again = await loadSource(plain, cache);
    expect(again.document?.value).toEqual({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
    });
  });
});
