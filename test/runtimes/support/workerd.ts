/**
 * Runs the Worker bundle in workerd, Cloudflare's open-source Workers runtime, the way
 * wrangler does without wrangler: a Cap'n Proto config naming the module, its bindings and
 * an outbound network that may reach this machine, and a socket on port 0 whose real port
 * workerd reports on its control pipe (`--control-fd`).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

export interface WorkerdRun {
  readonly status: number;
  readonly body: string;
}

/** What the Worker is given: its module, its text bindings, and where it may connect. */
export interface WorkerSetup {
  /** The module's file in the directory, bundled. */
  readonly module: string;
  readonly bindings: Readonly<Record<string, string>>;
  /** `loopback`: this machine and any other; `none`: nowhere at all. */
  readonly network: 'loopback' | 'none';
}

/** Data values go in as JSON strings, which Cap'n Proto's text format reads alike. */
function config(setup: WorkerSetup): string {
  const allow = setup.network === 'loopback' ? '"local", "private", "public"' : '';
  const bindings = Object.entries(setup.bindings).map(
    ([name, text]) => `    (name = ${JSON.stringify(name)}, text = ${JSON.stringify(text)}),`,
  );
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .flow),
    (name = "outbound", network = (allow = [${allow}])),
  ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);

const flow :Workerd.Worker = (
  modules = [ (name = ${JSON.stringify(setup.module)}, esModule = embed ${JSON.stringify(setup.module)}) ],
  compatibilityDate = "2025-09-01",
  bindings = [
${bindings.join('\n')}
  ],
  globalOutbound = "outbound",
);
`;
}

async function listeningPort(control: Readable): Promise<number> {
  for await (const line of createInterface({ input: control })) {
    const event = JSON.parse(line) as { event?: string; port?: number };
    if (event.event === 'listen' && typeof event.port === 'number') return event.port;
  }
  throw new Error('workerd closed its control pipe before it listened');
}

/** Serves the Worker's module from `dir` and sends it one request, which runs the flow. */
export async function runInWorkerd(
  executable: string,
  dir: string,
  setup: WorkerSetup,
): Promise<WorkerdRun> {
  await writeFile(join(dir, 'workerd.capnp'), config(setup));
  const child = spawn(executable, ['serve', 'workerd.capnp', '--control-fd=3'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`workerd exited (${code}):\n${output}`))),
  );
  try {
    const port = await Promise.race([listeningPort(child.stdio[3] as Readable), exited]);
    const answer = await Promise.race([fetch(`http://127.0.0.1:${port}/`), exited]);
    const body = await answer.text();
    return { status: answer.status, body: answer.status === 200 ? body : `${body}\n${output}` };
  } finally {
    exited.catch(() => undefined);
    child.kill();
  }
}
