/**
 * ApiPromise defines only `then`: the standard `catch` and `finally` call it, so they see the
 * parsed result (and its errors), and the body is parsed once however many are chained.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiPromise } from '../../templates/runtime/index.js';

type Exchange = ConstructorParameters<typeof ApiPromise>[0] extends Promise<infer E> ? E : never;
const exchange = Promise.resolve({} as Exchange);

describe('ApiPromise catch and finally', () => {
  it('catch receives the error of parsing, not a resolved placeholder', async () => {
    const parse = vi.fn(() => {
      throw new Error('bad body');
    });
    const promise = new ApiPromise<number>(exchange, parse);
    await expect(promise.catch((error: Error) => error.message)).resolves.toBe('bad body');
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('finally runs its callback and passes the parsed value through, parsing once', async () => {
    const parse = vi.fn(() => 42);
    const promise = new ApiPromise<number>(exchange, parse);
    const done = vi.fn();
    await expect(promise.finally(done)).resolves.toBe(42);
    await expect(promise.catch(() => 0)).resolves.toBe(42);
    await expect(promise).resolves.toBe(42);
    expect(done).toHaveBeenCalledTimes(1);
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
