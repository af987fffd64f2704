/**
 * A private npm registry for one test file: Verdaccio (a devDependency) on 127.0.0.1, with
 * its storage and users in a scratch folder and no uplink, so nothing reaches the public
 * registry. One user is created through the registry's own API; its token is what `npm
 * publish` authenticates with.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from './built-package.js';

export interface Registry {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** An npmrc line that authenticates npm against this registry. */
  readonly authLine: string;
  stop(): Promise<void>;
}

/** How long Verdaccio may take to start: a hang guard on a loaded machine, not a speed target. */
const START_DEADLINE_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function config(dir: string): string {
  return [
    `storage: ${JSON.stringify(join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

/** Resolves once Verdaccio logs the address it listens on; rejects if it exits or the deadline passes. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const deadline = setTimeout(
      () => fail(new Error(`Verdaccio did not start within ${START_DEADLINE_MS} ms`)),
      START_DEADLINE_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/http address/.test(output)) finish();
    };
    const onExit = (code: number | null) =>
      fail(new Error(`Verdaccio exited (${code}) before listening:\n${output}`));
    function finish() {
      clearTimeout(deadline);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      resolve();
    }
    function fail(error: Error) {
      clearTimeout(deadline);
      reject(error);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', onExit);
  });
}

export async function startRegistry(dir: string): Promise<Registry> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'config.yaml'), config(dir));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      join(REPO_ROOT, 'node_modules/verdaccio/bin/verdaccio'),
      '--config',
      join(dir, 'config.yaml'),
      '--listen',
      `127.0.0.1:${port}`,
    ],
    // Its own process group, so stopping it stops whatever it started too.
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
      process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  try {
    await listening(child);
    // Keep reading its output so a full pipe never blocks it.
    child.stdout?.resume();
    child.stderr?.resume();
    const url = `http://127.0.0.1:${port}/`;
    const response = await fetch(`${url}-/user/org.couchdb.user:release-bot`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'release-bot', password: 'a-test-only-password' }),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || typeof body.token !== 'string')
      throw new Error(`Verdaccio refused the test user (${response.status})`);
    return { url, authLine: `//127.0.0.1:${port}/:_authToken=${body.token}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
