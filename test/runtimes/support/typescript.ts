/**
 * TypeScript consumers of the installed package under each `module`/`moduleResolution`
 * pair a project may use: tsc type-checks a file that imports both entry points (the
 * package's declarations included, not skipped) under `strict`, with Node's types only and
 * no DOM library for the Node resolutions, as a server project would; and a browser project,
 * the DOM library and no Node types at all, on the in-process fake (`./fake`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { run, type RunResult } from '../../package/support/run.js';
import { TSC } from './binaries.js';

export type Resolution = 'node16' | 'nodenext' | 'bundler' | 'node10' | 'browser';

/** A use of each kind of export; if the types degraded to `any`, the expect-error would fail. */
const CONSUMER = `import { ConnectClient, NotFoundError, isOneOf, type Station } from 'connect-api-client';
import { startFakeConnectApi, type FakeConnectApi } from 'connect-api-client/testing';

export async function nearest(api: FakeConnectApi): Promise<string> {
  const client = new ConnectClient({ baseUrl: api.url, token: 'test-token' });
  const page = await client.stations.around({ latitude: 52.52, longitude: 13.405 });
  const first: Station | undefined = page.results[0];
  // @ts-expect-error latitude is a number
  void client.stations.around({ latitude: '52.52', longitude: 13.405 });
  for await (const station of client.stations.around({ latitude: 52.52, longitude: 13.405 }))
    if (isOneOf(station.evses[0]?.status, 'AVAILABLE')) return station.name;
  try {
    await client.users.retrieve('no-such-user');
  } catch (error) {
    if (error instanceof NotFoundError) return String(error.status);
  }
  return first?.name ?? '';
}

export const start: typeof startFakeConnectApi = startFakeConnectApi;
`;

/**
 * A browser project's test (no Node types at all): the client on the in-process fake, whose
 * declarations must not need Node's.
 */
const BROWSER_CONSUMER = `import { createConnectCore, usersCreate, type User } from 'connect-api-client';
import { createFakeConnectApi, type InProcessFakeConnectApi } from 'connect-api-client/fake';

const fake: InProcessFakeConnectApi = createFakeConnectApi({ seed: 1 });
const client = createConnectCore({ baseUrl: fake.url, token: fake.tokens[0], fetch: fake.fetch });
export const user: Promise<User> = usersCreate(client, { email: 'driver@example.com' });
export const handler: (request: Request) => Promise<Response> = fake.handle;
// @ts-expect-error reset takes nothing
fake.reset(1);
`;

interface Setup {
  readonly module: string;
  readonly moduleResolution: string;
  readonly files: readonly string[];
  readonly lib: readonly string[];
  readonly types: readonly string[];
  readonly consumer: string;
}

/** Which files each resolution checks and how they are compiled. */
const SETUPS: Record<Resolution, Setup> = {
  node16: {
    module: 'node16',
    moduleResolution: 'node16',
    files: ['esm.mts', 'cjs.cts'],
    lib: ['ES2022'],
    types: ['node'],
    consumer: CONSUMER,
  },
  nodenext: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    files: ['esm.mts', 'cjs.cts'],
    lib: ['ES2022'],
    types: ['node'],
    consumer: CONSUMER,
  },
  bundler: {
    module: 'esnext',
    moduleResolution: 'bundler',
    files: ['plain.ts'],
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    consumer: CONSUMER,
  },
  node10: {
    module: 'commonjs',
    moduleResolution: 'node10',
    files: ['plain.ts'],
    lib: ['ES2022'],
    types: ['node'],
    consumer: CONSUMER,
  },
  browser: {
    module: 'esnext',
    moduleResolution: 'bundler',
    files: ['plain.ts'],
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    consumer: BROWSER_CONSUMER,
  },
};

export async function typeCheck(
  consumerDir: string,
  resolution: Resolution,
  typeRoots: string,
): Promise<RunResult> {
  const dir = join(consumerDir, `types-${resolution}`);
  await mkdir(dir, { recursive: true });
  const setup = SETUPS[resolution];
  for (const file of setup.files) await writeFile(join(dir, file), setup.consumer);
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: setup.lib,
        module: setup.module,
        moduleResolution: setup.moduleResolution,
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        noEmit: true,
        types: setup.types,
        typeRoots: [typeRoots],
      },
      files: setup.files,
    }),
  );
  return run(process.execPath, [TSC, '-p', dir], { cwd: dir, allowFailure: true });
}
