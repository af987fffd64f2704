/**
 * Typo-safe comparison with open enums. A response enum is typed `Known | (string & {})` so
 * values the API adds later still type-check; the price is that `status === 'fre'` compiles
 * too (any string is comparable with `string & {}`, and a branded string does not change
 * that). `isOneOf` takes the known values only, so a misspelt one fails to compile.
 */

/** The literal members of an open enum type: `'free' | 'busy'` of `'free' | 'busy' | (string & {}) | undefined`. */
export type KnownValues<V> = V extends null | undefined
  ? never
  : string extends V
    ? never
    : number extends V
      ? never
      : V;

/**
 * Whether `value` is one of `known`, narrowing it to them. `known` accepts only the values
 * the type lists, so `isOneOf(order.status, 'shiped')` is a compile error.
 *
 * @example
 * if (isOneOf(order.status, 'placed', 'shipped')) console.log(order.status);
 */
export function isOneOf<V, const K extends KnownValues<V>>(
  value: V,
  ...known: readonly K[]
): value is V & K {
  return (known as readonly unknown[]).includes(value);
}
