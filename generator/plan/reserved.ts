/**
 * The names a package's hand-written parts and emitters take, which the plan keeps from
 * schemas: read from the templates' own index files (`shared/templates/names.ts`) and the IR's
 * list of emitted names.
 */
import { EMITTED_NAMES } from '../ir/names.js';
import { templateExports } from '../shared/templates/names.js';

/**
 * Every name a package exports besides its schemas': the runtime's, the layer's when the
 * document asks for one (`info.x-sdk-lib`), and the emitters' own. Another document's client
 * has no layer, so its schemas may use the layer's names.
 */
export function reservedNames(lib: string | undefined): readonly string[] {
  return [
    ...new Set([
      ...templateExports('runtime'),
      ...(lib === undefined ? [] : templateExports(lib)),
      ...EMITTED_NAMES,
    ]),
  ];
}
