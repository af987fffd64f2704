/**
 * What every emitter shares: the model of an emitted file, module imports, doc comments made
 * from spec text, type expressions in the read and write views, and sample values for the docs.
 */
export { type EmittedFile, SOURCE_DIR } from './model.js';
