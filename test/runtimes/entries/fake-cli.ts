/**
 * The in-process fake's flow (fake-flow.ts) as a program, for Node, Bun and Deno: esbuild
 * makes fake.mjs of it beside the project that installed the packed package, with the
 * package's imports left as `connect-api-client` and `connect-api-client/fake`. No server is
 * started and none is named: Deno runs it without network permission. Prints one JSON line:
 * the runtime's own version and what the flow saw.
 */
import * as sdk from '../../../generated/src/index.js';
import * as fake from '../../../generated/src/connect/fake/fake.js';
import { runFakeFlow } from '../fake-flow.js';

interface Host {
  readonly process?: { readonly version: string };
  readonly Bun?: { readonly version: string };
  readonly Deno?: { readonly version: { readonly deno: string } };
}

const host = globalThis as Host;

function version(): string {
  if (host.Bun) return host.Bun.version;
  if (host.Deno) return host.Deno.version.deno;
  return host.process?.version.replace(/^v/, '') ?? 'unknown';
}

async function main(): Promise<void> {
  const result = await runFakeFlow(sdk, fake);
  console.log(JSON.stringify({ version: version(), result }));
}

// An error rejects this promise unhandled, which ends every one of these runtimes with a failure code.
void main();
