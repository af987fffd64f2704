/**
 * The release stage reads the package's exports from the emitters' structures, not from the
 * printed text. Over documents of every kind, that reading must say exactly what a parse of
 * the printed package says: an emitter that hid an export in a text statement, or an object
 * constant whose keys it did not declare, fails here.
 */
import { describe, expect, it } from 'vitest';
import { exportedNames } from '../../generator/shared/module-exports.js';
import { packageExports } from '../../generator/release/diff/structure-summary.js';
import { packageEntries } from '../../generator/emit/package/package.js';
import { printFiles } from '../../generator/print/print.js';
import { emittedPackage } from '../support/emitted.js';

const DOCUMENTS = [
  'spec/connect-api.yaml',
  'test/fixtures/other/petstore.yaml',
  'test/fixtures/constructs/name-collisions.yaml',
  'test/fixtures/constructs/no-schemas.yaml',
  'test/fixtures/corpus/fastapi.json',
  'node_modules/@readme/oas-examples/3.0/yaml/circular.yaml',
  'node_modules/@scalar/galaxy/dist/latest.yaml',
];

describe('exports read from structures', () => {
  it.each(DOCUMENTS)('are those of the printed package: %s', async (spec) => {
    const emitted = await emittedPackage(spec);
    const printed = await printFiles(emitted, 'HEADER');
    const parsed = exportedNames(
      new Map(printed.map((f) => [f.path, f.content])),
      packageEntries(printed.map((f) => f.path)),
    );
    expect(parsed.length).toBeGreaterThan(0);
    expect(packageExports(emitted)).toEqual(parsed);
  });
});
