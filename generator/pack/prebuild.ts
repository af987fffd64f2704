/**
 * Run by the build (`build.js`) after bundling, from the bundle: writes beside it what a cold
 * run would otherwise compute every time (`prebuilt.ts` reads it back). Each item is keyed by
 * what it was made from, so the run checks it still fits.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { contentKey } from '../shared/cache.js';
import { TEMPLATES_DIR } from '../shared/locations.js';
import { SUMMARY_SHAPE, summarizeModule, type ModuleSummary } from '../shared/module-exports.js';
import { acceptorFileName, prebuiltItem, SUMMARIES_FILE } from '../shared/templates/prebuilt.js';
import { prebuiltAcceptor } from '../validate/schemas.js';

/** Writes the acceptors of every OpenAPI line and the templates' export summaries into `dir`. */
export function writePrebuilt(dir: string): void {
  for (const line of ['3.0', '3.1', '3.2'] as const)
    writeFileSync(join(dir, acceptorFileName(line)), prebuiltAcceptor(line));
  writeFileSync(
    join(dir, SUMMARIES_FILE),
    prebuiltItem(SUMMARY_SHAPE, JSON.stringify(templateSummaries())),
  );
}

/**
 * The export summary of every TypeScript file under templates/, by the key the release stage
 * looks summaries up by (`contentKey(SUMMARY_SHAPE, text)`): a module copied into a package
 * as it is finds its summary; one changed on the way is parsed as before.
 */
export function templateSummaries(dir = TEMPLATES_DIR): Record<string, ModuleSummary> {
  const summaries: Record<string, ModuleSummary> = {};
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .sort();
  for (const path of files) {
    const text = readFileSync(join(dir, path), 'utf8');
    summaries[contentKey(SUMMARY_SHAPE, text)] = summarizeModule(path, text);
  }
  return summaries;
}
