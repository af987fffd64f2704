/**
 * The build summarises every template's exports ahead of time (`prebuild.ts`), and the release
 * stage looks a hand-written module's summary up by its text. A template changed on its way
 * into the package would silently miss and be parsed again on every cold run: every
 * hand-written module of a generated package must find its summary, and it must be the parse's.
 */
import { describe, expect, it } from 'vitest';
import { contentKey } from '../../generator/shared/cache.js';
import { SUMMARY_SHAPE, summarizeModule } from '../../generator/shared/module-exports.js';
import { templateSummaries } from '../../generator/pack/prebuild.js';
import { emittedPackage } from '../support/emitted.js';

describe('the prebuilt export summaries', () => {
  it.each(['spec/connect-api.yaml', 'node_modules/@readme/oas-examples/3.0/json/star-trek.json'])(
    'cover every hand-written module of the package: %s',
    async (spec) => {
      const summaries = templateSummaries();
      const handWritten = (await emittedPackage(spec)).flatMap((f) =>
        f.kind === 'text' && f.path.endsWith('.ts') ? [f] : [],
      );
      expect(handWritten.length).toBeGreaterThan(10);
      for (const file of handWritten)
        expect(summaries[contentKey(SUMMARY_SHAPE, file.content)], file.path).toEqual(
          summarizeModule(file.path, file.content),
        );
    },
    60_000,
  );
});
