/**
 * The flow as a program, for Node, Bun and Deno: esbuild turns it into entry.mjs and
 * entry.cjs beside a project that installed the packed package, and the package import below
 * becomes `import … from 'connect-api-client'` or `require('connect-api-client')` there.
 * Prints one JSON line: the runtime's own version and what the flow saw.
 */
import * as sdk from '../../../generated/src/index.js';
import { runFlow } from '../flow.js';

interface Host {
  readonly process?: { readonly env: Record<string, string | undefined>; readonly version: string };
  readonly Bun?: { readonly version: string };
  readonly Deno?: {
    readonly version: { readonly deno: string };
    readonly env: { get(name: string): string | undefined };
  };
}

const host = globalThis as Host;

function env(name: string): string {
  const value = host.Deno ? host.Deno.env.get(name) : host.process?.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function version(): string {
  if (host.Bun) return host.Bun.version;
  if (host.Deno) return host.Deno.version.deno;
  return host.process?.version.replace(/^v/, '') ?? 'unknown';
}

async function main(): Promise<void> {
  const result = await runFlow(sdk, {
    baseUrl: env('RUNTIME_MATRIX_API_URL'),
    token: env('RUNTIME_MATRIX_TOKEN'),
  });
  console.log(JSON.stringify({ version: version(), result }));
}

// An error rejects this promise unhandled, which ends every one of these runtimes with a failure code.
void main();
