import { defineConfig } from 'vitest/config';

// Timeouts here are hang guards, not speed targets: several suites spawn the CLI, tsc or a
// server, which takes seconds on a loaded 2-core machine (the house-format check alone reads
// every hand-written file through prettier). Speed lives in `npm run bench`.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
