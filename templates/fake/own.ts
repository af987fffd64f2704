/**
 * Records keyed by what a request says (path parameters, query names, body members) get
 * their members as own properties, whatever the name: a plain assignment of `__proto__`
 * would change the record's prototype instead of adding a member.
 */

/** Sets `key` on `target` as an ordinary, enumerable, writable own property. */
export function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
