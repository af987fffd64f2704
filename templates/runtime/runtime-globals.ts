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
}

const host = globalThis as HostGlobals;

/** An environment variable in Node (and Deno/Bun's Node layer); undefined elsewhere. */
export function readEnv(name: string): string | undefined {
  const value = host.process?.env?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** `v20.11.0` in Node; undefined elsewhere. */
export function nodeVersion(): string | undefined {
  const version = host.process?.version;
  return typeof version === 'string' ? version : undefined;
}

/** Browsers (and workers with a DOM) forbid setting some headers, such as User-Agent. */
export function runsInBrowser(): boolean {
  return host.window !== undefined && host.document !== undefined;
}
