/**
 * The charging app of examples/app (React 19, TanStack Query, react-hook-form) in headless
 * Chromium, bundled with the built package as an app that installed it would be, against the
 * fake behind the app's own backend (proxy mode: no token in the page). It goes through the
 * flows an app developer tried by hand: stations around a point with "load more", a new user,
 * the billing-details form, a card, start and stop charging, the sessions list. Then the same
 * flows on the fake in the browser through MSW (main-fake.tsx, issue 27), with no API server
 * anywhere: the page's server hands out files alone. And it counts the app's glue: what an
 * app still writes between the package and TanStack Query.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppExample, type AppApi, type AppExample } from '../../examples/app/server.js';
import { launchChromium } from './support/browser.js';
import { buildAndPack, REPO_ROOT, type BuiltPackage } from './support/built-package.js';

const APP_DIR = join(REPO_ROOT, 'examples/app');

let pkg: BuiltPackage;
let browser: Browser;

beforeAll(async () => {
  pkg = await buildAndPack();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await pkg?.remove();
});

async function attribute(page: Page, selector: string, name: string): Promise<string | null> {
  return page.getAttribute(selector, name);
}

/** The API requests the app sent so far, as `METHOD /path?query`. */
type ApiLog = () => Promise<readonly string[]>;

/** The flows of a charging app, on a page showing the app; `log` tells what reached the API. */
async function runFlows(page: Page, log: ApiLog): Promise<void> {
  /** The API requests the app sent whose `METHOD /path` starts with `prefix`. */
  const sent = async (prefix: string) => (await log()).filter((r) => r.startsWith(prefix));

  // Stations around a point, then "load more": page 2 with the first query's page size.
  await page.waitForSelector('#stations[data-count="5"]');
  await page.click('#more');
  await page.waitForSelector('#stations[data-count="10"]');
  expect((await sent('GET /api/v1/stations/around/')).at(-1)).toContain('page=2&page_size=5');

  // A new user: the user list's count goes up, as the mutation invalidated it.
  await page.waitForSelector('#new-user[data-users]');
  const before = Number(await attribute(page, '#new-user', 'data-users'));
  await page.fill('input[name=email]', 'driver@example.com');
  await page.click('#new-user button');
  await page.waitForSelector('#user');
  await page.waitForSelector(`#new-user[data-users="${before + 1}"]`);

  // The billing details of a new user: the API's 404 is "none yet", asked for once (no retry),
  // and the form starts empty with Save off, since a blank street is no street.
  await page.waitForSelector('#billing[data-state=none]');
  const billingReads = () =>
    sent('GET /api/v1/users/').then((r) => r.filter((p) => p.includes('/billing-details/')));
  expect(await billingReads()).toHaveLength(1);
  expect(await page.isDisabled('#billing button[type=submit]')).toBe(true);
  // Checked as it is typed: the declared maximum shown and enforced before anything is sent.
  await page.fill('input[name=city]', 'x'.repeat(51));
  expect(await page.textContent('#city-length')).toBe('51/50');
  await page.waitForSelector('[data-field=city]:not(:empty)');
  expect(await page.textContent('[data-field=city]')).toBe('at most 50 characters');
  expect(await page.isDisabled('#billing button[type=submit]')).toBe(true);
  expect(await sent('PUT')).toEqual([]);
  expect(
    await page.$$eval('#billing option', (options) => options.map((o) => o.textContent)),
  ).toEqual(['personal', 'business']);
  await page.fill('input[name=line1]', 'Torstraße 1');
  await page.fill('input[name=postal_code]', '10119');
  await page.fill('input[name=city]', 'Berlin');
  await page.waitForSelector('#billing button[type=submit]:enabled');
  expect(await page.textContent('[data-field=city]')).toBe('');
  await page.click('#billing button[type=submit]');
  // Saved, then read back: the update invalidated the read, and the form holds the server's
  // answer made into form values.
  await page.waitForSelector('#billing[data-state=saved]');
  expect(await sent('PUT')).toHaveLength(1);
  expect(await billingReads()).toHaveLength(2);
  expect(await page.inputValue('input[name=line1]')).toBe('Torstraße 1');
  expect(await page.inputValue('input[name=city]')).toBe('Berlin');

  // A card, through a setup intent and the payment provider's stand-in.
  await page.click('#add-card');
  await page.waitForSelector('#cards[data-count="1"]');

  // Start: the sessions list shows the running session, invalidated by the start.
  await page.click('#start');
  await page.waitForSelector('#sessions li[data-active=true]');
  // A second start is refused; the app tells it apart by the operation's typed error.
  await page.click('#start');
  await page.waitForSelector('#charging-error:not(:empty)');
  expect(await page.textContent('#charging-error')).toBe('You are charging already.');
  // Sent once: the 409 was neither retried by the client nor by TanStack.
  expect(
    (await sent('POST /api/v1/users/')).filter((r) => r.includes('/charging/start/')),
  ).toHaveLength(2);

  await page.click('#stop');
  await page.waitForSelector('#sessions li[data-active=false]');
  expect(await page.$$('#sessions li')).toHaveLength(1);
}

