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
  // Covered in test:quick by a faster suite of the same stage (the list below the array); these
  // took over 3 s each of a loaded run. Direct printing against prettier over corpus documents
  // and generated schemas (print: test/emit/print.test.ts, print-direct-types, -statements):
  'test/emit/print-direct.test.ts',
  'test/emit/print-direct-property.test.ts',
  // markdown through prettier (emit: test/emit/markdown-format-fences.test.ts)
  'test/emit/markdown-format.test.ts',
  // whole packages generated for other documents (emit: test/emit/readme-other-document.test.ts)
  'test/emit/other-document.test.ts',
  'test/fake/generic/documents.test.ts',
  'test/forms/petstore.test.ts',
  'test/swagger/generate.test.ts',
  'test/split/connect-api.test.ts',
  // deep and large documents (load: test/load/load.test.ts, json-locate)
  'test/robustness/depth.test.ts',
  'test/load/depth-scan.test.ts',
  // generated output type-checked with tsc (plan: test/ir/build.test.ts plans and emits)
  'test/robustness/strict-output.test.ts',
  'test/query/types.test.ts',
  'test/plan/rename.test.ts',
  'test/ir/places.test.ts',
  'test/generated/faults.test.ts',
  'test/generated/known-values.test.ts',
  'test/generated/readonly-requests.test.ts',
  // the command line's heavier commands: build, publish (npm), config, the compile cache,
  // watch, the write guard (CLI: test/cli/write.test.ts, timings, warning-summary)
  'test/cli/build.test.ts',
  'test/cli/publish.test.ts',
  'test/cli/config.test.ts',
  'test/cli/compile-cache.test.ts',
  'test/cli/watch.test.ts',
  'test/cli/write-guard.test.ts',
  // release reports over many hostile documents (release: test/diff/rules.test.ts, release-units)
  'test/diff/hostile-report.test.ts',
  'test/diff/structure-summary.test.ts',
  // hostile servers against the runtime (runtime: test/runtime/*, e.g. requests, errors)
  'test/runtime/hostile-servers.test.ts',
  // The next tier, 1.5 s to 5.5 s each of a loaded run, also covered by faster suites: split
  // documents (load: test/split/load.test.ts, names), another generator's documents and the
  // acceptor (validate: test/validate/schema.test.ts, order, refusals), package names (IR:
  // test/ir/build.test.ts, names), whole-package scenarios (e2e: test/e2e/users.test.ts, loose),
  // the fake in process and against hostile bodies (fake: test/fake/server.test.ts, body),
  // Swagger 2.0 (test/swagger/convert.test.ts, pointers), release limits and summaries
  // (release: test/diff/rules.test.ts, release-units, state-file), a large schema (scale:
  // test/scale/format-limits.test.ts) and forms (test/forms/emit.test.ts)
  'test/split/positions.test.ts',
  'test/split/diff.test.ts',
  'test/validate/acceptor.test.ts',
  'test/validate/semantic.test.ts',
  'test/ir/package-names.test.ts',
  'test/e2e/demo.test.ts',
  'test/e2e/stations.test.ts',
  'test/fake/in-process.test.ts',
  'test/fake/hostile-bodies.test.ts',
  'test/swagger/split.test.ts',
  'test/swagger/draft4.test.ts',
  'test/diff/prebuilt-summaries.test.ts',
  'test/diff/rules-limits.test.ts',
  'test/diff/state-layout.test.ts',
  'test/scale/blob-schema.test.ts',
  'test/forms/connect.test.ts',
  // Suites whose beforeAll generates a package and serves it over HTTP (their hooks, not their
  // tests, took 2 s to 12 s each): the client against the fake over the wire is still covered
  // by test/e2e/users.test.ts, charging, protocol and loose; each feature keeps a quick
  // suite of its own (test/query/emit.test.ts, test/forms/emit.test.ts,
  // test/bodies/tree-shaking.test.ts, test/streams/records.test.ts,
  // test/pagination/detection.test.ts, test/params/encoders.test.ts, test/oas32/read.test.ts,
  // test/split/load.test.ts, test/connect/tiles.test.ts, test/fake/server.test.ts,
  // test/robustness/constructs.test.ts)
  'test/robustness/tolerated-constructs.test.ts',
  'test/robustness/patterns-and-any.test.ts',
  'test/robustness/path-lists.test.ts',
  'test/query/streamed/over-http.test.ts',
  'test/contract/prism.test.ts',
  'test/oas32/finder.test.ts',
  'test/oas32/over-http.test.ts',
  'test/oas32/everything.test.ts',
  'test/forms/multipart-over-http.test.ts',
  'test/forms/encoded-over-http.test.ts',
  'test/bodies/binary-openai.test.ts',
  'test/bodies/on-the-wire.test.ts',
  'test/bodies/media.test.ts',
  'test/streams/over-http.test.ts',
  'test/pagination/cursors-over-http.test.ts',
  'test/params/over-http.test.ts',
  'test/split/trust.test.ts',
  'test/connect/tile-cover.test.ts',
  'test/fake/wire/streams.test.ts',
];

/*
 * Every stage keeps at least one quick suite (the slow ones above run in `npm test`):
 * - load: test/load/load.test.ts, json-locate, load-cache; split files: test/split/load.test.ts
 * - validate: test/validate/schema.test.ts, order, refusals, tolerated
 * - IR: test/ir/build.test.ts, names, edges, bodies
 * - plan: test/ir/build.test.ts, test/emit/client.test.ts, test/query/keys.test.ts (planIr)
 * - emit: test/emit/*.test.ts (emitters, client, package-modules, readme, api-md, ...)
 * - print: test/emit/print.test.ts, print-structures, print-direct-types, -statements
 * - release: test/diff/rules.test.ts, release-units, state-file, report
 * - write: test/cli/write.test.ts, test/cli/pack-manifest.test.ts
 * - runtime: test/runtime/*.test.ts (requests, errors, retries-over-http, ...)
 * - fake: test/fake/server.test.ts, body, transactions, test/fake/cli.test.ts
 * - CLI: test/cli/write.test.ts, timings, warning-summary, watch-signal
 * - the client against the fake over HTTP: test/e2e/users.test.ts, charging, protocol, loose
 */
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
