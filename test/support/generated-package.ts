/**
 * A package generated from a document written for a test, as a user gets it: the pipeline's
 * files written to a scratch folder, so that the test can type-check them and import the
 * client and its fake; and the request a call sent to a recording server.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { expect } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import type { ReceivedRequest } from '../runtime/http-server.js';

export interface WrittenPackage {
  /** The TypeScript sources written, to type-check. */
  readonly sources: readonly string[];
  /** Every file's content by its path in the package. */
  readonly files: ReadonlyMap<string, string>;
}

/** Generates the package of `specPath` into `dir`; the document must give no diagnostic. */
export async function writeGeneratedPackage(
  specPath: string,
  dir: string,
): Promise<WrittenPackage> {
  const result = await generate({ specPath, command: 'test' });
  expect(result.diagnostics).toEqual([]);
  const sources: string[] = [];
  const files = new Map<string, string>();
  for (const file of result.files!) {
    const path = join(dir, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    if (path.endsWith('.ts')) sources.push(path);
    files.set(file.path, file.content);
  }
  return { sources, files };
}

/** Imports a module of a written package (`src/index.ts`, `src/fake/index.ts`). */
export async function importWritten<T>(dir: string, path: string): Promise<T> {
  return (await import(pathToFileURL(join(dir, path)).href)) as T;
}

/** The request `call` sent, as the server recorded it. */
export async function sentBy(
  server: { readonly requests: readonly ReceivedRequest[] },
  call: () => Promise<unknown>,
): Promise<ReceivedRequest> {
  const before = server.requests.length;
  await call();
  return server.requests[before]!;
}

/**
 * The bundle of one call of a written package (esbuild, unminified, tree-shaken), to look for
 * the runtime functions it carries: `createCore` is the package's core factory.
 */
export async function bundleOfOneCall(
  dir: string,
  createCore: string,
  operation: string,
): Promise<string> {
  const entry = join(dir, `${operation}.ts`);
  await writeFile(
    entry,
    `import { ${createCore}, ${operation} } from './src/index.js';\nexport const call = () => ${operation}(${createCore}({ token: 't' }), undefined as never);\n`,
  );
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    treeShaking: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}
