/**
 * What a published tarball may hold: the manifest and docs, the two builds (code,
 * declarations, their maps, the CommonJS marker) and the sources the maps point at.
 * Anything else (tests, tsconfigs, build info, editor files) is stray.
 */
const ALLOWED: readonly RegExp[] = [
  /^package\.json$/,
  /^README\.md$/,
  /^api\.md$/,
  /^CHANGELOG\.md$/,
  /^dist\/(esm|cjs)\/[\w./-]+\.(js|d\.ts)(\.map)?$/,
  /^dist\/cjs\/package\.json$/,
  /^src\/[\w./-]+\.ts$/,
];

const NEVER: readonly RegExp[] = [
  /\.test\.[cm]?[jt]s$/,
  /\.spec\.[cm]?[jt]s$/,
  /tsconfig/,
  /\.tsbuildinfo$/,
  /\.tgz$/,
];

export function strayFiles(paths: readonly string[]): string[] {
  return paths.filter((p) => !ALLOWED.some((r) => r.test(p)) || NEVER.some((r) => r.test(p)));
}

/** Sources whose build output is missing from a directory of the tarball (`dist/esm`). */
export function unbuiltSources(
  paths: readonly string[],
  buildDir: string,
  cliOnlyEsm: readonly string[] = [],
): string[] {
  const present = new Set(paths);
  return paths
    .filter((p) => p.startsWith('src/') && !cliOnlyEsm.includes(p))
    .flatMap((p) => {
      const stem = `${buildDir}/${p.slice('src/'.length, -'.ts'.length)}`;
      return [`${stem}.js`, `${stem}.d.ts`].filter((out) => !present.has(out));
    });
}
