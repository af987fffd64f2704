/**
 * `generate` gives the package its own semantic version, decided from what changed in the
 * generated package since the last release recorded in the output directory (no git
 * needed): breaking → major, additions → minor, other changes of its files → patch. The
 * spec's `info.version` is carried along as the API version, never checked against it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { main } from '../../generator/cli/cli.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';
import { readDoc, V14, V15, type Doc } from './support.js';

const scratch = useScratchDir('connect-codegen-release-');

/** A changed copy of a fixture spec, written to the scratch directory. */
async function specWith(base: string, name: string, change: (doc: Doc) => void): Promise<string> {
  const doc = readDoc(base);
  change(doc);
  const path = join(scratch(), `${name}.yaml`);
  await writeFile(path, stringify(doc));
  return path;
}

async function generate(spec: string, out: string, ...flags: string[]) {
  const io = capture();
  const code = await main(['generate', '--spec', spec, '--out', out, ...flags], io);
  return { code, ...io };
}

const changelog = (out: string) => readFile(join(out, 'CHANGELOG.md'), 'utf8');
const headings = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
const newestEntry = (text: string) => text.slice(text.indexOf('\n## ') + 1).split(/\n(?=## )/)[0]!;
const packageVersion = async (out: string) =>
  (JSON.parse(await readFile(join(out, 'package.json'), 'utf8')) as { version: string }).version;
const versionModule = (out: string) => readFile(join(out, 'src/version.ts'), 'utf8');

describe('the package version across releases', () => {
  const out = () => join(scratch(), 'releases');

  it('starts at the API version and records it', async () => {
    expect((await generate(V14, out())).code).toBe(0);
    expect(await packageVersion(out())).toBe('1.4.0');
    expect(headings(await changelog(out()))).toEqual(['1.4.0']);
  }, 60_000);

  it('stays the same, and up to date, when nothing changed', async () => {
    const result = await generate(V14, out(), '--check');
    expect(result.stderr).toEqual([]);
    expect(result.code).toBe(0);
  }, 60_000);

  it('takes a patch step for a change of documentation only', async () => {
    const spec = await specWith(
      V14,
      'reworded',
      (doc) => (doc.paths['/api/v1/users/'].post.summary = 'Create a user (reworded)'),
    );
    const result = await generate(spec, out());
    expect(result.stderr).toEqual([]);
    expect(await packageVersion(out())).toBe('1.4.1');
    const entry = newestEntry(await changelog(out()));
    expect(entry).toMatch(
      /^## 1\.4\.1\n\nAPI 1\.4\.0\. No changes to the public surface\. The package moves from 1\.4\.0 to 1\.4\.1, a patch release: its files changed, not its public surface/,
    );
  }, 60_000);

  it('takes a minor step for a spec addition, whatever info.version says; it replaces the pending patch entry', async () => {
    const spec = await specWith(V15, 'additions-api-7', (doc) => (doc.info.version = '7.0.0'));
    const result = await generate(spec, out());
    expect(result.stderr).toEqual([]);
    expect(await packageVersion(out())).toBe('1.5.0');
    expect(await versionModule(out())).toContain("export const API_VERSION = '7.0.0';");
    const text = await changelog(out());
    expect(headings(text)).toEqual(['1.5.0', '1.4.0']);
    const entry = newestEntry(text);
    expect(entry).toMatch(
      /^API 7\.0\.0\. No breaking changes, \d+ compatible changes\. The package moves from 1\.4\.0 to 1\.5\.0, a minor release \(API 1\.4\.0 → 7\.0\.0\)\.$/m,
    );
    // The spec's addition, and the names the generator exports for it.
    expect(entry).toContain('- response 200 field `connectors` added (optional, array)');
    expect(entry).toContain('- export `isConnector` added');
  }, 60_000);

  it('gives the same version when regenerated before a release, and on --check', async () => {
    const spec = join(scratch(), 'additions-api-7.yaml');
    expect((await generate(spec, out())).code).toBe(0);
    expect(await packageVersion(out())).toBe('1.5.0');
    expect((await generate(spec, out(), '--check')).code).toBe(0);
  }, 90_000);

  it('takes a major step for a breaking change after --release, and warns when info.version did not move', async () => {
    const released = join(scratch(), 'additions-api-7.yaml');
    expect((await generate(released, out(), '--release')).code).toBe(0);
    const spec = await specWith(
      released,
      'without-sold-by',
      (doc) => delete doc.components.schemas.Station.properties.sold_by,
    );
    const result = await generate(spec, out());
    expect(result.code).toBe(0);
    expect(await packageVersion(out())).toBe('2.0.0');
    expect(result.stderr.join('\n')).toMatch(
      /warning \[api-version\] #\/info\/version: the spec changed the API surface \(2 change\(s\)\) but info\.version is still 7\.0\.0/,
    );
    const text = await changelog(out());
    expect(headings(text)).toEqual(['2.0.0', '1.5.0', '1.4.0']);
    expect(newestEntry(text)).toContain(
      '- response 200 field `sold_by` removed: code that reads it stops compiling',
    );
  }, 90_000);
});

describe('a change made by the generator alone', () => {
  it('is a major step when it renames an enum member and a function, with info.version unchanged', async () => {
    const out = join(scratch(), 'generator-change');
    expect((await generate(V14, out)).code).toBe(0);
    // The record as an older generator would have left it: other member and function names than this one emits.
    const state = JSON.parse(await readFile(join(out, 'api-surface.json'), 'utf8')) as Doc;
    const connectorType = (state.current.exports as Doc[]).find((e) => e.name === 'ConnectorType')!;
    const member = (connectorType.members as string[])[0]!;
    connectorType.members[0] = `Legacy${member}`;
    const operation = (state.current.operations as Doc[]).find(
      (o) => o.functionName === 'usersPaymentMethodsCreateSetupIntent',
    )!;
    operation.functionName = 'usersSetupIntentsCreate';
    await writeFile(join(out, 'api-surface.json'), JSON.stringify(state));

    const result = await generate(V14, out);
    expect(result.stderr).toEqual([]);
    expect(await packageVersion(out)).toBe('2.0.0');
    expect(await versionModule(out)).toContain("export const API_VERSION = '1.4.0';");
    const entry = newestEntry(await changelog(out));
    expect(entry).toContain(
      'The package moves from 1.4.0 to 2.0.0, a major release (API 1.4.0, unchanged).',
    );
    expect(entry).toContain(
      `- export \`ConnectorType\` loses member \`Legacy${member}\`: code that names it stops compiling`,
    );
    expect(entry).toMatch(
      /operation moved in the client \(`.*usersSetupIntentsCreate\(\)` → `.*usersPaymentMethodsCreateSetupIntent\(\)`\)/,
    );
  }, 90_000);
});

describe('a damaged surface record', () => {
  it('is refused with its file named, not a stack trace', async () => {
    const out = join(scratch(), 'damaged');
    expect((await generate(V14, out)).code).toBe(0);
    await writeFile(join(out, 'api-surface.json'), '{"format": 99}');
    const result = await generate(V14, out);
    expect(result.code).toBe(1);
    expect(result.stderr[0]).toMatch(
      /api-surface\.json error \[surface-state\] #: .*api-surface\.json cannot be read: it has format 99, and this generator reads formats 1 and 2/,
    );
  }, 60_000);
});
