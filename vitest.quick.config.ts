import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:quick`, the inner loop: every suite but the slow ones below, which `npm test`
 * still runs. Measured on the 2-core machine, these took most of the suite's time.
 */
export const SLOW_SUITES = [
  // other OpenAPI documents and generated inputs: the corpus, the fuzzer, property-based
  // guards, and generation in two processes under other time zones and locales
  'test/robustness/corpus*',
  'test/robustness/fuzz*',
  // seeded hostile servers against the client: 150 cases, about 15 s
  'test/robustness/hostile-fuzz.test.ts',
  'test/robustness/guard-properties.test.ts',
  'test/robustness/determinism.test.ts',
  // schema constructs: six outputs type-checked in one program, about 15 s of CPU
  'test/robustness/schema-constructs.test.ts',
  // the command line as spawned processes (npx, tsx, git) and repeated whole generations
  'test/cli/bin.test.ts',
  'test/diff/cli.test.ts',
  'test/diff/branch-merge.test.ts',
  'test/diff/generate-release.test.ts',
  'test/diff/release-stage.test.ts',
  'test/emit/review-diff.test.ts',
  'test/cli/cli.test.ts',
  'test/cli/fresh-clone.test.ts',
  'test/cli/pack-destination.test.ts',
  // prettier over every hand-written file
  'test/house-format.test.ts',
  // build, pack and install the package, drive it in Chromium, run the examples
  'test/package/**',
  // a Vue Query app in Chromium, and three TanStack adapters' declaration files type-checked
  'test/query/vue-browser.test.ts',
  'test/query/frameworks.test.ts',
  // the type-check benchmark's installed consumer: npm pack (two tsc builds) and tsc
  'test/bench/typecheck-installed.test.ts',
  // every runtime of the matrix as a child process, after a build and pack (npm run test:runtimes)
  'test/runtimes/**',
];

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [...configDefaults.exclude, ...SLOW_SUITES],
      // Test files share each worker's module cache instead of importing the generator
      // (TypeScript, ts-morph) afresh: that import was over a third of the quick run's CPU
      // time. The suites restore what they stub (env, timers); `npm test` keeps isolation.
      isolate: false,
    },
  }),
);
