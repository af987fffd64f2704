/**
 * The `query` entry point: TanStack Query options and invalidation for every operation
 * (the keys themselves are planned: plan/query-keys.ts).
 */
export { emitQueryOptions, QUERY_MODULE } from './query-options.js';
