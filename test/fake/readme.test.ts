/**
 * What the package README and `--help` say of the fake, checked against the fake itself: every
 * control of its handle and every option of the in-process fake named in the README (read from
 * the interfaces, so a control added later without a word fails here), that all tokens are one
 * integrating party's, and CORS as the fake answers it (cors.ts).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { usage } from '../../templates/connect/fake/cli-main.js';
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS } from '../../templates/connect/fake/cors.js';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The members an interface of a template module declares itself. */
function members(module: string, name: string): string[] {
  const file = ts.createSourceFile(
    module,
    read(`../../templates/connect/fake/${module}`),
    ts.ScriptTarget.ES2022,
  );
  const found = file.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name,
  );
  if (!found) throw new Error(`${module} declares no interface ${name}`);
  return found.members.flatMap((m) => (m.name && ts.isIdentifier(m.name) ? [m.name.text] : []));
}

const readme = read('../../generated/README.md');
const section = readme.slice(
  readme.indexOf('## Testing against the fake server'),
  readme.indexOf('\n## ', readme.indexOf('## Testing against the fake server') + 3),
);

describe("the package README's section on the fake", () => {
  it('names every control of the handle and the in-process fake', () => {
    const names = [
      ...members('fake-core.ts', 'FakeControls'),
      ...members('in-process.ts', 'InProcessFakeConnectApi'),
      ...members('in-process.ts', 'InProcessFakeOptions'),
      'onRequest',
      'createFakeConnectApi',
    ];
    expect(names).toEqual(expect.arrayContaining(['reset', 'addPaymentMethod', 'handle', 'fetch']));
    // As code: `reset()`, `fake.url`.
    expect(names.filter((name) => !new RegExp(`[\`.]${name}\\b`).test(section))).toEqual([]);
  });

  it('says every token is the same integrating party, and how CORS is answered', () => {
    expect(section).toContain('Every token belongs to the same integrating party');
    expect(section).toContain('CORS is open to every origin');
    expect(section).toContain('`Access-Control-Allow-Origin: *`');
    for (const header of CORS_ALLOW_HEADERS) expect(section).toContain(`\`${header}\``);
    for (const method of CORS_ALLOW_METHODS) expect(section).toContain(`\`${method}\``);
  });

  it('shows the MSW one-liner the Chromium test runs (test/package/msw/page.ts)', () => {
    const line = 'http.all(`${fake.url}/*`, ({ request }) => fake.handle(request))';
    expect(section).toContain(line);
    expect(read('../package/msw/page.ts').replace(/\s+/g, ' ')).toContain(
      'http.all(`${fake.url}/*`, ({ request }) => { handled.push(',
    );
  });
});

describe('--help', () => {
  it('says CORS is open to every origin, with the headers and methods a preflight allows', () => {
    const text = usage('connect-api-fake').replace(/\s+/g, ' ');
    expect(text).toContain('CORS (as django-cors-headers with CORS_ALLOW_ALL_ORIGINS');
    expect(text).toContain('Every origin may call it');
    expect(text).toContain(CORS_ALLOW_HEADERS.join(', '));
    expect(text).toContain(CORS_ALLOW_METHODS.join(', '));
    expect(text).toContain('Every token belongs to the same integrating party');
  });
});
