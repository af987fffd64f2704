/// <reference types="node" />
/**
 * The fake server's command line: starts it on a port, prints how to reach it, logs each
 * request, and stops cleanly on Ctrl+C (SIGINT) or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_TOKEN, type FakeToken } from './auth.js';
import type { FakeConnectApi, FakeConnectApiOptions } from './server.js';

export const DEFAULT_CLI_PORT = 8080;

const USAGE = `Usage: fake-api [options]

Starts a stateful fake of the Connect API.

Options:
  --port <n>               port to listen on (default ${DEFAULT_CLI_PORT}; 0 picks a free one)
  --host <address>         interface to listen on (default 127.0.0.1)
  --token <token>          accepted bearer token, repeatable (default ${DEFAULT_TOKEN})
  --restricted-token <t>   accepted token without the station data-files permission, repeatable
  --seed <seed>            seed of the station set and ids (default 1)
  --start-delay <ms>       how long charging start takes to answer (default 0)
  --responses <mode>       faithful (default), or loosest: answers as loosely as the
                           contract allows (optional members left out, nulls, unknown
                           properties and enum values)
  --quiet                  do not log requests
  -h, --help               show this text`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Options from the command line; a string is a usage error to print. */
export function parseCliOptions(
  argv: readonly string[],
  log: (line: string) => void,
): FakeConnectApiOptions | 'help' | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        token: { type: 'string', multiple: true },
        'restricted-token': { type: 'string', multiple: true },
        seed: { type: 'string' },
        'start-delay': { type: 'string' },
        responses: { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (parsed.help) return 'help';
  const port = Number(parsed.port ?? DEFAULT_CLI_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    return `--port must be an integer from 0 to 65535, got ${parsed.port}`;
  const delay = Number(parsed['start-delay'] ?? 0);
  if (!Number.isFinite(delay) || delay < 0)
    return `--start-delay must be a number of milliseconds >= 0, got ${parsed['start-delay']}`;
  const responses = parsed.responses ?? 'faithful';
  if (responses !== 'faithful' && responses !== 'loosest')
    return `--responses must be faithful or loosest, got ${responses}`;
  const restricted: FakeToken[] = (parsed['restricted-token'] ?? []).map((token) => ({
    token,
    permissions: [],
  }));
  const tokens = [...(parsed.token ?? [DEFAULT_TOKEN]), ...restricted];
  const seed =
    parsed.seed === undefined
      ? undefined
      : /^\d+$/.test(parsed.seed)
        ? Number(parsed.seed)
        : parsed.seed;
  return {
    port,
    ...(parsed.host === undefined ? {} : { host: parsed.host }),
    tokens,
    ...(seed === undefined ? {} : { seed }),
    chargingStartDelayMs: delay,
    ...(responses === 'loosest' ? { responses } : {}),
    ...(parsed.quiet
      ? {}
      : {
          onRequest: (e) =>
            log(
              `${e.method} ${e.target} → ${e.status}${e.operationId ? ` ${e.operationId}` : ''} (${e.milliseconds.toFixed(1)} ms)`,
            ),
        }),
  };
}

/** Runs the command; resolves with the running server, or undefined after printing help or an error. */
export async function runCli(
  start: (options: FakeConnectApiOptions) => Promise<FakeConnectApi>,
  argv: readonly string[] = process.argv.slice(2),
  io: CliIo = processIo,
  onSignal: (signal: 'SIGINT' | 'SIGTERM', stop: () => void) => void = (signal, stop) =>
    process.once(signal, stop),
): Promise<FakeConnectApi | undefined> {
  const options = parseCliOptions(argv, (line) => io.out(line));
  if (options === 'help') {
    io.out(USAGE);
    return undefined;
  }
  if (typeof options === 'string') {
    io.err(`${options}\n\n${USAGE}`);
    process.exitCode = 2;
    return undefined;
  }
  let api: FakeConnectApi;
  try {
    api = await start(options);
  } catch (error) {
    io.err(
      `Could not start the fake server: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
    return undefined;
  }
  const token = api.tokens[0]!;
  io.out(`Fake Connect API listening on ${api.url} (${api.stationCount} stations)`);
  io.out(`Tokens: ${api.tokens.join(', ')}`);
  io.out(
    `Try: curl -H 'Authorization: Bearer ${token}' '${api.url}/api/v1/stations/around/?latitude=52.52&longitude=13.405&distance=1000'`,
  );
  io.out('Press Ctrl+C to stop.');
  const stop = () => {
    void api.close().then(() => io.out('Stopped.'));
  };
  onSignal('SIGINT', stop);
  onSignal('SIGTERM', stop);
  return api;
}