/** The app served in `api` mode, open in a page that records the page's errors. */
async function openApp(api: AppApi): Promise<{ app: AppExample; page: Page; problems: string[] }> {
  const app = await startAppExample({ packageDir: pkg.dir, api });
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`${request.url()} failed`));
  await page.goto(app.url);
  return { app, page, problems };
}

describe('the example app in a browser', () => {
  it('runs the flows of a charging app on the generated options and validators', async () => {
    const { app, page, problems } = await openApp('backend');
    try {
      await runFlows(page, async () => app.apiRequests);
      // Proxy mode: the page never saw the token, and called only its own backend.
      expect(await page.content()).not.toContain('Bearer');
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await app.close();
    }
  });

  it('runs the same flows on the fake in the browser through MSW, with no API server', async () => {
    const { app, page, problems } = await openApp('msw');
    try {
      await runFlows(page, () =>
        page.evaluate(
          () => (globalThis as { fakeApiRequests?: readonly string[] }).fakeApiRequests ?? [],
        ),
      );
      // Nothing reached a server but for the page's files: no backend, no API.
      expect(app.apiRequests).toEqual([]);
      expect([...new Set(app.served)].sort()).toEqual(['/', '/app.js', '/mockServiceWorker.js']);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
      await app.close();
    }
  });
});

