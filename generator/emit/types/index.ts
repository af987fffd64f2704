/**
 * The `types` and `enums` modules, and the error types handed to the runtime's `ApiError`:
 * one exported type per schema view.
 */
export { emitEnums } from './enums.js';
export { emitErrorTypes } from './error-types.js';
export { emitTypes } from './types.js';
