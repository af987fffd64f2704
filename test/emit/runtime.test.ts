/** The runtime is copied: each template becomes a formatted text file under the directory, in name order. */
import { describe, expect, it } from 'vitest';
import { emitRuntime } from '../../generator/emit/templates/runtime.js';

describe('emitRuntime', () => {
  it('copies templates unchanged, sorted by name, marked as already formatted', () => {
    const files = emitRuntime(
      [
        { name: 'retry.ts', content: 'export const r = 1;\n' },
        { name: 'core/http.ts', content: 'export const h = 2;\n' },
        { name: 'errors.ts', content: 'export const e = 3;\n' },
      ],
      'src/runtime',
    );
    expect(files).toEqual([
      {
        kind: 'text',
        path: 'src/runtime/core/http.ts',
        content: 'export const h = 2;\n',
        formatted: true,
      },
      {
        kind: 'text',
        path: 'src/runtime/errors.ts',
        content: 'export const e = 3;\n',
        formatted: true,
      },
      {
        kind: 'text',
        path: 'src/runtime/retry.ts',
        content: 'export const r = 1;\n',
        formatted: true,
      },
    ]);
  });
});
