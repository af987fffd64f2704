/**
 * The path-first spelling: `client['/pets/{id}'].GET(init)` instead of
 * `client.GET('/pets/{id}', init)`. Any property read on the wrapper is taken as a path, so
 * it works for every path without knowing them; each path's methods are made once and kept.
 */
import { createClient } from './client.js';
import type { MediaType } from './helpers.js';
import type { Client, ClientOptions, PathBasedClient } from './types.js';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

export function wrapAsPathBasedClient<Paths extends {}, Media extends MediaType = MediaType>(
  client: Client<Paths, Media>,
): PathBasedClient<Paths, Media> {
  const methods = client as unknown as Record<string, (url: string, init?: unknown) => unknown>;
  const forPath = (url: string) =>
    Object.fromEntries(
      METHODS.map((method) => [method, (init?: unknown) => methods[method]!(url, init)]),
    );
  // Paths are cached on the wrapper itself, so the proxy (its prototype) is asked once per path.
  const wrapper: Record<string, unknown> = Object.create(
    new Proxy(
      {},
      {
        get: (_target, url) => {
          if (typeof url !== 'string') return undefined;
          return (wrapper[url] = forPath(url));
        },
      },
    ),
  );
  return wrapper as PathBasedClient<Paths, Media>;
}

export function createPathBasedClient<Paths extends {}, Media extends MediaType = MediaType>(
  clientOptions?: ClientOptions,
): PathBasedClient<Paths, Media> {
  return wrapAsPathBasedClient(createClient<Paths, Media>(clientOptions));
}
