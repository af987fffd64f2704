/**
 * The `operations/*` modules (a descriptor and a function per operation), the `client`
 * classes, the small-bundle `core` factory and the status error classes.
 */
export { emitClient } from './client.js';
export { emitCoreFactory } from './core-factory.js';
export { emitStatusErrors, STATUS_ERRORS_MODULE } from './errors.js';
export { emitOperationModule } from './operations.js';
