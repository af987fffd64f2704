/**
 * What a user who follows the package README has installed, and nothing more: the packages its
 * `npm install` lines name, with their dependencies and required peers, as npm would add them,
 * copied from this repository's node_modules (no registry in a test). Copied, not linked: a
 * link resolves a package's own imports from this repository, whose devDependencies would hide
 * an optional peer the README forgot (`@standard-schema/spec`, without which react-hook-form's
 * submit values are `unknown`).
 */
import { cp, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './built-package.js';

/**
 * What `npm install <name>` gives today where this repository keeps an older major for its own
 * tests: `msw` is MSW 3 (kept here as the alias `msw3`, beside MSW 2).
 */
const LATEST: Readonly<Record<string, string>> = { msw: 'msw3' };

/** What an app that uses the README's React snippets has before it reads the README. */
export const APP_BASELINE: readonly string[] = ['react', '@types/react'];

/** The package names of the README's `npm install` lines (`npm i`, `-D` and `--save-dev` too). */
export function readmeInstalls(markdown: string): string[] {
  const names = new Set<string>();
  for (const [, block] of markdown.matchAll(/```sh\n([\s\S]*?)```/g))
    for (const line of block!.split('\n')) {
      const words = line.trim().split(/\s+/);
      if (words[0] !== 'npm' || !['install', 'i'].includes(words[1] ?? '')) continue;
      for (const word of words.slice(2))
        // Flags, and the package's own folder or tarball (`<this folder>/…tgz`), are not names.
        if (/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(word)) names.add(word);
    }
  return [...names].sort();
}

interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
}

/**
 * Copies `names` into `dir/node_modules`, each with what npm installs with it: its dependencies
 * and its peers that are not optional, found as Node finds them from the package's folder here.
 */
export async function installFromRepository(dir: string, names: readonly string[]): Promise<void> {
  const done = new Set<string>();
  const queue: { name: string; from: string }[] = names.map((name) => ({
    name,
    from: join(REPO_ROOT, 'node_modules', LATEST[name] ?? name),
  }));
  while (queue.length > 0) {
    const { name, from } = queue.shift()!;
    if (done.has(name)) continue;
    done.add(name);
    await cp(from, join(dir, 'node_modules', name), { recursive: true, dereference: true });
    const manifest = JSON.parse(await readFile(join(from, 'package.json'), 'utf8')) as Manifest;
    const wanted = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter(
        (peer) => manifest.peerDependenciesMeta?.[peer]?.optional !== true,
      ),
    ];
    for (const dependency of wanted) {
      // Nested under the package, it came along with it; else it is where npm hoisted it.
      if (existsSync(join(from, 'node_modules', dependency))) continue;
      queue.push({ name: dependency, from: join(REPO_ROOT, 'node_modules', dependency) });
    }
  }
}
