/**
 * A project outside the repository that installs the packed tarball the way a user would,
 * then type-checks under `strict` and runs an ES module and a CommonJS file that use the
 * client against the fake server from the package's own `testing` entry point.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './built-package.js';
import { snippetModule } from './doc-snippets.js';
import { npm } from './run.js';
import { APP_BASELINE, installFromRepository, readmeInstalls } from './readme-installs.js';

export interface ConsumerProject {
  readonly dir: string;
  /** How many README and api.md snippets doc-snippets.ts holds for the type check. */
  readonly snippets: number;
  remove(): Promise<void>;
}

/** Both files print one JSON line of what they saw, for the test to compare. */
const ESM_USAGE = `import { ConnectClient, NotFoundError, isEvseStatus, type Station, type StationsAroundQuery } from 'connect-api-client';
import { startFakeConnectApi } from 'connect-api-client/testing';
import createFetchClient, { validation } from 'connect-api-client/fetch';
import { usersRetrieveValidator } from 'connect-api-client/fetch/validators';

/** A paths type as openapi-typescript writes one, for the \`/fetch\` entry. */
interface FetchPaths {
  '/api/v1/users/{user_id}/': {
    get: {
      parameters: { path: { user_id: string } };
      responses: { 404: { content: { 'application/json': { message?: string } } } };
    };
  };
}
import createQueryClient from 'connect-api-client/react-query';
import { QueryClient } from '@tanstack/react-query';
import { fetchShaped, type TagPaths } from './fetch-shaped.js';

const api = await startFakeConnectApi({ seed: 3 });
try {
  const client = new ConnectClient({ baseUrl: api.url, token: api.tokens[0] });
  const query: StationsAroundQuery = { latitude: 52.52, longitude: 13.405, distance: 800 };
  const page = await client.stations.around(query);
  const first: Station | undefined = page.results[0];
  const known = first ? first.evses.filter((evse) => isEvseStatus(evse.status)).length : 0;
  const user = await client.users.create({ email: 'consumer@example.com' });
  let missing = 0;
  try {
    await client.users.retrieve('no-such-user');
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    missing = error.status;
  }
  // @ts-expect-error latitude is a number: if the types degraded to any, this line would fail the check
  const wrong: StationsAroundQuery = { latitude: '52.52', longitude: 13.405 };
  void wrong;
  const viaFetch = await createFetchClient<FetchPaths>({
    baseUrl: api.url,
    headers: { Authorization: \`Bearer \${api.tokens[0]}\` },
  }).GET('/api/v1/users/{user_id}/', { params: { path: { user_id: 'no-such-user' } } });
  // Validated strictly by the package's guard of a User: a body that did not match would throw.
  const validated = await createFetchClient<any>({
    baseUrl: api.url,
    headers: { Authorization: \`Bearer \${api.tokens[0]}\` },
    validate: validation([usersRetrieveValidator], { mode: 'strict' }),
  }).GET('/api/v1/users/{user_id}/', { params: { path: { user_id: user.id } } });
  // @ts-expect-error user_id is required: the /fetch entry's types hold in the consumer too
  void (() => createFetchClient<FetchPaths>().GET('/api/v1/users/{user_id}/', { params: { path: {} } }));
  const hooks = createQueryClient<TagPaths>(fetchShaped());
  // @ts-expect-error /tags has no POST: the hooks' types resolve, checked against the paths given
  hooks.queryOptions('post', '/tags');
  const tags: string[] = await new QueryClient().fetchQuery(hooks.queryOptions('get', '/tags'));
  const made = \`\${Object.keys(hooks).sort().join(',')} \${tags.join(',')}\`;
  console.log(JSON.stringify({ count: page.count, known, userId: user.id, missing, fetchMissing: viaFetch.response.status, fetchValidated: validated.data.id === user.id, hooks: made }));
} finally {
  await api.close();
}
`;