describe("the example app's backend", () => {
  it("passes calls on with the README's own apiProxy, word for word", async () => {
    const readme = await readFile(join(REPO_ROOT, 'generated/README.md'), 'utf8');
    const block = /```ts\n(\/\/ On the server[^]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const example = await readFile(join(APP_DIR, 'api-proxy.ts'), 'utf8');
    expect(printedFunction(example, 'apiProxy')).toBe(printedFunction(block!, 'apiProxy'));
  });
});

/** The function `name` of `text` as TypeScript prints it, without `export` and comments. */
function printedFunction(text: string, name: string): string {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const found = source.statements.find(
    (statement): statement is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(statement) && statement.name?.text === name,
  );
  if (!found) return `no function ${name}`;
  const unexported = ts.factory.updateFunctionDeclaration(
    found,
    found.modifiers?.filter((modifier) => modifier.kind !== ts.SyntaxKind.ExportKeyword),
    found.asteriskToken,
    found.name,
    found.typeParameters,
    found.parameters,
    found.type,
    found.body,
  );
  return ts
    .createPrinter({ removeComments: true })
    .printNode(ts.EmitHint.Unspecified, unexported, source);
}

/** Modules whose imports are the glue between the package, TanStack Query and the form library. */
const GLUE_MODULES = [
  /generated\/src\//,
  /^connect-api-client/,
  /^@tanstack\//,
  /^react-hook-form$/,
  /^@hookform\//,
];

/** Whether `node` holds a use of one of `names` or a call through the client. */
function holdsGlue(node: ts.Node, names: ReadonlySet<string>): boolean {
  if (ts.isIdentifier(node) && names.has(node.text)) return true;
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    let callee: ts.Expression = node.expression;
    while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
    if (ts.isIdentifier(callee) && callee.text === 'client') return true;
  }
  return ts.forEachChild(node, (child) => holdsGlue(child, names) || undefined) ?? false;
}

/** The names a binding declares: `form`, or `errors` and `isValid` of `{ errors, isValid }`. */
function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : boundNames(element.name),
  );
}

/**
 * The names bound to what the glue returns, and to what is made from those in turn:
 * `const stations = useInfiniteQuery(…)`, then `const loaded = stations.data?.pages…`. Their
 * uses are the reading of returned values that the second count adds.
 */
function returnedNames(source: ts.SourceFile, imported: ReadonlySet<string>): Set<string> {
  const declarations: ts.VariableDeclaration[] = [];
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer) declarations.push(node);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const names = new Set<string>();
  const known = new Set(imported);
  for (let grown = true; grown;) {
    grown = false;
    for (const declaration of declarations) {
      if (!holdsGlue(declaration.initializer!, known)) continue;
      for (const name of boundNames(declaration.name))
        if (!known.has(name)) {
          known.add(name);
          names.add(name);
          grown = true;
        }
    }
  }
  return names;
}

/**
 * The lines of `file` that wire the package to TanStack Query and the form library: every
 * statement that uses a value imported from those modules (for a name inside JSX, the tag or
 * expression holding it), and every statement that calls the client (`client.users…(…)`),
 * counted once per line, without imports, type annotations, closing tags, blank lines and
 * comments. What is left is the screens: markup and reading the data the hooks give.
 */
export function glueLines(
  fileName: string,
  text: string,
  { uses = false }: { readonly uses?: boolean } = {},
): number[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const imported = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    if (statement.importClause?.isTypeOnly) continue;
    const from = statement.moduleSpecifier.text;
    if (!GLUE_MODULES.some((module) => module.test(from))) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if (!element.isTypeOnly) imported.add(element.name.text);
  }
  const returned = uses ? returnedNames(source, imported) : new Set<string>();
  const lines = new Set<number>();
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const holder = (node: ts.Node): ts.Node => {
    let at = node;
    while (
      !ts.isStatement(at) &&
      !ts.isJsxOpeningElement(at) &&
      !ts.isJsxSelfClosingElement(at) &&
      !ts.isJsxExpression(at)
    )
      at = at.parent;
    return at;
  };
  const count = (node: ts.Node) => {
    const span = holder(node);
    for (let line = lineOf(span.getStart(source)); line <= lineOf(span.getEnd()); line++)
      lines.add(line);
  };
  /** A call through the API client: `client.users.paymentMethods.createSetupIntent(…)`. */
  const callsClient = (node: ts.Node): boolean => {
    if (!ts.isCallExpression(node)) return false;
    let callee = node.expression;
    while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
    return ts.isIdentifier(callee) && callee.text === 'client' && callee !== node.expression;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isTypeNode(node) || ts.isJsxClosingElement(node)) return;
    if ((ts.isIdentifier(node) && imported.has(node.text)) || callsClient(node)) count(node);
    // A use of a returned value counts its own line: a list's markup around it stays markup.
    else if (ts.isIdentifier(node) && returned.has(node.text))
      lines.add(lineOf(node.getStart(source)));
    ts.forEachChild(node, visit);
  };
  visit(source);
  const texts = text.split('\n');
  return [...lines]
    .filter((line) => {
      const code = texts[line]!.trim();
      return !(
        code === '' ||
        code.startsWith('//') ||
        code.startsWith('*') ||
        code.startsWith('/*')
      );
    })
    .sort((a, b) => a - b)
    .map((line) => line + 1);
}

describe("the example app's glue", () => {
  it('is at most 25 lines, and 68 with the uses of what the hooks return', async () => {
    const report: string[] = [];
    for (const uses of [false, true]) {
      const counted: string[] = [];
      for (const name of ['main.tsx', 'App.tsx', 'payment-provider.ts']) {
        const text = await readFile(join(APP_DIR, name), 'utf8');
        const lines = text.split('\n');
        for (const line of glueLines(name, text, { uses }))
          counted.push(`${name}:${line}: ${lines[line - 1]!.trim()}`);
      }
      report.push(`${uses ? 'with uses' : 'glue'}: ${counted.length}`);
      if (!uses) console.log(`glue lines (${counted.length}):\n${counted.join('\n')}`);
      expect(counted.length).toBeGreaterThan(0);
      // The budgets are the counts of this app (which reads and edits billing details, checks
      // the form as it is typed, adds a card and charges): a change that needs more glue fails.
      expect(counted.length).toBeLessThanOrEqual(uses ? 68 : 25);
    }
    console.log(report.join('; '));
  });

  it('adds the uses of returned values, and of values made from them, in the second count', () => {
    const screen = [
      "import { useQuery } from '@tanstack/react-query';",
      'export function Cards({ client }: { client: Client }) {',
      '  const cards = useQuery(cardsOptions(client));',
      '  const first = cards.data?.results[0];',
      '  const title = "Cards";',
      '  return (',
      '    <ul data-count={cards.data?.count}>',
      '      <li>{first?.last4}</li>',
      '      <li>{title}</li>',
      '    </ul>',
      '  );',
      '}',
    ].join('\n');
    expect(glueLines('cards.tsx', screen)).toEqual([3]);
    expect(glueLines('cards.tsx', screen, { uses: true })).toEqual([3, 4, 7, 8]);
  });

  it('counts a hand-written query function and page parameter as glue', () => {
    // The trial's kind of glue, which the generated options replace: every line of it counts.
    const handWritten = [
      "import { useInfiniteQuery } from '@tanstack/react-query';",
      'export function useStations(client: Client) {',
      '  return useInfiniteQuery({',
      "    queryKey: ['stations', 'around'],",
      '    queryFn: ({ pageParam }) => client.stations.around({ ...AROUND, page: pageParam }),',
      '    initialPageParam: 1,',
      '    getNextPageParam: (last) =>',
      "      last.next ? Number(new URL(last.next).searchParams.get('page')) : undefined,",
      '  });',
      '}',
    ].join('\n');
    expect(glueLines('hand.tsx', handWritten)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('leaves types, closing tags and markup out, and counts calls through the client', () => {
    const screen = [
      "import { QueryClientProvider } from '@tanstack/react-query';",
      "import type { User } from 'connect-api-client';",
      'export function Screen({ user, client }: { user: User; client: Client }) {',
      '  const load = () => client.users.retrieve(user.id);',
      '  return (',
      '    <QueryClientProvider client={queryClient}>',
      '      <p>{user.email}</p>',
      '    </QueryClientProvider>',
      '  );',
      '}',
    ].join('\n');
    expect(glueLines('screen.tsx', screen)).toEqual([4, 6]);
  });
});
