import { defineConfig } from 'vitest/config';

// `npm run test:runtimes`: the runtime matrix alone. Each cell starts a runtime as a child
// process; the timeouts are hang guards for a loaded 2-core machine, not speed targets.
export default defineConfig({
  test: {
    include: ['test/runtimes/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
