/**
 * The `/fetch` client's API-specific part: the `./fetch/validators` entry point, each
 * operation's success-body guard for the generic `validation()` extra of templates/fetch.
 */
export { emitFetchValidators, FETCH_VALIDATORS_MODULE } from './validators.js';
