/**
 * The `guards` module: a check, a type guard and an assertion per schema view, and the
 * checks of each operation's arguments before sending.
 */
export { emitGuards } from './guards.js';
