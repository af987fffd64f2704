/**
 * What a hand-written layer (`info.x-sdk-lib`, `templates/<lib>/`) contributes besides its
 * modules, read from its folder: `layer.json` and the markdown it names, plus the fake
 * server's README section and default token when the layer brings its fake (its `fake/`). This is the disk
 * edge for layers; the emitters get the result as data (`emit/templates/layer.ts`).
 *
 * The manifest is JSON rather than a TypeScript module because every `.ts` file in a layer's
 * folder is copied into the package, and because the generator reads a layer as data: it
 * never runs a layer's code, and a wrong manifest is a diagnostic naming the file and the
 * member, not a failed import. A layer without `layer.json` adds its modules alone.
 */
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { diagnostic, type Diagnostic } from '../../shared/diagnostics.js';
import { DOC_PLACEHOLDERS, PLACEHOLDER, type LayerContribution } from './layer.js';
import { checkManifest } from './layer-manifest.js';
import { libTemplateDir } from '../../shared/templates/dirs.js';
import { exportedNames } from '../../shared/templates/names.js';
import { templateString } from './values.js';

export const LAYER_MANIFEST = 'layer.json';
/** The layer's fake's README section, in its `fake/` (templates/<lib>/fake/docs/readme.md). */
export const FAKE_README = 'docs/readme.md';
/** The fake's module that states `DEFAULT_TOKEN`. */
const FAKE_AUTH = 'auth.ts';

export interface LayerLoad {
  /** Present when `diagnostics` holds no error. */
  readonly layer?: LayerContribution;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Reads the contribution of the layer `lib` (validation has checked it is a folder under
 * templates/). `dir` and `fakeDir` are the layer's and the fake's folders, given by tests.
 */
export async function loadLayer(
  lib: string,
  dir = libTemplateDir(lib),
  fakeDir = join(dir, 'fake'),
): Promise<LayerLoad> {
  // Paths in messages start at the repository (`templates/<lib>/layer.json`) on every machine.
  const shown = (path: string) =>
    relative(join(dir, '..', '..'), path)
      .split('\\')
      .join('/');
  const manifestPath = join(dir, LAYER_MANIFEST);
  const text = await readText(manifestPath);
  if (text === undefined) return { layer: { keywords: [], errorFields: [] }, diagnostics: [] };

  const diagnostics: Diagnostic[] = [];
  const report = (path: string, message: string, pointer = '') =>
    diagnostics.push(diagnostic({ code: 'layer', file: shown(path), message, pointer }));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    report(manifestPath, `not JSON: ${(error as Error).message}`);
    return { diagnostics };
  }
  const indexPath = join(dir, 'index.ts');
  const exports = exportedNames((await readText(indexPath)) ?? '');
  const { manifest, problems } = checkManifest(value, exports, shown(indexPath));
  for (const p of problems) report(manifestPath, p.message, p.pointer);
  if (!manifest) return { diagnostics };

  /** A markdown file with its placeholders checked, without its last newline (the emitters join sections with blank lines). */
  const markdown = async (path: string, allowed: readonly string[], pointer = '') => {
    const doc = await readText(path);
    if (doc === undefined) {
      report(manifestPath, `${shown(path)} does not exist`, pointer);
      return undefined;
    }
    for (const [, name] of doc.matchAll(PLACEHOLDER))
      if (!allowed.includes(name!))
        report(path, `unknown placeholder {{${name}}}; this file may use ${allowed.join(', ')}`);
    return doc.replace(/\n+$/, '');
  };
  // `operationMethod` is the client method of the operation the manifest names.
  const names = DOC_PLACEHOLDERS.layer.filter(
    (n) => n !== 'operationMethod' || manifest.operation !== undefined,
  );
  const { docs } = manifest;
  const readme = docs.readme && (await markdown(join(dir, docs.readme), names, '/docs/readme'));
  const api = docs.api && (await markdown(join(dir, docs.api), names, '/docs/api'));
  let fake: LayerContribution['fake'];
  if (manifest.fake) {
    const fakeReadme = await markdown(join(fakeDir, FAKE_README), DOC_PLACEHOLDERS.fake, '/fake');
    const authPath = join(fakeDir, FAKE_AUTH);
    try {
      const token = templateString((await readText(authPath)) ?? '', FAKE_AUTH, 'DEFAULT_TOKEN');
      if (fakeReadme !== undefined) fake = { readme: fakeReadme, token };
    } catch (error) {
      report(authPath, (error as Error).message);
    }
  }
  if (diagnostics.length > 0) return { diagnostics };
  return {
    layer: {
      keywords: manifest.keywords,
      errorFields: manifest.errorFields,
      ...(manifest.operation !== undefined && { operation: manifest.operation }),
      ...(readme !== undefined && { readme }),
      ...(api !== undefined && { api }),
      ...(fake && { fake }),
    },
    diagnostics,
  };
}

/** The file's text, or undefined when there is no such file. */
async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
