import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN } from '../../templates/testing/auth.js';
import { parseCliOptions, runCli, type CliIo } from '../../templates/testing/cli-main.js';
import type { FakeConnectApi, FakeConnectApiOptions } from '../../templates/testing/server.js';

function capture(): CliIo & { lines: string[] } {
  const lines: string[] = [];
  return { lines, out: (line) => lines.push(line), err: (line) => lines.push(`ERR ${line}`) };
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('the fake server command line', () => {
  it('reads ports, tokens, seeds and delays', () => {
    const options = parseCliOptions(['--port', '0', '--token', 'a', '--token', 'b', '--restricted-token', 'c', '--seed', '42', '--start-delay', '250', '--quiet'], () => undefined);
    expect(options).toEqual({ port: 0, tokens: ['a', 'b', { token: 'c', permissions: [] }], seed: 42, chargingStartDelayMs: 250 });
    const defaults = parseCliOptions(['--seed', 'berlin'], () => undefined);
    expect(defaults).toMatchObject({ port: 8080, tokens: [DEFAULT_TOKEN], seed: 'berlin', onRequest: expect.any(Function) });
  });

  it('explains usage errors', () => {
    expect(parseCliOptions(['--port', '70000'], () => undefined)).toMatch(/--port must be an integer/);
    expect(parseCliOptions(['--nope'], () => undefined)).toMatch(/Unknown option/);
    expect(parseCliOptions(['-h'], () => undefined)).toBe('help');
  });

  it('starts the server and prints how to reach it', async () => {
    const io = capture();
    let received: FakeConnectApiOptions | undefined;
    const fakeApi = { url: 'http://127.0.0.1:1234', port: 1234, tokens: ['t'], stationCount: 5, close: async () => undefined } as unknown as FakeConnectApi;
    const signals = new Map<string, () => void>();
    const api = await runCli(async (options) => ((received = options), fakeApi), ['--port', '1234', '--quiet'], io, (signal, stop) => signals.set(signal, stop));
    expect(api).toBe(fakeApi);
    expect([...signals.keys()]).toEqual(['SIGINT', 'SIGTERM']);
    signals.get('SIGINT')!();
    await new Promise((resolve) => setImmediate(resolve));
    expect(io.lines.at(-1)).toBe('Stopped.');
    expect(received).toMatchObject({ port: 1234 });
    expect(io.lines[0]).toBe('Fake Connect API listening on http://127.0.0.1:1234 (5 stations)');
    expect(io.lines.join('\n')).toContain("curl -H 'Authorization: Bearer t' 'http://127.0.0.1:1234/api/v1/stations/around/");
  });

  it('exits 2 on a usage error and 1 when the server cannot start', async () => {
    const io = capture();
    expect(await runCli(async () => Promise.reject(new Error('unused')), ['--port', 'x'], io)).toBeUndefined();
    expect(process.exitCode).toBe(2);
    expect(await runCli(async () => Promise.reject(new Error('EADDRINUSE')), [], io)).toBeUndefined();
    expect(process.exitCode).toBe(1);
    expect(io.lines.at(-1)).toBe('ERR Could not start the fake server: EADDRINUSE');
  });
});
