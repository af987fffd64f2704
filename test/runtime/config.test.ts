/** Construction-time checks: every bad option fails at once, naming the option. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ClientCore,
  ConfigurationError,
  InsecureTransportError,
  InvalidRequestError,
  TokenProviderError,
  type ClientOptions,
  type FetchLike,
} from '../../templates/runtime/index.js';
import { getUser, MARKER_TOKEN, META } from './fixtures.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

function configError(options: ClientOptions): ConfigurationError {
  try {
    new ClientCore(options, META);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

const recorder = () => {
  const seen: { url: string; auth: string | null }[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({ url, auth: new Headers(init.headers).get('authorization') });
    return new Response('{"id":"u1"}', { headers: { 'content-type': 'application/json' } });
  };
  return { seen, fetch };
};

describe('token', () => {
  it('is required, and the error names the option and the environment variable', () => {
    vi.stubEnv('CONNECT_API_TOKEN', '');
    const error = configError({});
    expect(error.option).toBe('token');
    expect(error.message).toMatch(
      /pass the token option \(or tokenProvider\), or set the CONNECT_API_TOKEN environment variable/,
    );
  });

  it('falls back to CONNECT_API_TOKEN', async () => {
    vi.stubEnv('CONNECT_API_TOKEN', 'env-token-123456');
    const { seen, fetch } = recorder();
    await new ClientCore({ fetch }, META).request(getUser, { path: { user_id: 'u1' } });
    expect(seen[0]!.auth).toBe('Bearer env-token-123456');
  });

  it('takes token or tokenProvider, not both; refuses malformed tokens', () => {
    expect(configError({ token: MARKER_TOKEN, tokenProvider: () => MARKER_TOKEN }).message).toMatch(
      /either token or tokenProvider/,
    );
    expect(configError({ token: `Bearer ${MARKER_TOKEN}` }).message).toMatch(
      /without the 'Bearer ' prefix/,
    );
    expect(configError({ token: 'abc\ndef' }).message).toMatch(/control characters/);
    expect(configError({ token: '   ' }).message).toMatch(/token is empty/);
    expect(configError({ tokenProvider: 'x' as never }).option).toBe('tokenProvider');
  });

  it('tokenProvider failures become TokenProviderError and are not retried', async () => {
    const { seen, fetch } = recorder();
    const provider = vi.fn(() => {
      throw new Error('vault unavailable');
    });
    const error = await new ClientCore({ tokenProvider: provider, fetch }, META)
      .request(getUser, { path: { user_id: 'u1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenProviderError);
    expect((error as Error).message).toContain('vault unavailable');
    expect(provider).toHaveBeenCalledOnce();
    await expect(
      new ClientCore({ tokenProvider: async () => '', fetch }, META).request(getUser, {
        path: { user_id: 'u1' },
      }),
    ).rejects.toThrow(/returned a token that is empty/);
    expect(seen).toHaveLength(0);
  });
});

describe('where to connect', () => {
  it('defaults to production, takes an environment, and baseUrl overrides both', async () => {
    const { seen, fetch } = recorder();
    await new ClientCore({ token: MARKER_TOKEN, fetch }, META).request(getUser, {
      path: { user_id: 'u1' },
    });
    await new ClientCore({ token: MARKER_TOKEN, fetch, environment: 'playground' }, META).request(
      getUser,
      { path: { user_id: 'u1' } },
    );
    await new ClientCore(
      {
        token: MARKER_TOKEN,
        fetch,
        environment: 'playground',
        baseUrl: 'https://mock.example/base/',
      },
      META,
    ).request(getUser, { path: { user_id: 'u1' } });
    expect(seen.map((s) => s.url)).toEqual([
      'https://connect.cariqa.com/api/v1/users/u1/',
      'https://dev.connect.cariqa.com/api/v1/users/u1/',
      'https://mock.example/base/api/v1/users/u1/',
    ]);
    expect(new ClientCore({ token: MARKER_TOKEN, environment: 'playground' }, META).baseUrl).toBe(
      'https://dev.connect.cariqa.com',
    );
  });

  it.each([
    [
      { environment: 'staging' as never },
      'environment',
      /environment must be one of 'production', 'playground', got "staging"/,
    ],
    [{ baseUrl: 'connect.cariqa.com' }, 'baseUrl', /absolute http\(s\) URL/],
    [{ baseUrl: 'ftp://connect.cariqa.com' }, 'baseUrl', /must use http or https/],
    [{ baseUrl: 'https://user:pw@connect.cariqa.com' }, 'baseUrl', /user name or password/],
    [{ baseUrl: 'https://connect.cariqa.com/?a=1' }, 'baseUrl', /query string/],
    [{ baseUrl: 'http://connect.cariqa.com' }, 'baseUrl', /plain http/],
  ])('%o is refused', (options, option, message) => {
    const error = configError({ token: MARKER_TOKEN, ...options });
    expect(error.option).toBe(option);
    expect(error.message).toMatch(message);
  });

  it('plain http to another host is an InsecureTransportError', () => {
    expect(
      configError({ token: MARKER_TOKEN, baseUrl: 'http://connect.cariqa.com' }),
    ).toBeInstanceOf(InsecureTransportError);
  });
});

describe('other options', () => {
  it.each([
    [{ timeoutMs: 0 }, 'timeoutMs'],
    [{ timeoutMs: Number.NaN }, 'timeoutMs'],
    [{ timeoutMs: '5' as never }, 'timeoutMs'],
    [{ maxRetries: 1.5 }, 'maxRetries'],
    [{ maxRetries: -1 }, 'maxRetries'],
    [{ maxRetryDelayMs: -1 }, 'maxRetryDelayMs'],
    [{ deadlineMs: Infinity }, 'deadlineMs'],
    [{ validateResponses: 'loud' as never }, 'validateResponses'],
    [{ logLevel: 'verbose' as never }, 'logLevel'],
    [{ headers: { Authorization: 'Bearer x' } }, 'headers'],
    [{ headers: { 'bad header': 'x' } }, 'headers'],
    [{ fetch: 'fetch' as never }, 'fetch'],
    [{ hooks: 5 as never }, 'hooks'],
  ])('%o is refused, naming %s', (options, option) => {
    expect(configError({ token: MARKER_TOKEN, ...options }).option).toBe(option);
  });

  it('each message says what the option must be and what it got, never a stray string', () => {
    expect(configError({ token: MARKER_TOKEN, fetch: MARKER_TOKEN as never }).message).toBe(
      'fetch must be a function, got string',
    );
    expect(configError({ token: MARKER_TOKEN, hooks: 5 as never }).message).toBe(
      'hooks must be an object, got 5',
    );
    expect(configError({ token: MARKER_TOKEN, logLevel: 'verbose' as never }).message).toBe(
      `logLevel must be one of 'debug', 'info', 'warn', 'error', 'off', got "verbose"`,
    );
    expect(configError({ token: MARKER_TOKEN, maxRetries: 1.5 }).message).toBe(
      'maxRetries must be an integer from 0 to 20, got 1.5',
    );
    expect(configError({ token: MARKER_TOKEN, validateRequests: 'yes' as never }).message).toBe(
      'validateRequests must be true or false, got string',
    );
  });

  it('per-call options are checked before sending', async () => {
    const { seen, fetch } = recorder();
    const client = new ClientCore({ token: MARKER_TOKEN, fetch }, META);
    // Every option a call may set, so that the list the runtime checks cannot lose one.
    for (const options of [
      { timeoutMs: -5 },
      { maxRetries: 2.5 },
      { deadlineMs: 0 },
      { validateResponses: 'x' as never },
      { validateRequests: 'yes' as never },
      { signal: {} as never },
    ]) {
      const call = client.request(getUser, { path: { user_id: 'u1' } }, options);
      await expect(call).rejects.toBeInstanceOf(InvalidRequestError);
      await expect(call).rejects.toThrow(`options.${Object.keys(options)[0]} must be`);
    }
    expect(seen).toHaveLength(0);
  });
});

describe('cancellation of a slow token provider', () => {
  it('the caller aborting while tokenProvider is pending rejects at once and sends nothing', async () => {
    const { seen, fetch } = recorder();
    const controller = new AbortController();
    let asked!: () => void;
    const providerCalled = new Promise<void>((resolve) => (asked = resolve));
    const tokenProvider = () => {
      asked();
      return new Promise<string>(() => undefined);
    };
    const call = new ClientCore({ tokenProvider, fetch }, META).request(
      getUser,
      { path: { user_id: 'u1' } },
      { signal: controller.signal },
    );
    await providerCalled;
    controller.abort();
    await expect(call).rejects.toThrow(/aborted by the caller/);
    expect(seen).toHaveLength(0);
  });
});
