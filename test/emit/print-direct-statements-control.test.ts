/**
 * Control statements, comments and the expressions a README's fences hold (issue 37: the
 * fences were the last text a run sent to prettier), printed without prettier and compared
 * with prettier's own text: `try`/`catch`, `if`/`else if`/`else` chains, `for await`, `async
 * function` bodies, template literals, `??`, `let`, `void x++`, trailing `// …` comments; near
 * the 100-column boundary; and the layouts the printer knows only flat, which must still be
 * left to prettier, with prettier's result.
 */

import { describe, expect, it } from 'vitest';
import { formatDirect } from '../../generator/print/direct/printer.js';
import { vouchedFence } from '../../generator/print/print.js';
import { byPrettier, printedDirectly } from '../support/direct-print.js';

/** A formatter for tests that must not need prettier. */
const unasked = () => Promise.reject(new Error('asked prettier'));

const name = (n: number) => `n${'a'.repeat(n)}`;

describe('a fence printed without prettier', () => {
  it.each([
    [
      'try/catch with an else-if chain, trailing and dangling comments',
      `import { ConflictError, PaymentRequiredError, paymentIntentClientSecretOf, NotFoundError } from 'connect-api-client';

try {
  const session = await client.users.charging.start('user-123', { evse_id: 'evse-id-1', payment_method_id: 'payment-method-id-1' });
} catch (error) {
  if (error instanceof ConflictError) {
    console.log(error.errorType, error.detail); // the state already is what was asked
  } else if (error instanceof PaymentRequiredError && paymentIntentClientSecretOf(error)) {
    // confirm the payment with the payment provider's SDK
  } else if (error instanceof NotFoundError) {
    console.log(error.status, error.detail);
  } else throw error;
}`,
    ],
    [
      'for await with a block of comments only, and a for-of over a destructured list',
      `for await (const item of client.stations.around({ latitude: 52.52, longitude: 13.405 })) {
  // every item of every page, fetched as needed
}
const { x, y, z } = tileForPoint(52.52, 13.405, 12);
for (const feature of tile.features) {
  const [longitude, latitude] = feature.geometry.coordinates; // GeoJSON order, decimal strings
  console.log(feature.cluster_id ? \`\${feature.properties.count} stations\` : 'one station', latitude, longitude);
}`,
    ],
    [
      'an if without braces that breaks, with an else on its own line',
      `for await (const tile of view) {
  if (tile.features) console.log(\`\${tile.z}/\${tile.x}/\${tile.y}: \${tile.features.length} features\`, tile.cached);
  else console.warn(\`\${tile.z}/\${tile.x}/\${tile.y} failed\`, tile.error); // the other tiles still come
}`,
    ],
    [
      'an async function: a template over the width, ?? in an object, a ternary after =',
      `// On the server: the route for /api/stapi/*, as a fetch-style handler (Hono, Next.js, Remix …).
async function apiProxy(request: Request): Promise<Response> {
  // Check the user's session (its cookie) here first, and answer 401 without one.
  const url = new URL(request.url);
  const target = \`http://stapi.co/api/v1/rest\${url.pathname.slice('/api/stapi'.length)}\${url.search}\`;
  const headers = new Headers({ accept: 'application/json', authorization: \`Bearer \${process.env.API_TOKEN}\` });
  const type = request.headers.get('content-type');
  if (type) headers.set('content-type', type);
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  const answer = await fetch(target, { method: request.method, headers, body, redirect: 'manual' });
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
  });
}`,
    ],
    [
      'let, void x++ and a typed parameter in arrows, whole-line comments',
      `// Your logger instead of the console …
const logged = new STAPIClient({ token: process.env.API_TOKEN, logger: { warn: (message: string) => process.stderr.write(\`\${message}\\n\`) } });

// … or silent, counted for monitoring.
let mismatches = 0;
const quiet = new STAPIClient({ token: process.env.API_TOKEN, logLevel: 'off', hooks: { onValidationIssue: () => void mismatches++ } });`,
    ],
    [
      'a trailing comment after a property, numbers in groups, a new expression as an argument',
      `const client = new STAPIClient({
  token: process.env.API_TOKEN, // or tokenProvider: async () => fetchToken()
  environment: 'production',
});
const other = new STAPIClient({ token: process.env.API_TOKEN, maxRetries: 3, timeoutMs: 20_000 });
const loader = createTileLoader(new ConnectClient({ token: 'YOUR_TOKEN' }));
const worker = setupWorker(http.all(\`\${fake.url}/*\`, ({ request }) => fake.handle(request)));
const fake = createConnectCore({ baseUrl: fake.url, token: fake.tokens[0], fetch: fake.fetch });`,
    ],
    [
      'a statement of exactly 100 columns with a trailing comment, which is not measured',
      `const ${name(71)} = client.animal.retrieve({ uid: 'uid-1' }); // a comment past the width`,
    ],
    [
      'an if test and ?? of exactly 100 columns',
      `if (${name(46)} instanceof NotFoundError && ${name(13)}.ok) {\n  x();\n}\nconst ${name(66)} = a.b ?? 'fallback-value';`,
    ],
    [
      'a ternary whose test is an operator, on the line after = when it does not fit beside it',
      `const ${name(30)} = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();`,
    ],
    [
      'a call holding a hugged arrow function, broken onto the line below',
      `const worker = setupWorker(http.all(\`\${fake.url}/*\`, ({ request }) => fake.handle(request, ${name(20)})));`,
    ],
    [
      'a ?? one column past the width, on the line after =',
      `const ${name(67)} = a.b ?? 'fallback-value';`,
    ],
  ])('%s: as prettier prints it', async (_, code) => {
    const vouched = await vouchedFence(code);
    expect(vouched).toBe(await byPrettier(`${code}\n`));
    expect(await formatDirect(`${code}\n`, unasked)).toBe(vouched);
  });
});

describe('a layout the printer knows only flat', () => {
  it.each([
    [
      'an if test one column too long',
      `if (${name(47)} instanceof NotFoundError && ${name(13)}.ok) {\n  x();\n}\n`,
    ],
    [
      '?? that does not fit on the line after =',
      `const ${name(60)} = ${name(60)}.${name(20)} ?? 'fallback-value';\n`,
    ],
    [
      'a ternary whose test does not fit on the line after =',
      `const x = request.method === '${name(40)}' || request.method === '${name(40)}' ? null : 1;\n`,
    ],
    [
      'a hugged arrow function that does not fit',
      `const worker = setupWorker(http.all(\`\${fake.url}/*\`, ({ request }) => fake.handle(request, ${name(40)})));\n`,
    ],
    [
      'a destructuring pattern that does not fit',
      `const { ${name(30)}, ${name(31)}, ${name(32)} } = tileForPoint(52.52, 13.405, 12);\n`,
    ],
    ['a block comment', `controller.abort(); /* at once */\n`],
    ['a comment below the last statement of a block', `if (a) {\n  x();\n  // done\n}\n`],
    ['a comment before a blank line in a block', `if (a) {\n  // first\n\n  x();\n}\n`],
    ['an operator outside the table', `let total = a + b;\n`],
    ['mixed logical operators', `const x = (a ?? b) || c;\n`],
  ])('%s: left to prettier, with its result', async (_, text) => {
    expect(await vouchedFence(text.replace(/\n$/, ''))).toBeUndefined();
    const { formatted, asked } = await printedDirectly(text);
    expect(asked).toHaveLength(1);
    expect(formatted).toBe(await byPrettier(text));
  });
});
