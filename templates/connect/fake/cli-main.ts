/// <reference types="node" />
/**
 * The fake server's command line: starts it on a port, prints how to reach it, logs each
 * request, and stops cleanly on Ctrl+C (SIGINT) or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { refusedPort } from '../../runtime/internal/fetch-refusal.js';
import { DEFAULT_TOKEN, type FakeToken } from './auth.js';
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS } from './cors.js';
import type { FakeConnectApi, FakeConnectApiOptions } from './server.js';

export const DEFAULT_CLI_PORT = 8080;

/** The `--help` text, naming the command the way the user typed it. */
export function usage(command: string): string {
  return `Usage: ${command} [options]

Starts a stateful fake of the Connect API on http://127.0.0.1:<port>: seeded stations,
users, payment methods, charging sessions and invoices in memory, every request checked
against the spec.

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
  -h, --help               show this text

Requests:
  Send a token as 'Authorization: Bearer <token>'. Every token belongs to the same
  integrating party: they all see the same users, cards and sessions.
  Every path ends with a slash: /api/v1/users/, not /api/v1/users.

CORS (as django-cors-headers with CORS_ALLOW_ALL_ORIGINS and its defaults):
  Every origin may call it: answers carry Access-Control-Allow-Origin: * and expose no
  further headers. A preflight is answered without a token; it allows the methods
  ${CORS_ALLOW_METHODS.join(', ')}, and only the request headers
  ${CORS_ALLOW_HEADERS.join(', ')}:
  a page that sends another (a custom x-…-client header) is blocked by its browser,
  as by the API.

Adding a card (the payment provider's part; the API has no operation for it):
  1. GET /api/v1/users/<user_id>/setup-intents/ answers {"setup_intent_client_secret": "seti_…"}.
  2. POST /_fake/setup-intents/confirm/ with the same bearer token and the JSON body
     {"client_secret": "seti_…"} attaches a test card to that user and answers 201 with
     the payment method. An optional "card" object sets brand, last4, expiration_date,
     cardholder_name, type, and "declines": true (its payments fail and leave a debt) or
     "requiresAuthentication": true (charging start answers 402 with a payment intent secret).

  curl -X POST -H 'Authorization: Bearer ${DEFAULT_TOKEN}' -H 'Content-Type: application/json' \\
    -d '{"client_secret": "seti_…"}' http://127.0.0.1:${DEFAULT_CLI_PORT}/_fake/setup-intents/confirm/`;
}

/**
 * The command as the user typed it: the bin link's own name (`connect-api-fake`) when run
 * through it, `npm run <script> --` when an npm script ran the file, else the package's bin.
 */
export function commandName(
  bin: string,
  script: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const base = (script ?? '').split(/[\\/]/).pop() ?? '';
  if (base !== '' && !base.includes('.')) return base;
  const event = env['npm_lifecycle_event'];
  return event && event !== 'npx' ? `npm run ${event} --` : bin;
}

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

/** How `runCli` is run; everything but `bin` defaults to this process. */
export interface CliSettings {
  /** The package's command, shown in `--help` unless the user typed another: `connect-api-fake`. */
  readonly bin: string;
  readonly argv?: readonly string[];
  readonly io?: CliIo;
  readonly onSignal?: (signal: 'SIGINT' | 'SIGTERM', stop: () => void) => void;
  /** The command as typed; default told from `process.argv[1]` and npm's environment. */
  readonly command?: string;
}

/** Runs the command; resolves with the running server, or undefined after printing help or an error. */
export async function runCli(
  start: (options: FakeConnectApiOptions) => Promise<FakeConnectApi>,
  settings: CliSettings,
): Promise<FakeConnectApi | undefined> {
  const {
    argv = process.argv.slice(2),
    io = processIo,
    onSignal = (signal, stop) => process.once(signal, stop),
    command = commandName(settings.bin, process.argv[1], process.env),
  } = settings;
  const options = parseCliOptions(argv, (line) => io.out(line));
  if (options === 'help') {
    io.out(usage(command));
    return undefined;
  }
  if (typeof options === 'string') {
    io.err(`${options}\n\n${usage(command)}`);
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
  io.out(
    `Cards: POST ${api.url}/_fake/setup-intents/confirm/ with {"client_secret": …} and the same token (see ${command} --help).`,
  );
  // The server listens there, but fetch (Node's and browsers') refuses to connect to it.
  const refused = refusedPort(new URL(api.url));
  if (refused) io.err(`Warning: ${refused}.`);
  io.out('Press Ctrl+C to stop.');
  const stop = () => {
    void api.close().then(() => io.out('Stopped.'));
  };
  onSignal('SIGINT', stop);
  onSignal('SIGTERM', stop);
  return api;
}
