/**
 * The few host globals the runtime peeks at, reached through `globalThis` with their shape
 * spelt out here. The generated package must type-check without @types/node or any one
 * host's typings, and run where `process` or `document` do not exist.
 */

interface ProcessLike {
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly version?: string;
}

interface HostGlobals {
  readonly process?: ProcessLike;
  readonly window?: unknown;
  readonly document?: unknown;
  readonly location?: { readonly href?: string };
}

const host = globalThis as HostGlobals;

/** An environment variable in Node (and Deno/Bun's Node layer); undefined elsewhere. */
export function readEnv(name: string): string | undefined {
  return host.process?.env?.[name] || undefined;
}

/** `v20.11.0` in Node; undefined elsewhere. */
export const nodeVersion = (): string | undefined => host.process?.version || undefined;

/**
 * The page's address in a browser or a web worker, which a relative URL is read against;
 * undefined elsewhere. Deno without `--location` throws on reading `location`.
 */
export function pageAddress(): string | undefined {
  try {
    return host.location?.href;
  } catch {
    return undefined;
  }
}

/** Browsers (and workers with a DOM) forbid setting some headers, such as User-Agent. */
export const runsInBrowser = (): boolean => !!host.window && !!host.document;
