/**
 * Reading the generated diff is how a reviewer sees what a spec change does to the package.
 * Adding one field must show as that field's lines alone: no renumbered locals, no rewritten
 * kilobyte-long lines of the recorded surface.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { main } from '../../generator/cli/cli.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-review-');

/** Every generated code file a reviewer reads: the sources, api.md and the recorded surface. */
function codeFiles(out: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(out, path), readFileSync(path, 'utf8'));
    }
  };
  walk(join(out, 'src'));
  for (const name of ['api.md', 'api-surface.json'])
    files.set(name, readFileSync(join(out, name), 'utf8'));
  return files;
}

interface Hunk {
  readonly removed: string[];
  readonly added: string[];
}

/** The changed regions between two texts, from a longest common subsequence of their lines. */
function hunks(before: string, after: string): Hunk[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  )
    end++;
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  // lcs[i][j]: the common subsequence length of x[i..] and y[j..].
  const width = y.length + 1;
  const lcs = new Uint32Array((x.length + 1) * width);
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i * width + j] =
        x[i] === y[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
  }
  const out: Hunk[] = [];
  let current: Hunk | undefined;
  const take = (): Hunk => (current ??= { removed: [], added: [] });
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      if (current) out.push(current);
      current = undefined;
      i++;
      j++;
    } else if (
      j < y.length &&
      (i === x.length || lcs[i * width + j + 1]! >= lcs[(i + 1) * width + j]!)
    )
      take().added.push(y[j++]!);
    else take().removed.push(x[i++]!);
  }
  if (current) out.push(current);
  return out;
}

const FIELD =
  /connector_summary|connectorSummary|ConnectorSummary|plugs_total|plugsTotal|plugs_free|plugsFree/;

describe('the generated diff of a new field', () => {
  it('touches only lines about that field, apart from version and changelog lines', async () => {
    const spec = join(scratch(), 'spec.yaml');
    const out = join(scratch(), 'out');
    const doc = parse(readFileSync('spec/connect-api.yaml', 'utf8')) as Record<string, any>;
    writeFileSync(spec, stringify(doc));
    expect(await main(['generate', '--spec', spec, '--out', out], capture())).toBe(0);
    const before = codeFiles(out);

    const oldVersion = doc.info.version as string;
    doc.info.version = '1.5.0';
    // In the middle of the station's properties, where a numbering of locals would shift everything after it.
    const station = doc.components.schemas.Station;
    const entries = Object.entries(station.properties as Record<string, unknown>);
    const summary = {
      type: 'object',
      description: 'How many plugs the station has, and how many are free.',
      required: ['plugs_total', 'plugs_free'],
      properties: { plugs_total: { type: 'integer' }, plugs_free: { type: 'integer' } },
    };
    station.properties = Object.fromEntries([
      ...entries.slice(0, 3),
      ['connector_summary', summary],
      ...entries.slice(3),
    ]);
    writeFileSync(spec, stringify(doc));
    expect(await main(['generate', '--spec', spec, '--out', out], capture())).toBe(0);
    const after = codeFiles(out);

    const versionLine = (line: string) =>
      line.includes(oldVersion) ||
      line.includes('1.5.0') ||
      /"(digest|specDigest|version|apiVersion)":/.test(line);
    const unrelated: string[] = [];
    let fieldLines = 0;
    for (const [path, text] of after) {
      const old = before.get(path);
      if (old === undefined) {
        unrelated.push(`${path}: a new file`);
        continue;
      }
      for (const hunk of hunks(old, text)) {
        const removed = hunk.removed.filter((l) => !versionLine(l));
        const added = hunk.added.filter((l) => !versionLine(l));
        if (removed.length === 0 && added.length === 0) continue;
        fieldLines += added.filter((l) => FIELD.test(l)).length;
        // A pure insertion that names the field is the field's block (its braces and `return undefined;` included).
        // Anywhere else each line must name the field, or be a line that only gained the comma before it.
        const comma = (l: string) => added.includes(`${l},`) || removed.some((r) => l === `${r},`);
        const inserted = removed.length === 0 && added.some((l) => FIELD.test(l));
        const about = inserted || [...removed, ...added].every((l) => FIELD.test(l) || comma(l));
        if (!about)
          unrelated.push(
            `${path}:\n${removed.map((l) => `- ${l}`).join('\n')}\n${added.map((l) => `+ ${l}`).join('\n')}`,
          );
      }
    }
    expect(unrelated).toEqual([]);
    expect(fieldLines).toBeGreaterThan(5);
  }, 120_000);
});
