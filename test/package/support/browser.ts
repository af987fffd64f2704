/**
 * Headless Chromium for the tests, with `npm install` as all the set-up: the devDependency
 * @sparticuz/chromium carries a Chromium build (headless shell, Linux x64) inside its npm
 * package, brotli-compressed, and needs no install script, no download and no system package.
 * playwright-core drives it. A browser that cannot be had is an error, never a skipped test.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, rename, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

const PACKAGE = '@sparticuz/chromium';

/**
 * Headless, and as root (CI and these machines run as root) without the sandbox. The rest
 * keeps Chromium off the network, which is closed here: no background requests, component
 * updates, sync, QUIC or first-run work.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface ChromiumPackage {
  readonly dir: string;
  readonly version: string;
}

function chromiumPackage(): ChromiumPackage {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `${PACKAGE} ships Chromium for Linux x64 only; this is ${process.platform} ${process.arch}.`,
    );
  }
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its CommonJS entry is build/cjs/index.cjs.
  const dir = join(dirname(require.resolve(PACKAGE)), '..', '..');
  const { version } = require(join(dir, 'package.json')) as { version: string };
  return { dir, version };
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/**
 * The path of the Chromium binary, unpacked on first use into node_modules/.cache (about
 * 190 MB, a few seconds), keyed by the package's version, and reused after that. The
 * package's own `executablePath()` unpacks to a fixed /tmp/chromium in place and trusts any
 * file there; here the binary is written under a temporary name and renamed, so concurrent
 * test files, runs in other clones, or a run cut off halfway never see half a binary.
 */
export async function chromiumExecutable(): Promise<string> {
  const { dir, version } = chromiumPackage();
  const cache = join(dir, '..', '..', '.cache', `sparticuz-chromium-${version}`);
  const executable = join(cache, 'chromium');
  if (await isFile(executable)) return executable;
  await mkdir(cache, { recursive: true });
  const partial = `${executable}.${process.pid}.${Date.now()}.partial`;
  try {
    await pipeline(
      createReadStream(join(dir, 'bin', 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(partial),
    );
    await chmod(partial, 0o755);
    await rename(partial, executable);
  } finally {
    await rm(partial, { force: true });
  }
  return executable;
}

/** A fresh headless Chromium; close it when done. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumExecutable(),
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
}
