/**
 * `generate` keeps the package version in step with the API: it compares with the surface
 * recorded in the output directory (no git needed), refuses a version that does not move
 * far enough, accepts it with --allow-version-mismatch (and remembers that), and keeps a
 * changelog whose newest entry is the markdown report.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { main } from '../../generator/cli.js';
import { displayPath } from '../../generator/commands/generate.js';
import { capture, readDoc, useScratchDir, V14, V15 } from './support.js';

const scratch = useScratchDir('connect-codegen-release-');

/** 1.5.0 without the stations' `sold_by`: a breaking change, at the version given. */
async function withoutSoldBy(version: string): Promise<string> {
  const doc = readDoc(V15);
  doc.info.version = version;
  delete doc.components.schemas.Station.properties.sold_by;
  const path = join(scratch(), `without-sold-by-${version}.yaml`);
  await writeFile(path, stringify(doc));
  return path;
}

async function generate(spec: string, out: string, ...flags: string[]) {
  const io = capture();
  const code = await main(['generate', '--spec', spec, '--out', out, ...flags], io);
  return { code, ...io };
}

async function markdownReport(base: string, spec: string): Promise<string> {
  const io = capture();
  await main(['diff', '--base', base, '--spec', spec, '--format', 'markdown'], io);
  return `${io.stdout.join('\n')}\n`;
}

const changelog = (out: string) => readFile(join(out, 'CHANGELOG.md'), 'utf8');
const headings = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
const newestEntry = (text: string) => text.slice(text.indexOf('\n## ') + 1).split(/\n(?=## )/)[0];

describe('generate across releases', () => {
  const releases = () => join(scratch(), 'releases');

  it('records the first version it generates', async () => {
    expect((await generate(V14, releases())).code).toBe(0);
    const text = await changelog(releases());
    expect(headings(text)).toEqual(['1.4.0']);
    expect(text).toContain('First version with a recorded API surface (23 operations).');
  }, 60_000);

  it('accepts 1.5.0 for compatible changes; the newest changelog entry is the markdown report', async () => {
    const result = await generate(V15, releases());
    expect(result.stderr).toEqual([]);
    expect(result.code).toBe(0);
    const text = await changelog(releases());
    expect(headings(text)).toEqual(['1.5.0', '1.4.0']);
    expect(newestEntry(text)).toBe(await markdownReport(V14, V15));
    expect(JSON.parse(await readFile(join(releases(), 'package.json'), 'utf8')).version).toBe('1.5.0');
  }, 60_000);

  it('is up to date when run again: the same version compares with the release before it', async () => {
    const result = await generate(V15, releases(), '--check');
    expect(result.stderr).toEqual([]);
    expect(result.code).toBe(0);
  }, 60_000);

  it('refuses a breaking change under a minor version, at info.version, and writes nothing', async () => {
    const before = await changelog(releases());
    const spec = await withoutSoldBy('1.5.0');
    const result = await generate(spec, releases());
    expect(result.code).toBe(1);
    expect(result.stderr[0]).toBe(
      `${displayPath(spec)}:4:3 error [version-step] #/info/version: ` +
        'info.version is 1.5.0, but the API surface has 2 breaking change(s) since 1.4.0: it needs a major release, at least 2.0.0\n' +
        '    hint: set info.version to 2.0.0, or pass --allow-version-mismatch to generate it anyway',
    );
    expect(result.stderr.join('\n')).toContain('breaking    response 200 field `sold_by` removed — code that reads it stops compiling');
    expect(await changelog(releases())).toBe(before);
  }, 60_000);

  it('accepts the same change as 2.0.0, compared with 1.5.0', async () => {
    const spec = await withoutSoldBy('2.0.0');
    const result = await generate(spec, releases());
    expect(result.code).toBe(0);
    const text = await changelog(releases());
    expect(headings(text)).toEqual(['2.0.0', '1.5.0', '1.4.0']);
    expect(newestEntry(text)).toBe(await markdownReport(V15, spec));
  }, 60_000);

  it('refuses a version that goes back', async () => {
    const result = await generate(V15, releases());
    expect(result.code).toBe(1);
    expect(result.stderr[0]).toContain('info.version is 1.5.0, but the API surface has 2 compatible change(s) since 2.0.0: it needs a minor release, at least 2.1.0');
  }, 60_000);
});

describe('generate --allow-version-mismatch', () => {
  it('writes the version anyway, and later runs of that version accept it without the flag', async () => {
    const out = join(scratch(), 'override');
    expect((await generate(V14, out)).code).toBe(0);
    const spec = await withoutSoldBy('1.4.1');
    expect((await generate(spec, out)).code).toBe(1);
    expect((await generate(spec, out, '--allow-version-mismatch')).code).toBe(0);
    expect(newestEntry(await changelog(out))).toContain('They need a major release: at least 2.0.0; info.version 1.4.1 is NOT in step.');
    const check = await generate(spec, out, '--check');
    expect(check.stderr).toEqual([]);
    expect(check.code).toBe(0);
  }, 90_000);
});

describe('a damaged surface record', () => {
  it('is refused with its file named, not a stack trace', async () => {
    const out = join(scratch(), 'damaged');
    expect((await generate(V14, out)).code).toBe(0);
    await writeFile(join(out, 'api-surface.json'), '{"format": 99}');
    const result = await generate(V14, out);
    expect(result.code).toBe(1);
    expect(result.stderr[0]).toMatch(/api-surface\.json error \[surface-state\] #: .*api-surface\.json cannot be read: it has format 99, and this generator reads format 1/);
  }, 60_000);
});
