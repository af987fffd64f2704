import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN } from '../../templates/connect/fake/auth.js';
import { commandName, parseCliOptions, runCli } from '../../templates/connect/fake/cli-main.js';
import { capture } from '../support/cli-io.js';
import type { FakeConnectApi, FakeConnectApiOptions } from '../../templates/connect/fake/server.js';

afterEach(() => {
  process.exitCode = undefined;
});

describe('the fake server command line', () => {
  it('reads ports, tokens, seeds and delays', () => {
    const options = parseCliOptions(
      [
        '--port',
        '0',
        '--token',
        'a',
        '--token',
        'b',
        '--restricted-token',
        'c',
        '--seed',
        '42',
        '--start-delay',
        '250',
        '--quiet',
      ],
      () => undefined,
    );
    expect(options).toEqual({
      port: 0,
      tokens: ['a', 'b', { token: 'c', permissions: [] }],
      seed: 42,
      chargingStartDelayMs: 250,
    });
    const defaults = parseCliOptions(['--seed', 'berlin'], () => undefined);
    expect(defaults).toMatchObject({
      port: 8080,
      tokens: [DEFAULT_TOKEN],
      seed: 'berlin',
      onRequest: expect.any(Function),
    });
  });

  it('explains usage errors', () => {
    expect(parseCliOptions(['--port', '70000'], () => undefined)).toMatch(
      /--port must be an integer/,
    );
    expect(parseCliOptions(['--nope'], () => undefined)).toMatch(/Unknown option/);
    expect(parseCliOptions(['-h'], () => undefined)).toBe('help');
  });

  it('starts the server and prints how to reach it', async () => {
    const io = capture();
    let received: FakeConnectApiOptions | undefined;
    const fakeApi = {
      url: 'http://127.0.0.1:1234',
      port: 1234,
      tokens: ['t'],
      stationCount: 5,
      close: async () => undefined,
    } as unknown as FakeConnectApi;
    const signals = new Map<string, () => void>();
    const api = await runCli(async (options) => ((received = options), fakeApi), {
      bin: 'connect-api-fake',
      argv: ['--port', '1234', '--quiet'],
      io,
      onSignal: (signal, stop) => signals.set(signal, stop),
    });
    expect(api).toBe(fakeApi);
    expect([...signals.keys()]).toEqual(['SIGINT', 'SIGTERM']);
    signals.get('SIGINT')!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(io.stdout.at(-1)).toBe('Stopped.');
    expect(received).toMatchObject({ port: 1234 });
    expect(io.stdout[0]).toBe('Fake Connect API listening on http://127.0.0.1:1234 (5 stations)');
    expect(io.stdout.join('\n')).toContain(
      "curl -H 'Authorization: Bearer t' 'http://127.0.0.1:1234/api/v1/stations/around/",
    );
    expect(io.stdout.join('\n')).toContain(
      'Cards: POST http://127.0.0.1:1234/_fake/setup-intents/confirm/ with {"client_secret": …} and the same token',
    );
    expect(io.stderr).toEqual([]);
  });

  it('warns when it listens on a port fetch refuses to connect to', async () => {
    const io = capture();
    const fakeApi = {
      url: 'http://127.0.0.1:6000',
      port: 6000,
      tokens: ['t'],
      stationCount: 5,
      close: async () => undefined,
    } as unknown as FakeConnectApi;
    await runCli(async () => fakeApi, {
      bin: 'connect-api-fake',
      argv: ['--port', '6000', '--quiet'],
      io,
      onSignal: () => undefined,
    });
    expect(io.stderr).toContain(
      'Warning: port 6000 is a "bad port" fetch refuses to connect to; use another, such as 8080.',
    );
  });

  it('--help names the command as typed, and explains tokens, trailing slashes and the card step', async () => {
    const help = async (command?: string) => {
      const io = capture();
      await runCli(async () => Promise.reject(new Error('unused')), {
        bin: 'connect-api-fake',
        argv: ['--help'],
        io,
        ...(command ? { command } : {}),
      });
      return io.stdout.join('\n');
    };
    const text = await help('connect-api-fake');
    expect(text).toMatch(/^Usage: connect-api-fake \[options\]\n/);
    expect(text).toContain("Send a token as 'Authorization: Bearer <token>'");
    expect(text).toContain('Every path ends with a slash: /api/v1/users/, not /api/v1/users.');
    expect(text).toContain(
      'GET /api/v1/users/<user_id>/setup-intents/ answers {"setup_intent_client_secret": "seti_…"}',
    );
    expect(text).toContain(
      'POST /_fake/setup-intents/confirm/ with the same bearer token and the JSON body\n     {"client_secret": "seti_…"}',
    );
    expect(text).toContain(`curl -X POST -H 'Authorization: Bearer ${DEFAULT_TOKEN}'`);
    expect(await help('npm run fake-api --')).toMatch(/^Usage: npm run fake-api -- \[options\]/);
  });

  it('tells the command from how it was started', () => {
    const bin = 'connect-api-fake';
    expect(commandName(bin, '/project/node_modules/.bin/connect-api-fake', {})).toBe(
      'connect-api-fake',
    );
    expect(
      commandName(bin, '/project/node_modules/.bin/connect-api-fake', {
        npm_lifecycle_event: 'fake',
      }),
    ).toBe('connect-api-fake');
    expect(
      commandName(bin, '/repo/generated/src/connect/fake/cli.ts', {
        npm_lifecycle_event: 'fake-api',
      }),
    ).toBe('npm run fake-api --');
    expect(
      commandName(
        bin,
        'C:\\project\\node_modules\\connect-api-client\\dist\\esm\\testing\\cli.js',
        {},
      ),
    ).toBe('connect-api-fake');
    expect(commandName(bin, '/x/dist/esm/testing/cli.js', { npm_lifecycle_event: 'npx' })).toBe(
      'connect-api-fake',
    );
    expect(commandName(bin, undefined, {})).toBe('connect-api-fake');
  });

  it('exits 2 on a usage error and 1 when the server cannot start', async () => {
    const io = capture();
    expect(
      await runCli(async () => Promise.reject(new Error('unused')), {
        bin: 'connect-api-fake',
        argv: ['--port', 'x'],
        io,
      }),
    ).toBeUndefined();
    expect(process.exitCode).toBe(2);
    expect(
      await runCli(async () => Promise.reject(new Error('EADDRINUSE')), {
        bin: 'connect-api-fake',
        argv: [],
        io,
      }),
    ).toBeUndefined();
    expect(process.exitCode).toBe(1);
    expect(io.stderr.at(-1)).toBe('Could not start the fake server: EADDRINUSE');
  });

  it('is documented in the package README: the command, the token, trailing slashes and the card step', () => {
    const readme = readFileSync(new URL('../../generated/README.md', import.meta.url), 'utf8');
    const section = readme.slice(
      readme.indexOf('### The fake as its own process'),
      readme.indexOf('## Reference'),
    );
    expect(section).toContain('npx connect-api-fake --help');
    expect(section).toContain('Every request needs `Authorization: Bearer <token>`');
    expect(section).toContain(`\`${DEFAULT_TOKEN}\` when none is`);
    expect(section).toContain('`/api/v1/users/`, not `/api/v1/users`');
    expect(section).toContain(
      '`POST /_fake/setup-intents/confirm/` with the same bearer token and `{"client_secret": "seti_…"}`',
    );
  });
});
