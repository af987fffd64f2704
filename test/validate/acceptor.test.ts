/**
 * The fast acceptor (`openApiAcceptor`): ajv's standalone code for the official schema,
 * cached across runs. It must accept exactly the documents the full validator accepts, on
 * every fixture, our spec and documents spoiled on purpose, whether compiled or read back
 * from the cache; a damaged cache entry is only a miss.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskCache } from '../../generator/shared/cache.js';
import { loadSource } from '../../generator/load/load.js';
import { detectVersion } from '../../generator/validate/openapi-schema.js';
import {
  compiledSchema,
  openApiAcceptor,
  prebuiltAcceptor,
  type OpenApiLine,
} from '../../generator/validate/schemas.js';
import { acceptorFileName } from '../../generator/shared/templates/prebuilt.js';

const root = mkdtempSync(join(tmpdir(), 'connect-acceptor-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function documents(): Promise<{ name: string; line: OpenApiLine; value: unknown }[]> {
  const files = [
    'spec/connect-api.yaml',
    'test/oas32/shelter.yaml',
    ...['valid', 'invalid'].flatMap((d) =>
      readdirSync(`test/fixtures/${d}`).map((n) => `test/fixtures/${d}/${n}`),
    ),
  ];
  const found: { name: string; line: OpenApiLine; value: unknown }[] = [];
  for (const file of files) {
    const loaded = await loadSource(file);
    if (!loaded.document) continue;
    const version = detectVersion(loaded.document);
    if (!version.line) continue;
    found.push({ name: file, line: version.line, value: loaded.document.value });
    // Spoiled copies: a wrong type deep inside, and an unknown top-level property.
    const value = structuredClone(loaded.document.value) as Record<string, unknown>;
    found.push({ name: `${file} + x`, line: version.line, value: { ...value, unknown: 1 } });
    found.push({ name: `${file} info`, line: version.line, value: { ...value, info: 'x' } });
  }
  return found;
}

describe('the OpenAPI acceptor', () => {
  it('accepts exactly what the full validator accepts, compiled and from the cache', async () => {
    const docs = await documents();
    expect(docs.some((d) => d.line === '3.0')).toBe(true);
    expect(docs.filter((d) => compiledSchema(d.line).validate(d.value)).length).toBeGreaterThan(3);
    expect(docs.filter((d) => !compiledSchema(d.line).validate(d.value)).length).toBeGreaterThan(3);
    const cache = diskCache('openapi-schema', root);
    expect(docs.some((d) => d.line === '3.2')).toBe(true);
    for (const line of ['3.0', '3.1', '3.2'] as const) {
      const compiled = openApiAcceptor(line, cache);
      const cached = openApiAcceptor(line, cache);
      expect([compiled.from, cached.from]).toEqual(['compiled', 'cache']);
      for (const d of docs.filter((doc) => doc.line === line)) {
        const expected = compiledSchema(line).validate(d.value) === true;
        expect(compiled.accepts(d.value), d.name).toBe(expected);
        expect(cached.accepts(d.value), d.name).toBe(expected);
      }
    }
  }, 60_000);

  it('compiles again when a cache entry is damaged', async () => {
    const dir = join(root, 'openapi-schema');
    for (const name of readdirSync(dir)) writeFileSync(join(dir, name), 'this is not JavaScript {');
    const cache = diskCache('openapi-schema', root);
    const again = openApiAcceptor('3.1', cache);
    expect(again.from).toBe('compiled');
    const spec = await loadSource('spec/connect-api.yaml');
    expect(again.accepts(spec.document?.value)).toBe(true);
    expect(openApiAcceptor('3.1', cache).from).toBe('cache');
  }, 60_000);

  it('loads the acceptor the build wrote beside the bundle, which accepts what the validator does', async () => {
    const docs = await documents();
    const dir = join(root, 'prebuilt');
    mkdirSync(dir);
    for (const line of ['3.0', '3.1', '3.2'] as const) {
      writeFileSync(join(dir, acceptorFileName(line)), prebuiltAcceptor(line));
      const prebuilt = openApiAcceptor(line, undefined, dir);
      expect(prebuilt.from).toBe('prebuilt');
      for (const d of docs.filter((doc) => doc.line === line))
        expect(prebuilt.accepts(d.value), d.name).toBe(
          compiledSchema(line).validate(d.value) === true,
        );
    }
  }, 60_000);

  it('ignores a prebuilt acceptor made from another schema or ajv, or damaged', () => {
    const dir = join(root, 'stale');
    mkdirSync(dir);
    // Another line's acceptor under this line's name: its key names the other schema.
    writeFileSync(join(dir, acceptorFileName('3.1')), prebuiltAcceptor('3.0'));
    expect(openApiAcceptor('3.1', undefined, dir).from).toBe('compiled');
    const [key] = prebuiltAcceptor('3.2').split('\n');
    writeFileSync(join(dir, acceptorFileName('3.2')), `${key}\nthis is not JavaScript {`);
    expect(openApiAcceptor('3.2', undefined, dir).from).toBe('compiled');
  }, 60_000);
});
