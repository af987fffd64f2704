/**
 * The hand-written parts a package carries: the runtime copied as it is, the layers' modules
 * and what a layer contributes besides them.
 */
export { type LayerContribution } from './layer.js';
export { emitRuntime, type TemplateFile } from './runtime.js';
