/**
 * `validateResponses: 'warn'` (the default) must reach the developer: the console by default,
 * once per operation and field per client, without the value or a secret; `logger` routes
 * it, `logLevel: 'off'` silences it, and `onValidationIssue` still sees every occurrence.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientFor, getUser, listUsers, MARKER_TOKEN } from './fixtures.js';
import { json, useTestServer } from './http-server.js';

/** The mismatching value: it must never appear in a log line. */
const VALUE = 918_273_645;
const server = useTestServer(json(200, { id: 'u1', email: VALUE }));
const user = { path: { user_id: 'u1' } };

function captureConsole() {
  const spies = Object.fromEntries(
    (['debug', 'info', 'warn', 'error', 'log'] as const).map((m) => [
      m,
      vi.spyOn(console, m).mockImplementation(() => undefined),
    ]),
  );
  return spies as Record<'debug' | 'info' | 'warn' | 'error' | 'log', ReturnType<typeof vi.spyOn>>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("validateResponses: 'warn' by default", () => {
  it('warns on the console, once per operation and field, and returns the data', async () => {
    const console_ = captureConsole();
    const onValidationIssue = vi.fn();
    const client = clientFor(server.origin, { hooks: { onValidationIssue } });

    await expect(client.request(getUser, user)).resolves.toEqual({ id: 'u1', email: VALUE });
    expect(console_.warn).toHaveBeenCalledOnce();
    const line = String(console_.warn.mock.calls[0]![0]);
    expect(line).toContain(
      'usersRetrieve returned an invalid User: $.email: expected string or null, got integer',
    );
    expect(line).toContain("logLevel: 'off'");
    expect(line).not.toContain(String(VALUE));
    expect(line).not.toContain(MARKER_TOKEN);

    // The same field again: no second line, though the hook sees every occurrence.
    await client.request(getUser, user);
    await client.request(getUser, user);
    expect(console_.warn).toHaveBeenCalledOnce();
    expect(onValidationIssue).toHaveBeenCalledTimes(3);

    // Another field of the same operation is news.
    server.reply(json(200, { id: 7 }));
    await client.request(getUser, user);
    expect(console_.warn).toHaveBeenCalledTimes(2);
    expect(String(console_.warn.mock.calls[1]![0])).toContain('$.id: expected string, got integer');

    // Another client starts afresh.
    await clientFor(server.origin).request(getUser, user);
    expect(console_.warn).toHaveBeenCalledTimes(3);
    for (const quiet of [console_.debug, console_.info, console_.error, console_.log])
      expect(quiet).not.toHaveBeenCalled();
  });

  it('counts array items as one field, so a long page cannot flood', async () => {
    const console_ = captureConsole();
    const client = clientFor(server.origin);
    server.reply(
      json(200, { count: 2, results: [{ id: 1 }, { id: 'b' }] }),
      json(200, { count: 2, results: [{ id: 'a' }, { id: 2 }] }),
    );
    await client.request(listUsers, {});
    await client.request(listUsers, {});
    expect(console_.warn).toHaveBeenCalledOnce();
    expect(String(console_.warn.mock.calls[0]![0])).toContain(
      '$.results[0].id: expected string, got integer',
    );
  });

  it('goes to the logger option instead of the console', async () => {
    const console_ = captureConsole();
    const warn = vi.fn();
    const client = clientFor(server.origin, { logger: { warn } });
    await client.request(getUser, user);
    await client.request(getUser, user);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('$.email: expected string or null, got integer'),
    );
    expect(console_.warn).not.toHaveBeenCalled();
  });

  it("is silenced by logLevel: 'off' (or 'error') and by validateResponses: 'off'", async () => {
    const console_ = captureConsole();
    const warn = vi.fn();
    const onValidationIssue = vi.fn();
    await clientFor(server.origin, { logLevel: 'off' }).request(getUser, user);
    await clientFor(server.origin, { logLevel: 'error', logger: { warn } }).request(getUser, user);
    await clientFor(server.origin, {
      validateResponses: 'off',
      hooks: { onValidationIssue },
    }).request(getUser, user);
    expect(console_.warn).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(onValidationIssue).not.toHaveBeenCalled();
  });

  it("with logLevel: 'off' the hook still reports, and a valid body logs nothing", async () => {
    const console_ = captureConsole();
    const onValidationIssue = vi.fn();
    await clientFor(server.origin, { logLevel: 'off', hooks: { onValidationIssue } }).request(
      getUser,
      user,
    );
    expect(onValidationIssue).toHaveBeenCalledWith(
      expect.objectContaining({ operationId: 'usersRetrieve', path: '$.email', found: 'integer' }),
    );
    server.reply(json(200, { id: 'u1', email: 'a@example.com' }));
    await clientFor(server.origin).request(getUser, user);
    expect(console_.warn).not.toHaveBeenCalled();
  });

  it('is documented in the package README: where the warning goes, how to route or silence it', () => {
    const readme = readFileSync(new URL('../../generated/README.md', import.meta.url), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Response validation'),
      readme.indexOf('## Testing'),
    );
    expect(section).toContain(
      'The warning goes to `console.warn` unless you say otherwise, once per operation and field',
    );
    expect(section).toContain('`logger` routes it');
    expect(section).toContain("`logLevel: 'off'` silences it");
    expect(section).toContain('`hooks.onValidationIssue` sees every occurrence');
  });
});
