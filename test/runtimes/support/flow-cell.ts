/**
 * One run of the flow in one runtime: a fresh fake server (same seed every time, so every
 * runtime must see the same thing) behind the fault proxy, the runtime as a child process,
 * and what it printed.
 */
import { startFakeConnectApi } from '../../../generated/src/connect/fake/index.js';
import { run } from '../../package/support/run.js';
import type { FlowResult } from '../flow.js';
import { startFaultProxy } from './fault-proxy.js';

export const SEED = 7;
export const TOKEN = 'runtime-matrix-token';

export interface FlowRun {
  /** The version the runtime reported about itself. */
  readonly version: string;
  readonly result: FlowResult;
  /** What the fault proxy did, in order. */
  readonly faults: readonly string[];
}

export interface Runner {
  (api: { readonly url: string; readonly token: string }): Promise<{
    readonly version: string;
    readonly result: FlowResult;
  }>;
}

/** Starts the fake and the proxy, runs one runtime against them, stops both. */
export async function runFlowCell(runner: Runner): Promise<FlowRun> {
  const api = await startFakeConnectApi({ seed: SEED, tokens: [TOKEN] });
  const proxy = await startFaultProxy(api.url);
  try {
    const seen = await runner({ url: proxy.url, token: TOKEN });
    return { ...seen, faults: [...proxy.faults] };
  } finally {
    await proxy.close();
    await api.close();
  }
}

/** A runtime that runs a file and prints `{version, result}` on its last line. */
export function commandRunner(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Runner {
  return async (api) => {
    const { stdout } = await run(command, args, {
      cwd,
      env: { ...env, RUNTIME_MATRIX_API_URL: api.url, RUNTIME_MATRIX_TOKEN: api.token },
    });
    const last = stdout.trim().split('\n').at(-1) ?? '';
    return JSON.parse(last) as { version: string; result: FlowResult };
  };
}
