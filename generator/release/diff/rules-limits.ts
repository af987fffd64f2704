/**
 * The rules for what a value may be, on either side: its type, its constraints and its media
 * types. Part of the one table in `rules.ts` (kept apart only to keep that file readable).
 * Constraints are judged in opposite directions on the two sides, as the rest of the table
 * is: a request may be held to less, never to more (the client's checks and the server
 * refuse what no longer fits); a response may promise more, never less (code reading it
 * relies on the range it was promised, and a response guard enforces that range).
 */
import type { Rule } from './rules.js';

/** A changed type breaks both sides: values sent today no longer fit, and code reading a value expects the old type. */
export const TYPE_RULES: readonly Rule[] = [
  {
    id: 'type-changed',
    target: 'request',
    kind: 'type-changed',
    verdict: 'breaking',
    change: 'type changed in a request',
    reason: 'values sent today no longer fit',
  },
  {
    id: 'response-type-changed',
    target: 'response',
    kind: 'type-changed',
    verdict: 'breaking',
    change: 'type changed in a response',
    reason: 'code that reads it expects the old type',
  },
];

export const LIMIT_RULES: readonly Rule[] = [
  {
    id: 'request-constraint-narrowed',
    target: 'request',
    kind: 'constraint-narrowed',
    verdict: 'breaking',
    change:
      'constraint narrowed in a request: a `minimum`, `minLength`, `minItems` or `minProperties` raised, a `maximum`, `maxLength`, `maxItems` or `maxProperties` lowered, a bound made exclusive, a `pattern`, `format`, `multipleOf` or `uniqueItems` added',
    reason:
      "values sent today may be refused, by the client's checks before sending or by the server",
  },
  {
    id: 'request-constraint-widened',
    target: 'request',
    kind: 'constraint-widened',
    verdict: 'compatible',
    change:
      'constraint widened in a request: a bound or count relaxed, a `pattern` or `format` removed',
    reason: 'values sent today are still accepted',
  },
  {
    id: 'request-constraint-replaced',
    target: 'request',
    kind: 'constraint-replaced',
    verdict: 'breaking',
    change: 'constraint replaced in a request: another `pattern`, `format` or `multipleOf`',
    reason: 'values sent today may no longer match',
  },
  {
    id: 'response-constraint-narrowed',
    target: 'response',
    kind: 'constraint-narrowed',
    verdict: 'compatible',
    change: 'constraint narrowed in a response',
    reason: 'values received stay within what was promised before',
  },
  {
    id: 'response-constraint-widened',
    target: 'response',
    kind: 'constraint-widened',
    verdict: 'breaking',
    change:
      'constraint widened in a response: a `maximum` or `maxLength` raised, a `minimum` lowered, a `pattern` removed',
    reason:
      'the API may now send values outside the promised range, and code that relies on it meets them',
  },
  {
    id: 'response-constraint-replaced',
    target: 'response',
    kind: 'constraint-replaced',
    verdict: 'breaking',
    change: 'constraint replaced in a response: another `pattern` or `multipleOf`',
    reason: 'values received may no longer match what code expects',
  },
  {
    id: 'request-media-type-added',
    target: 'request-body',
    kind: 'media-type-added',
    verdict: 'compatible',
    change: 'request media type added (a body may also be sent as a form, or as merge-patch JSON)',
    reason: 'bodies sent today are still accepted',
  },
  {
    id: 'request-media-type-removed',
    target: 'request-body',
    kind: 'media-type-removed',
    verdict: 'breaking',
    change: 'request media type removed or replaced',
    reason: 'bodies sent as that type are refused (415)',
  },
  {
    id: 'response-media-type-added',
    target: 'status',
    kind: 'media-type-added',
    verdict: 'compatible',
    change: 'response media type added',
    reason: 'the client names the types it reads in `Accept`, and those are still offered',
  },
  {
    id: 'response-media-type-removed',
    target: 'status',
    kind: 'media-type-removed',
    verdict: 'breaking',
    change: 'response media type removed or replaced (JSON → text)',
    reason: 'code that reads the body as that type gets another one',
  },
];
