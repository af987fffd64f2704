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

const bodies = (cause: string): Pending => ({
  cause: `${cause} (issue 15, body kinds)`,
  failure: { kind: 'refused', code: 'unsupported-media-type' },
});
const NAME_COLLISION: Pending = {
  cause: 'a schema and an operation-derived name both exported, TS2308 (issue 15, constructs)',
  failure: { kind: 'broken', tsCode: 2308 },
};

export const PENDING: Readonly<Record<string, Pending>> = {
  'directory/anchore.io': bodies('a text/plain request body'),
  'directory/apicurio.local/registry': bodies('application/zip and */* request bodies'),
  'directory/conjur.local': bodies('text/plain request bodies'),
  'directory/netatmo.net': bodies('text/plain request bodies'),
  'directory/openpolicy.local': bodies('application/x-yaml and text/plain request bodies'),
  'directory/slicebox.local': bodies('an application/octet-stream request body'),
  'directory/listennotes.com': {
    cause: 'a 5XX status range (issue 15, body kinds)',
    failure: { kind: 'refused', code: 'unsupported-status' },
  },
  'directory/ptv.vic.gov.au': {
    cause:
      "a description holding '*/' ends the generated doc comment and prettier fails (issue 15, constructs)",
    failure: { kind: 'crashed', message: /Declaration expected/ },
  },
  'directory/ijenko.net': NAME_COLLISION,
  'directory/optimade.local': NAME_COLLISION,
};
