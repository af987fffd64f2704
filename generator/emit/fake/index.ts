/**
 * The package's fake of its API: the generic fake wired to the spec, or the layer's fake
 * (`testing/`) with the contract made from the spec.
 */
export { emitFake, FAKE_DIR } from './fake.js';
export { emitTesting } from './testing.js';
