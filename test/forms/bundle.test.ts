/**
 * What the form validators cost an app, measured as bench/size measures bundles (esbuild for
 * the browser, minified, gzip): one validator brings its own data and the interpreter and no
 * other validator; the client's own entry point brings none of it, whatever it is imported
 * for. Byte budgets sit just above today's sizes, so growth is raised here, in review.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleFromSources, modulesOf, type SourceBundle } from '../support/source-bundle.js';

/** Gzipped bytes: one validator (2.6 KB today, 2.3 KB of it the interpreter), and all of them (3.9 KB). */
// `every` raised by 100 (measured 3,776 from 3,551) for parameter sets read from URL text
// (`parameterSchema`, `parametersFromText`): a body's validator alone does not carry it.
// Raised by 100 again (measured 3,841 from 3,776) for file fields (`file: true`: a Blob or
// File is taken where a body has bytes), checked by the interpreter every validator shares.
// Raised by at most 300 (the app kit's allowance: measured 2,920 and 4,139 from 2,696 and
// 3,841) for empty inputs read as not given (`emptyTextAsMissing`), an edit form's values from
// the API's answer (`valuesFrom`, on every validator) and `keepingEmptyText` (in the whole
// entry point only).
const BUDGETS = { one: 2_996, every: 4_141 } as const;

const FORM_MODULES = ['forms', 'runtime/standard-schema', 'runtime/validate'].map(
  (m) => `generated/src/${m}.ts`,
);

let one: SourceBundle;
let every: SourceBundle;
let client: SourceBundle;
let whole: SourceBundle;
beforeAll(async () => {
  [one, every, client, whole] = await Promise.all([
    bundleFromSources(
      "import { BillingDetailsRequestSchema } from 'connect-api-client/forms';\nconsole.log(BillingDetailsRequestSchema['~standard'].validate({}), BillingDetailsRequestSchema.fields);\n",
    ),
    bundleFromSources("export * from 'connect-api-client/forms';\n"),
    bundleFromSources(
      "import { ConnectClient } from 'connect-api-client';\nexport const user = new ConnectClient({ token: 't' }).users.create({ email: 'a@b.de' });\n",
    ),
    bundleFromSources("export * from 'connect-api-client';\n"),
  ]);
}, 60_000);

describe('the forms entry point', () => {
  it(`one validator takes at most ${BUDGETS.one} bytes, and holds no other validator`, () => {
    expect(one.gzipped).toBeLessThanOrEqual(BUDGETS.one);
    expect(one.readable).toContain('BillingDetailsRequestNode');
    for (const other of ['UserCreateRequestNode', 'UsersListQuerySchema', 'CONNECTOR_TYPE_VALUES'])
      expect(one.readable, other).not.toContain(other);
    // A body is JSON: its validator leaves the reading of URL text out.
    expect(one.readable).not.toContain('parametersFromText');
    expect(every.readable).toContain('parametersFromText');
  });

  it(`every validator takes at most ${BUDGETS.every} bytes`, () => {
    expect(every.gzipped).toBeLessThanOrEqual(BUDGETS.every);
  });
});

describe("the client's entry point", () => {
  it('brings no validator nor the interpreter, for one call or for every export', () => {
    for (const b of [client, whole])
      expect(modulesOf(b).filter((m) => FORM_MODULES.includes(m))).toEqual([]);
    expect(whole.readable).not.toContain('must be an email address');
  });
});