const CJS_USAGE = `import { ConnectClient, NotFoundError, type User } from 'connect-api-client';
import { startFakeConnectApi } from 'connect-api-client/testing';
import createFetchClient, { validation } from 'connect-api-client/fetch';
import { validators } from 'connect-api-client/fetch/validators';
import createQueryClient from 'connect-api-client/react-query';
import { QueryClient } from '@tanstack/react-query';
import { fetchShaped, type TagPaths } from './fetch-shaped.cjs';

async function main(): Promise<void> {
  const api = await startFakeConnectApi({ seed: 3 });
  try {
    const client = new ConnectClient({ baseUrl: api.url, token: api.tokens[0] });
    const page = await client.stations.around({ latitude: 52.52, longitude: 13.405, distance: 800 });
    const user: User = await client.users.create({ email: 'consumer@example.com' });
    const missing = await client.users.retrieve('no-such-user').then(
      () => 0,
      (error: unknown) => (error instanceof NotFoundError ? error.status : -1),
    );
    const viaFetch = await createFetchClient<any>({ baseUrl: api.url }).GET('/api/v1/users/{user_id}/', {
      params: { path: { user_id: 'no-such-user' } },
      headers: { Authorization: \`Bearer \${api.tokens[0]}\` },
    });
    const validated = await createFetchClient<any>({
      baseUrl: api.url,
      validate: validation(validators, { mode: 'strict' }),
    }).GET('/api/v1/users/{user_id}/', {
      params: { path: { user_id: user.id } },
      headers: { Authorization: \`Bearer \${api.tokens[0]}\` },
    });
    const hooks = createQueryClient<TagPaths>(fetchShaped());
    const tags = await new QueryClient().fetchQuery(hooks.queryOptions('get', '/tags'));
    const made = \`\${Object.keys(hooks).sort().join(',')} \${tags.join(',')}\`;
    console.log(JSON.stringify({ count: page.count, known: -1, userId: user.id, missing, fetchMissing: viaFetch.response.status, fetchValidated: validated.data.id === user.id, hooks: made }));
  } finally {
    await api.close();
  }
}

void main();
`;

/**
 * A stand-in for an openapi-fetch client (the project does not install openapi-fetch): GET
 * answers `/tags` with two tags, the way openapi-fetch resolves a call.
 */
const FETCH_SHAPED = `export type TagPaths = {
  '/tags': { get: { responses: { 200: { content: { 'application/json': string[] } } } } };
};

const answer = async () => ({ data: ['a', 'b'], response: new Response('["a","b"]') });

export function fetchShaped() {
  return { GET: answer, PUT: answer, POST: answer, DELETE: answer, OPTIONS: answer, HEAD: answer, PATCH: answer, TRACE: answer };
}
`;

function tsconfig(): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      // The package's declarations are checked too, not skipped.
      skipLibCheck: false,
      types: ['node'],
      typeRoots: [join(REPO_ROOT, 'node_modules/@types')],
      outDir: 'out',
    },
    files: ['usage.ts', 'usage-cjs.cts', 'fetch-shaped.ts', 'fetch-shaped.cts', 'doc-snippets.ts'],
  });
}

export async function installConsumer(tarball: string): Promise<ConsumerProject> {
  const dir = await mkdtemp(join(tmpdir(), 'connect-consumer-'));
  await writeFile(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  // The package has no dependencies, so the install needs no registry.
  await npm(['install', tarball, '--offline', '--ignore-scripts'], dir);
  await writeFile(join(dir, 'usage.ts'), ESM_USAGE);
  await writeFile(join(dir, 'usage-cjs.cts'), CJS_USAGE);
  await writeFile(join(dir, 'fetch-shaped.ts'), FETCH_SHAPED);
  await writeFile(join(dir, 'fetch-shaped.cts'), FETCH_SHAPED);
  await writeFile(join(dir, 'tsconfig.json'), tsconfig());
  // The docs as published: the README and api.md from the installed tarball.
  const installed = join(dir, 'node_modules', 'connect-api-client');
  const sources = await Promise.all(
    ['README.md', 'api.md'].map(async (file) => ({
      file,
      markdown: await readFile(join(installed, file), 'utf8'),
    })),
  );
  const snippets = snippetModule(sources, 'ConnectClient', 'connect-api-client');
  await writeFile(join(dir, 'doc-snippets.ts'), snippets.code);
  // The snippets that show TanStack Query, react-hook-form, MSW and the like import them. The
  // project has exactly what the README tells a user to install for them, besides a React
  // app's own packages; a snippet that imports anything else is a README that forgot to say so.
  const installs = readmeInstalls(sources.find((s) => s.file === 'README.md')!.markdown);
  const unnamed = snippets.libraries.filter(
    (library) => !installs.includes(library) && !APP_BASELINE.includes(library),
  );
  if (unnamed.length > 0)
    throw new Error(
      `the README's snippets import ${unnamed.join(', ')}, which no install line of it names`,
    );
  await installFromRepository(dir, [...APP_BASELINE, ...installs]);
  return { dir, snippets: snippets.count, remove: () => rm(dir, { recursive: true, force: true }) };
}
