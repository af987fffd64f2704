/**
 * Corpus documents that fail today for a cause another piece of work is fixing (issue 15),
 * each with the failure pinned: refused with a diagnostic code, output that does not
 * type-check with a TypeScript error, or an internal error. Unlike EXPECTED_REFUSALS these
 * are not accepted outcomes: when a cause is fixed, its documents must pass, and the suite
 * says which entries to delete. Every entry names its cause, so a new failure of another
 * kind in the same document still shows.
 */
export type PendingFailure =
  | { readonly kind: 'refused'; readonly code: string }
  | { readonly kind: 'broken'; readonly tsCode: number }
  | { readonly kind: 'crashed'; readonly message: RegExp };

export interface Pending {
  readonly cause: string;
  readonly failure: PendingFailure;
}

/** Empty since the body kinds, status ranges, comment escaping and name collisions were fixed. */
export const PENDING: Readonly<Record<string, Pending>> = {};
