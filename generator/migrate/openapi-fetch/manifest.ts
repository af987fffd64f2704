/**
 * The project's package.json, migrated: the scripts that run openapi-typescript run the
 * generator instead (and build the package it writes), and the dependencies trade the three
 * openapi-ts packages for the generated package and the generator. Read and written as
 * JSON with the file's own indentation and line ends, as npm itself rewrites it.
 */
import { findCalls, shellWord, type OpenapiTypescriptCall } from './script.js';

/** The packages the migration removes, and where each one's users are sent. */
export const REPLACED_PACKAGES = [
  'openapi-fetch',
  'openapi-react-query',
  'openapi-typescript',
] as const;

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies'] as const;

export interface ManifestChoices {
  /** The generated package's npm name. */
  readonly packageName: string;
  /** Its folder, relative to the project, as written in scripts (`./api-client`). */
  readonly out: string;
  /** The `connect-codegen` version range to depend on. */
  readonly generatorRange: string;
}

export interface ManifestChange {
  readonly line: number;
  readonly before: string;
  readonly after: string;
}

/** An `openapi-typescript` call found in a script, with the script's name. */
export interface FoundCall {
  readonly script: string;
  readonly line: number;
  readonly call: OpenapiTypescriptCall;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The 1-based line of the first `needle` in `text` (1 when it is not there). */
export function lineOf(text: string, needle: string, from = 0): number {
  const at = text.indexOf(needle, from);
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/** The manifest parsed, or the line where JSON.parse stopped. */
export function parseManifest(text: string): { json: Json } | { error: string; line: number } {
  try {
    const json: unknown = JSON.parse(text);
    if (!isObject(json)) return { error: 'is not a JSON object', line: 1 };
    return { json };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : 1;
    return { error: `is not valid JSON (${message})`, line };
  }
}

/** The openapi-typescript calls in the manifest's scripts. */
export function openapiTypescriptCalls(text: string, json: Json): FoundCall[] {
  const scripts = isObject(json.scripts) ? json.scripts : {};
  const found: FoundCall[] = [];
  for (const [script, value] of Object.entries(scripts)) {
    if (typeof value !== 'string') continue;
    const line = lineOf(text, JSON.stringify(script), text.indexOf('"scripts"'));
    for (const call of findCalls(value)) found.push({ script, line, call });
  }
  return found;
}

/** What replaces one openapi-typescript call: generate, then build the package (its exports point at dist/). */
export function generateCommand(
  spec: string,
  choices: ManifestChoices,
  cliFlags: readonly string[],
): string {
  const out = shellWord(choices.out);
  const generate = [
    'connect-codegen generate',
    `--spec ${shellWord(spec)}`,
    `--out ${out}`,
    ...cliFlags,
  ].join(' ');
  // `--check` writes nothing, so there is nothing new to build.
  return cliFlags.includes('--check') ? generate : `${generate} && npm --prefix ${out} run build`;
}

/**
 * The manifest's new text and its changes. `replacements` gives each script's new text;
 * the dependencies are traded whether or not a script changed.
 */
export function migrateManifest(
  text: string,
  json: Json,
  replacements: ReadonlyMap<string, string>,
  choices: ManifestChoices,
): { text: string; changes: ManifestChange[] } {
  const changes: ManifestChange[] = [];
  const next = structuredClone(json);
  const scripts = isObject(next.scripts) ? next.scripts : {};
  const scriptsAt = text.indexOf('"scripts"');
  for (const [name, value] of replacements) {
    if (scripts[name] === value) continue;
    changes.push({
      line: lineOf(text, JSON.stringify(name), scriptsAt),
      before: `"${name}": ${JSON.stringify(scripts[name])}`,
      after: `"${name}": ${JSON.stringify(value)}`,
    });
    scripts[name] = value;
  }
  for (const field of DEPENDENCY_FIELDS) {
    const deps = next[field];
    if (!isObject(deps)) continue;
    const fieldAt = text.indexOf(JSON.stringify(field));
    for (const name of REPLACED_PACKAGES) {
      if (!(name in deps)) continue;
      changes.push({
        line: lineOf(text, JSON.stringify(name), fieldAt),
        before: `${field}.${name}: ${JSON.stringify(deps[name])}`,
        after: '(removed)',
      });
      delete deps[name];
    }
  }
  const add = (field: 'dependencies' | 'devDependencies', name: string, range: string) => {
    const present = DEPENDENCY_FIELDS.some((f) => isObject(next[f]) && name in (next[f] as Json));
    if (present) return;
    const deps = isObject(next[field]) ? next[field] : {};
    deps[name] = range;
    next[field] = sortedKeys(deps);
    const fieldAt = text.indexOf(JSON.stringify(field));
    changes.push({
      line: fieldAt < 0 ? 1 : lineOf(text, JSON.stringify(field)),
      before: '(none)',
      after: `${field}.${name}: ${JSON.stringify(range)}`,
    });
  };
  add('dependencies', choices.packageName, `file:${choices.out}`);
  add('devDependencies', 'connect-codegen', choices.generatorRange);
  if (changes.length === 0) return { text, changes };
  return { text: printJson(text, next), changes };
}

/** npm keeps dependencies sorted by name; so does the migration. */
function sortedKeys(object: Json): Json {
  return Object.fromEntries(
    Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** `value` printed with the indentation and line ends `original` uses. */
export function printJson(original: string, value: unknown): string {
  const indented = /\n([ \t]+)\S/.exec(original);
  const indent = indented ? indented[1]! : 2;
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  const body = JSON.stringify(value, null, indent).split('\n').join(eol);
  return /\r?\n$/.test(original) ? body + eol : body;
}

/** A script with each call's words replaced by `replace(call)`; the rest keeps its bytes. */
export function rewriteScript(
  script: string,
  calls: readonly OpenapiTypescriptCall[],
  replace: (call: OpenapiTypescriptCall) => string,
): string {
  let result = script;
  for (const call of [...calls].sort((a, b) => b.start - a.start))
    result = result.slice(0, call.start) + replace(call) + result.slice(call.end);
  return result;
}
