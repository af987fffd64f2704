/**
 * The repository's documentation: the README, the entry, and the pages under `docs/` it links
 * to. A test that holds a section to the code reads the page the section is on, by name.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const README_FILE = join(REPO_ROOT, 'README.md');
export const DOCS_DIR = join(REPO_ROOT, 'docs');

/** Every page under `docs/`, by name (the file name without `.md`). */
export const DOCS_PAGES = [
  'using-the-client',
  'apps',
  'fake',
  'teams-and-ci',
  'generator',
  'migrating-from-openapi-fetch',
  'design',
  'architecture',
] as const;

export type DocsPage = (typeof DOCS_PAGES)[number];

export function docsPagePath(page: DocsPage): string {
  return join(DOCS_DIR, `${page}.md`);
}

export function readDocsPage(page: DocsPage): Promise<string> {
  return readFile(docsPagePath(page), 'utf8');
}

export function readDocsPageSync(page: DocsPage): string {
  return readFileSync(docsPagePath(page), 'utf8');
}
