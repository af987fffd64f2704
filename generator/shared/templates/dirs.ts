/** Where the hand-written parts a package is made of live: the runtime, the fake, the layers. */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATES_DIR, templatePath } from '../locations.js';

export const RUNTIME_TEMPLATE_DIR = templatePath('runtime/');
/**
 * openapi-react-query's hooks over an openapi-fetch style client (`./react-query`), copied
 * into every package; the only templates that import a package (TanStack Query, an optional peer).
 */
export const REACT_QUERY_TEMPLATE_DIR = templatePath('react-query/');
/**
 * The fakes' library every package with a fake carries in its `fake/`: the router, the seeded
 * random, bounded body reading, transactions, control routes, the Fetch edge and its adapters.
 * Its `generic/` holds the fake made from the spec alone (for a package whose layer brings
 * no fake of its own), its `node/` the `node:http` adapter (for a layer's fake, run on a port).
 */
export const FAKE_TEMPLATE_DIR = templatePath('fake/');
/**
 * The `/fetch` entry every package carries in its `fetch/`: openapi-fetch's API over an
 * openapi-typescript `paths` type, with our extras opt-in. Generic: no API's code in it.
 */
export const FETCH_TEMPLATE_DIR = templatePath('fetch/');
/** The package's folder for the fetch entry's files, under src/. */
export const FETCH_DIR = 'fetch';
/** The folder under src/ openapi-react-query's hooks are copied to; `./react-query` is its index. */
export const REACT_QUERY_DIR = 'react-query';
/** The subfolders of `FAKE_TEMPLATE_DIR`, copied under the same names. */
export const FAKE_GENERIC_FOLDER = 'generic';
export const FAKE_NODE_FOLDER = 'node';

/** A hand-written layer's folder (`info.x-sdk-lib`; validation has checked it is one of `sdkLayers()`). */
export function libTemplateDir(lib: string): string {
  return templatePath(`${lib}/`);
}

/** The folder of a layer's own fake, below the layer's modules. */
export const LAYER_FAKE_FOLDER = 'fake';

/** A layer's own fake (`templates/<lib>/fake/`), built on the fakes' library, when its `layer.json` says it brings one. */
export function layerFakeTemplateDir(lib: string): string {
  return templatePath(`${lib}/${LAYER_FAKE_FOLDER}/`);
}

/** Folders under templates/ that are not a layer: what every package gets (the runtime, the fetch and react-query entries) and the fakes' library. */
const NOT_LAYERS = new Set(['runtime', 'fake', 'fetch', 'react-query']);
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
