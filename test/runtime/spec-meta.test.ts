/**
 * What the generated meta hands the runtime from the spec: the token's environment variable,
 * the client header and the error classes of declared statuses. Without them the runtime
 * reads no variable, sends no header but User-Agent, and turns such statuses into `ApiError`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  ClientCore,
  ConfigurationError,
  type ClientMeta,
  type ClientOptions,
} from '../../templates/runtime/index.js';
import { getUser } from './fixtures.js';
import { json, useTestServer } from './http-server.js';

const server = useTestServer();

const BARE: ClientMeta = {
  sdkName: 'pet-store-client',
  sdkVersion: '0.3.0',
  environments: { default: 'https://pets.example.test' },
  defaultEnvironment: 'default',
};

class PaymentRequiredError extends ApiError {
  static {
    this.prototype.name = 'PaymentRequiredError';
  }
}

const client = (meta: ClientMeta, options: ClientOptions = { token: 'pet-token-1' }) =>
  new ClientCore({ baseUrl: server.origin, maxRetries: 0, logLevel: 'off', ...options }, meta);
const call = (core: ClientCore) => core.request(getUser, { path: { user_id: 'u1' } });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the token variable', () => {
  it('is read only when the meta names it', async () => {
    vi.stubEnv('PET_TOKEN', 'from-env-123');
    vi.stubEnv('CONNECT_API_TOKEN', 'connect-env-123');
    const error = (() => {
      try {
        client(BARE, {});
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toBe('no API token: pass the token option (or tokenProvider)');

    await call(client({ ...BARE, tokenEnvVar: 'PET_TOKEN' }, {}));
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer from-env-123');
  });

  it('is named in the error when it is missing', () => {
    vi.stubEnv('PET_TOKEN', undefined as unknown as string);
    expect(() => client({ ...BARE, tokenEnvVar: 'PET_TOKEN' }, {})).toThrow(
      /or set the PET_TOKEN environment variable/,
    );
  });
});

describe('the client header', () => {
  it('is sent only when the meta names it', async () => {
    await call(client(BARE));
    const bare = server.requests.at(-1)!.headers;
    expect(Object.keys(bare).filter((name) => name.endsWith('-client'))).toEqual([]);
    expect(bare['user-agent']).toMatch(/^pet-store-client\/0\.3\.0/);

    await call(client({ ...BARE, clientHeader: 'x-pet-client' }));
    expect(server.requests.at(-1)!.headers['x-pet-client']).toBe('pet-store-client/0.3.0');
  });
});

describe('error classes of declared statuses', () => {
  it('come from the meta; without it a 402 is a plain ApiError', async () => {
    server.reply(json(402, { detail: 'Pay first.' }), json(402, { detail: 'Pay first.' }));
    const plain = await call(client(BARE)).catch((e: unknown) => e);
    expect(plain).toBeInstanceOf(ApiError);
    expect((plain as ApiError).name).toBe('ApiError');

    const typed = await call(
      client({ ...BARE, errorClasses: { 402: PaymentRequiredError } }),
    ).catch((e: unknown) => e);
    expect(typed).toBeInstanceOf(PaymentRequiredError);
    expect((typed as ApiError).status).toBe(402);
  });

  it('never replace the runtime’s own classes', async () => {
    server.reply(json(404, { detail: 'No such pet.' }));
    const error = await call(
      client({ ...BARE, errorClasses: { 404: PaymentRequiredError } }),
    ).catch((e: unknown) => e);
    expect((error as ApiError).name).toBe('NotFoundError');
  });
});

describe('log lines', () => {
  it('start with the package name, not another API’s', async () => {
    const lines: string[] = [];
    server.reply(json(200, { unexpected: true }));
    await call(
      client(BARE, {
        token: 'pet-token-1',
        logLevel: 'warn',
        logger: { warn: (line: string) => void lines.push(line) },
      }),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[pet-store-client\] usersRetrieve returned an invalid User/);
  });
});
