/**
 * What `build.js` computes once per build and writes beside the bundle (`prebuild.ts`), so a
 * cold run loads it instead of computing it: the OpenAPI acceptors ajv compiles (about 0.1 s
 * of every run) and the export summaries of the hand-written modules (parsed with TypeScript,
 * the release stage's largest cost). Each item carries the key of what it was made from and is
 * used only when that key matches what the run would compute, so a stale or missing item is
 * only a miss. Run from the sources (tests, tsx) there is no bundle and nothing is prebuilt.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Defined by the bundle's banner (`build.js`): the URL of the bundle's own chunk.
declare const __generatorBundleUrl: string | undefined;

/** The folder of the running bundle; undefined when the generator runs from its sources. */
export function bundleDir(): string | undefined {
  return typeof __generatorBundleUrl === 'string'
    ? fileURLToPath(new URL('.', __generatorBundleUrl))
    : undefined;
}

/** The standalone acceptor for an OpenAPI line: a file name in the bundle's folder. */
export function acceptorFileName(line: string): string {
  return `openapi-acceptor-${line}.cjs`;
}

export const SUMMARIES_FILE = 'export-summaries.json';

/**
 * A prebuilt item's text when its first line is `// <key>`, without that line; undefined when
 * missing or made from something else. `dir` defaults to the running bundle's folder.
 */
export function prebuiltText(
  name: string,
  key: string,
  dir: string | undefined = bundleDir(),
): string | undefined {
  if (dir === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(join(dir, name), 'utf8');
  } catch {
    return undefined;
  }
  const header = `// ${key}\n`;
  return text.startsWith(header) ? text.slice(header.length) : undefined;
}

/** `text` as a prebuilt item made from `key` (what `prebuiltText` reads back). */
export function prebuiltItem(key: string, text: string): string {
  return `// ${key}\n${text}`;
}
