/** Where the hand-written parts a package is made of live: the runtime, the fake, the layers. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATES_DIR, templatePath } from '../locations.js';

export const RUNTIME_TEMPLATE_DIR = templatePath('runtime/');
/** The fake server, copied into the package's `testing/` when the spec's layer brings it (`layer.json`). */
export const TESTING_TEMPLATE_DIR = templatePath('testing/');
/** The fake made from the spec alone, copied into the package's `fake/` when no layer brings a fake of its own. */
export const FAKE_TEMPLATE_DIR = templatePath('fake/');

/** A hand-written layer's folder (`info.x-sdk-lib`; validation has checked it is one of `sdkLayers()`). */
export function libTemplateDir(lib: string): string {
  return templatePath(`${lib}/`);
}

/** Folders under templates/ that are not a layer: the runtime every package gets, and the fakes. */
const NOT_LAYERS = new Set(['runtime', 'testing', 'fake']);
let layers: readonly string[] | undefined;

/**
 * The hand-written layers the generator has (`info.x-sdk-lib` names one): each folder under
 * templates/ with an `index.ts`, but the runtime and the fake. They ship with the generator
 * and do not change while it runs, so the folder is read once, like a table compiled in.
 */
export function sdkLayers(): readonly string[] {
  layers ??= readdirSync(TEMPLATES_DIR, { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() &&
        !NOT_LAYERS.has(entry.name) &&
        existsSync(join(TEMPLATES_DIR, entry.name, 'index.ts')),
    )
    .map((entry) => entry.name)
    .sort();
  return layers;
}
