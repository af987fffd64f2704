/**
 * Where the benchmark keeps what it produces (`bench/.work/`, ignored by git and by the root
 * tsconfig) and how it runs the other tools: always from the local node_modules, always on
 * our spec, never through npx or npm, so every whole-process time is the tool's own.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const WORK = join(ROOT, 'bench/.work');
export const SPEC = join(ROOT, 'spec/connect-api.yaml');

/** Third-party outputs the other sections import (see bench/against/). */
export const OPENAPI_TYPESCRIPT_OUT = join(WORK, 'openapi-typescript/connect-api.ts');
export const HEY_API_OUT = join(WORK, 'hey-api');

export interface Command {
  readonly label: string;
  readonly executable: string;
  readonly args: readonly string[];
}

const bin = (path: string): string => join(ROOT, 'node_modules', path);

export function ourGenerate(out: string): Command {
  return {
    label: 'connect-codegen generate',
    executable: process.execPath,
    args: [join(ROOT, 'generator/bin.js'), 'generate', '--spec', SPEC, '--out', out],
  };
}

export function openapiTypescript(out: string): Command {
  return {
    label: 'openapi-typescript',
    executable: process.execPath,
    args: [bin('openapi-typescript/bin/cli.js'), SPEC, '--output', out],
  };
}

/** The fetch client, its SDK functions and types, plus zod schemas when `zod` is set. */
export function heyApi(out: string, zod: boolean): Command {
  const plugins = [
    '@hey-api/client-fetch',
    '@hey-api/typescript',
    '@hey-api/sdk',
    ...(zod ? ['zod'] : []),
  ];
  return {
    label: zod
      ? '@hey-api/openapi-ts (client, sdk, types, zod)'
      : '@hey-api/openapi-ts (client, sdk, types)',
    executable: process.execPath,
    args: [
      bin('@hey-api/openapi-ts/bin/run.js'),
      '--input',
      SPEC,
      '--output',
      out,
      ...plugins.flatMap((p) => ['--plugins', p]),
    ],
  };
}

export function tsc(project: string, extra: readonly string[] = []): Command {
  return {
    label: `tsc -p ${project}`,
    executable: process.execPath,
    args: [bin('typescript/bin/tsc'), '-p', project, ...extra],
  };
}

export function freshDir(path: string): string {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  return path;
}
