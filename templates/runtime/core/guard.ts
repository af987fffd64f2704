/**
 * Helpers the generated guards call. A guard's `check` function returns `undefined` for a
 * valid value and a `GuardFailure` otherwise; the failure's path is collected while the
 * failure travels back up the call chain, so the success path allocates nothing.
 */

export interface GuardFailure {
  /** Keys from the innermost value outwards; `formatGuardPath` puts them in reading order. */
  readonly reversedPath: (string | number)[];
  /** What the schema expected at that place, for example `string` or `one of "slow", "fast"`. */
  readonly expected: string;
  /** A short description of what was found (a type name, never the value, which may be secret). */
  readonly found: string;
}

/** A generated check: undefined when the value has the type, else the first mismatch. */
export type Check = (value: unknown) => GuardFailure | undefined;

export function fail(expected: string, value: unknown): GuardFailure {
  return { reversedPath: [], expected, found: describe(value) };
}

/** Adds the key under which the failing value was found, innermost first. */
export function at(failure: GuardFailure, key: string | number): GuardFailure {
  failure.reversedPath.push(key);
  return failure;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.results[3].evses[0].status`: the JSON path of the failure, in reading order. */
export function formatGuardPath(failure: GuardFailure, root = '$'): string {
  let out = root;
  for (let i = failure.reversedPath.length - 1; i >= 0; i--) {
    const key = failure.reversedPath[i]!;
    if (typeof key === 'number') out += `[${key}]`;
    else if (IDENTIFIER.test(key)) out += `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** A failure as one line: `$.results[3].status: expected string, got number`. */
export function describeFailure(failure: GuardFailure, root = '$'): string {
  return `${formatGuardPath(failure, root)}: expected ${failure.expected}, got ${failure.found}`;
}

/**
 * Thrown by the generated `assertX` functions when a value does not have the type.
 *
 * @example
 * try {
 *   assertUser(JSON.parse(text));
 * } catch (error) {
 *   if (error instanceof GuardError) console.error(error.path, error.expected, error.found);
 * }
 */
export class GuardError extends TypeError {
  /** JSON path of the first mismatch, for example `$.custom_properties.external_id`. */
  readonly path: string;
  /** What the type says belongs at `path`, for example `string`. */
  readonly expected: string;
  /** What the value holds there instead, for example `number`. */
  readonly found: string;

  constructor(failure: GuardFailure, typeName: string) {
    super(`Invalid ${typeName}: ${describeFailure(failure)}`);
    this.name = 'GuardError';
    this.path = formatGuardPath(failure);
    this.expected = failure.expected;
    this.found = failure.found;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    return Number.isInteger(value) ? 'integer' : 'number';
  }
  return typeof value;
}

/** Formats checked by the guards. Lenient on purpose: they catch wrong kinds of value, not every RFC corner. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function isDateTimeString(value: string): boolean {
  return DATE_TIME.test(value);
}

export function isDateString(value: string): boolean {
  return DATE.test(value);
}

export function isDecimalString(value: string): boolean {
  return DECIMAL.test(value);
}
