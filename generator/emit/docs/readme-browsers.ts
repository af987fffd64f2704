/**
 * The README's "Browsers" section: proxy mode, so the token never ships to a browser, and
 * what the client sends across origins (CORS). Its examples call a real read of the spec and
 * name the spec's first server, so the section stays true for any document.
 */
import type { Ir } from '../../ir/types.js';
import { clientClassName } from '../operations/client.js';
import { tokenExpression } from '../operations/core-factory.js';
import { sampleCall } from '../common/samples.js';
import type { SchemaIndex } from '../common/type-expr.js';
import { proxyPath } from '../common/samples.js';

const ts = (code: string) => `\`\`\`ts\n${code}\n\`\`\``;

/** `X-Connect-Client`: the spec's client header, capitalised as the README has always spelt it. */
export function clientHeaderName(name: string): string {
  return name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('-');
}

/**
 * The variable the proxy reads the API's origin from, beside the token's (`CONNECT_API_TOKEN` →
 * `CONNECT_API_URL`): the server's own in production, a fake's or a staging server's elsewhere.
 */
function urlEnvVar(ir: Ir): string {
  const token = ir.info.tokenEnvVar ?? 'API_TOKEN';
  return `${token.replace(/_?TOKEN$/, '') || 'API'}_URL`;
}

/** The client in a page, calling the app's backend; a fetch-style route that passes calls on. */
function proxyExamples(ir: Ir, index: SchemaIndex): string[] {
  const client = clientClassName(ir);
  const read =
    ir.operations.find((op) => op.pagination) ??
    ir.operations.find((op) => op.method === 'GET') ??
    ir.operations[0];
  // The path the examples give the app's backend for the API.
  const proxy = proxyPath(ir.info.packageName);
  const api = ir.servers[0]?.url.replace(/\/$/, '') ?? 'https://api.example.com';
  const page = ts(
    `import { ${client} } from '${ir.info.packageName}';\n\n// In the browser: no token, the app's own backend as the server.\nconst client = new ${client}({ auth: 'none', baseUrl: '${proxy}' });${read ? `\n${sampleCall(read, index)}` : ''}`,
  );
  const route =
    ts(`// On the server: the route for ${proxy}/*, as a fetch-style handler (Hono, Next.js, Remix …).
async function apiProxy(request: Request): Promise<Response> {
  // Check the user's session (its cookie) here first, and answer 401 without one.
  const api = process.env.${urlEnvVar(ir)} ?? '${api}';
  const url = new URL(request.url);
  const target = \`\${api}\${url.pathname.slice('${proxy}'.length)}\${url.search}\`;
  const headers = new Headers({ accept: 'application/json', authorization: \`Bearer \${${tokenExpression(ir)}}\` });
  const type = request.headers.get('content-type');
  if (type) headers.set('content-type', type);
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  const answer = await fetch(target, { method: request.method, headers, body, redirect: 'manual' });
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': answer.headers.get('content-type') ?? 'application/json' },
  });
}`);
  return [page, route];
}

export function browsers(ir: Ir, index: SchemaIndex): string[] {
  const header = ir.info.clientHeader;
  return [
    '## Browsers',
    "A token in a browser is a token anyone can read: keep it on your server. Let the page call your own backend, which checks the user's session and passes the call on to the API with the token, and make the client there with `auth: 'none'`:",
    ...proxyExamples(ir, index),
    `\`${urlEnvVar(ir)}\`, where set, sends the calls elsewhere: to a staging server, or to a fake of the API on a port while you develop.`,
    `\`auth: 'none'\` sends no \`Authorization\` header and takes no token (passing one, or leaving out \`baseUrl\`, is an error where the client is made); without it, a missing token stays an error, so an unset environment variable cannot pass for proxy mode. In a browser \`baseUrl\` may be relative to the page. Cookies go with the calls as \`fetch\` sends them: to the page's own origin by default; \`credentials: 'include'\` sends them to a backend on another origin too, whose CORS answer must then allow credentials and name the page's origin. The API's \`next\` links name the API's origin: without a token, the client asks its backend for those pages instead (the same path, the link's query), so \`for await\` works through a backend that passes them on unchanged. A client with a token still refuses plain http to another machine, and \`next\` links to another origin.`,
    '### CORS',
    `Calling the API itself from a page on another origin needs the API's CORS configuration to allow that origin. In a browser the client sends only headers a default set-up allows (django-cors-headers' default \`CORS_ALLOW_HEADERS\`: \`accept\`, \`authorization\`, \`content-type\`, \`user-agent\`, \`x-csrftoken\`, \`x-requested-with\`): \`Accept\`, \`Authorization\` and, with a body, \`Content-Type\`.${header === undefined ? '' : ` It does not send \`${clientHeaderName(header)}\`, which it sends elsewhere: a browser asks the server first (a preflight) whether a custom header may be sent, and without it in the allowed list every call would be blocked. \`sendClientHeader: true\` sends it from browsers too, once the API allows it (\`sendClientHeader: false\` stops it everywhere).`} A page reads only the response headers every answer shows unless the server exposes more (\`Access-Control-Expose-Headers\`): without \`Retry-After\` exposed, the client waits on its own backoff.`,
  ];
}
