/**
 * The corpus: every document of @readme/oas-examples (2.0, 3.0 and 3.1, JSON and YAML),
 * @scalar/galaxy, our documents in the styles of common server frameworks, and a spread of
 * published API descriptions (corpus-directory.ts). Most examples come as a JSON and a YAML
 * twin of one document; they are paired so the suite can check that both formats give the
 * same IR and type-check the output only once.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { directoryDocuments, FIGMA } from './corpus-directory.js';

export interface CorpusDocument {
  /** `oas-examples/3.0/file-uploads`, `galaxy/3.1`, `frameworks/fastapi`. */
  readonly name: string;
  /** Paths relative to the repository root, JSON first; one or two. */
  readonly files: readonly string[];
}

export interface Refusal {
  /** Code and pointer of one diagnostic the refusal must contain. */
  readonly code: string;
  readonly pointer: string;
  /** Why, in a phrase, for the table below and the report. */
  readonly why: string;
}

const ROOT = process.cwd();
const EXAMPLES = 'node_modules/@readme/oas-examples';

function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(json|ya?ml)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

const UNEQUAL_TWINS = ['oas-examples/3.1/parameters-style'];

/** Every corpus document, sorted by name. */
export function corpusDocuments(): CorpusDocument[] {
  const byName = new Map<string, string[]>();
  const add = (name: string, file: string) => byName.set(name, [...(byName.get(name) ?? []), file]);
  for (const file of filesUnder(EXAMPLES)) {
    const match = /^[^]*?oas-examples\/(\d\.\d)\/(?:json|yaml)\/(.+)\.(?:json|ya?ml)$/.exec(file);
    if (match) add(`oas-examples/${match[1]}/${match[2]}`, file);
  }
  // latest.* is a copy of 3.1.* in this release of the package.
  for (const file of [
    'node_modules/@scalar/galaxy/dist/3.1.json',
    'node_modules/@scalar/galaxy/dist/3.1.yaml',
  ])
    add('galaxy/3.1', file);
  for (const file of filesUnder('test/fixtures/corpus'))
    add(`frameworks/${file.replace(/^.*\/|\.(json|ya?ml)$/g, '')}`, file);
  for (const [name, file] of [...directoryDocuments(), FIGMA]) add(name, file);
  // Twins that are not the same document: the YAML of 3.1 parameters-style swaps the methods of
  // two form-data operations (GET and POST), so the two give different IRs; the JSON is kept.
  for (const name of UNEQUAL_TWINS)
    byName.set(
      name,
      (byName.get(name) ?? []).filter((file) => file.endsWith('.json')),
    );
  return [...byName.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, files]) => ({
      name,
      files: [...files].sort((a, b) => Number(!a.endsWith('.json')) - Number(!b.endsWith('.json'))),
    }));
}

/**
 * The documents the generator refuses, and the diagnostic that says why. Every other
 * document must generate a client that type-checks. A change to this table is a change in
 * what the generator supports: review it as such.
 */
export const EXPECTED_REFUSALS: Readonly<Record<string, Refusal>> = {
  'oas-examples/3.0/openapi-workshop/post': {
    code: 'schema',
    pointer: '/paths/~1hoot/post/responses',
    why: "invalid OpenAPI 3.0: an operation's responses may not be empty",
  },
};
