/**
 * `connect-codegen publish`: the release flow after `generate --release`. It publishes only
 * what the record says was released, from an output that is up to date and committed, so the
 * tag names a commit holding exactly the published files. A dry run (the default) makes the
 * same checks, says what it would do and runs `npm publish --dry-run`; `--yes` publishes,
 * then tags (publishing first: a failed publish leaves no tag behind for a version that never
 * reached the registry).
 *
 * npm runs in the output folder, so an `.npmrc` there (committed by a pull request, say) is
 * npm's project configuration: it can send the package to another registry, with the user's
 * token. It is refused unless `--allow-npmrc` asks for it, and both runs say which registry
 * npm will publish to, as npm itself resolves it.
 */
import { execFile } from 'node:child_process';
import { lstat, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseState, STATE_FILE } from '../../release/diff/state-file.js';
import { runGenerate } from './generate.js';
import { EXIT, type CommandIo } from './io.js';
import { displayPath } from './paths.js';

export interface PublishOptions {
  readonly spec: string;
  readonly out: string;
  /** npm's registry for this publish; npm's own configuration otherwise. */
  readonly registry?: string;
  /** Publish and tag; without it, a dry run. */
  readonly yes: boolean;
  /** Let npm read an `.npmrc` in the output folder; refused otherwise. */
  readonly allowNpmrc?: boolean;
}

/** npm's project configuration file, read from the folder npm runs in. */
const NPMRC = '.npmrc';

/** The release a record and a manifest agree on, or why there is none to publish. */
export type ReleaseToPublish =
  | { readonly name: string; readonly version: string; readonly tag: string }
  | { readonly problem: string };

/** Pure: what `generate --release` left in the output's package.json and release record. */
export function releaseToPublish(
  out: string,
  manifestText: string | undefined,
  stateText: string | undefined,
): ReleaseToPublish {
  const generateFirst = `run \`connect-codegen generate --release\` and commit ${out}`;
  if (manifestText === undefined || stateText === undefined)
    return {
      problem: `${out}/${manifestText === undefined ? 'package.json' : STATE_FILE} not found: ${generateFirst}`,
    };
  let manifest: { name?: unknown; version?: unknown };
  try {
    manifest = JSON.parse(manifestText) as typeof manifest;
  } catch {
    return { problem: `${out}/package.json is not JSON: generate again` };
  }
  const { name, version } = manifest;
  if (typeof name !== 'string' || typeof version !== 'string')
    return { problem: `${out}/package.json has no name and version: generate again` };
  const state = parseState(stateText);
  if (typeof state === 'string') return { problem: `${out}/${STATE_FILE}: ${state}` };
  if (state.current.version !== version)
    return {
      problem: `${out}/package.json says ${version} but ${out}/${STATE_FILE} records ${state.current.version}: generate again`,
    };
  if (state.released !== undefined)
    return {
      problem: `${name}@${version} is being prepared, not released (the last release is ${state.released.version}): ${generateFirst}`,
    };
  return { name, version, tag: `${name}@${version}` };
}

interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function runTool(command: string, args: readonly string[], cwd: string): Promise<Ran> {
  return new Promise((done) => {
    execFile(command, [...args], { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      done({ code, stdout, stderr: error && code === -1 ? error.message : stderr });
    });
  });
}

/** A tool's output, indented under the line that introduces it. */
function relay(ran: Ran, io: CommandIo): void {
  for (const line of `${ran.stdout}\n${ran.stderr}`.split('\n'))
    if (line.trim() !== '') io.err(`  ${line}`);
}

/**
 * Pure: the output's files that `git status --porcelain` (paths from the repository's root)
 * lists as changed or untracked, but for what a build or pack leaves there, which is not part
 * of the release. `prefix` is the output's folder from the root (`git rev-parse --show-prefix`).
 */
export function uncommittedReleaseFiles(porcelain: string, prefix: string): string[] {
  return porcelain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.slice(3))
    .filter((path) => !/^(dist|node_modules)\/|\.tgz$/.test(path.slice(prefix.length)));
}

/** Why the tag cannot go on HEAD yet: the output is not committed, or the tag exists. */
async function gitProblem(outDir: string, tag: string): Promise<string | undefined> {
  // Git runs in the output's folder: the tag goes into the repository that holds it.
  const prefix = await runTool('git', ['rev-parse', '--show-prefix'], outDir);
  if (prefix.code !== 0)
    return `${displayPath(outDir)} is not in a git repository: the tag needs one`;
  const status = await runTool(
    'git',
    ['status', '--porcelain', '--untracked-files=all', '--', '.'],
    outDir,
  );
  const uncommitted = uncommittedReleaseFiles(status.stdout, prefix.stdout.trim());
  if (uncommitted.length > 0)
    return `${uncommitted.length} file(s) of the release are not committed (${uncommitted.slice(0, 3).join(', ')}${uncommitted.length > 3 ? ', …' : ''}): commit them, so the tag names the published files`;
  const existing = await runTool(
    'git',
    ['rev-parse', '-q', '--verify', `refs/tags/${tag}`],
    outDir,
  );
  if (existing.code === 0) return `the tag ${tag} exists already: was this version published?`;
  return undefined;
}

/** One key of npm's configuration as npm resolves it in `cwd`, or undefined when unset or not printable. */
async function npmConfig(key: string, cwd: string): Promise<string | undefined> {
  // npm refuses to print a registry holding credentials ("protected"): then it is not known here.
  const ran = await runTool('npm', ['config', 'get', key], cwd);
  const value = ran.stdout.trim();
  return ran.code === 0 && value !== '' && value !== 'undefined' ? value : undefined;
}

/**
 * Where `npm publish` in `outDir` sends `name`, as npm decides it (npm-registry-fetch's
 * `pickRegistry`): a scope's `@scope:registry` wins over `--registry`, which wins over
 * `registry`. npm itself is asked (`npm config get`), so every source of its configuration
 * counts: environment, the project's `.npmrc` (the output's), the user's and the global one.
 * Printed without credentials.
 */
async function publishRegistry(
  name: string,
  flag: string | undefined,
  outDir: string,
): Promise<string> {
  const scope = /^(@[^/]+)\//.exec(name)?.[1];
  const scoped = scope === undefined ? undefined : await npmConfig(`${scope}:registry`, outDir);
  if (scoped !== undefined)
    return `${withoutCredentials(scoped)}${flag === undefined ? '' : ` (npm's ${scope}:registry, which npm uses over --registry)`}`;
  if (flag !== undefined) return withoutCredentials(flag);
  const configured = await npmConfig('registry', outDir);
  return configured === undefined
    ? "npm's configured one (`npm config get registry` did not print it, as npm does not when it holds credentials)"
    : withoutCredentials(configured);
}

/** A registry URL as it may be printed: credentials in it (`https://user:token@host/`) stay out of logs. */
function withoutCredentials(text: string): string {
  if (!URL.canParse(text)) return text;
  const url = new URL(text);
  if (url.username === '' && url.password === '') return text;
  url.username = '***';
  url.password = '';
  return url.href;
}

export async function runPublish(options: PublishOptions, io: CommandIo): Promise<number> {
  if (options.registry !== undefined && !URL.canParse(options.registry)) {
    io.err('connect-codegen publish: --registry is not a URL.');
    return EXIT.usage;
  }
  const out = displayPath(options.out);
  const outDir = resolve(options.out);
  const npmrc = await lstat(join(outDir, NPMRC)).then(
    () => true,
    () => false,
  );
  if (npmrc && !options.allowNpmrc) {
    io.err(
      `connect-codegen publish: ${out}/${NPMRC} exists, and npm publishing from ${out} would read it: it can switch the registry the package goes to, or the token sent with it. Remove it (npm's user configuration, ~/${NPMRC}, is the place for a registry), or pass --allow-npmrc to use it; nothing was published.`,
    );
    return EXIT.invalid;
  }
  const read = (file: string) => readFile(join(outDir, file), 'utf8').catch(() => undefined);
  const release = releaseToPublish(out, await read('package.json'), await read(STATE_FILE));
  if ('problem' in release) {
    io.err(`connect-codegen publish: ${release.problem}.`);
    return EXIT.invalid;
  }
  // The same check as `generate --check`: what is published is what the spec gives.
  if ((await runGenerate({ spec: options.spec, out: options.out, check: true }, io)) !== EXIT.ok) {
    io.err(`connect-codegen publish: ${out} is not what the spec gives; nothing was published.`);
    return EXIT.invalid;
  }
  const problem = await gitProblem(outDir, release.tag);
  if (problem !== undefined) {
    io.err(`connect-codegen publish: ${problem}.`);
    return EXIT.invalid;
  }
  const registry = options.registry === undefined ? [] : ['--registry', options.registry];
  const publish = ['npm', 'publish', ...registry.map(withoutCredentials)].join(' ');
  const tagArgs = ['tag', '-a', release.tag, '-m', `${release.name} ${release.version}`];
  const id = `${release.name}@${release.version}`;
  const target = await publishRegistry(release.name, options.registry, outDir);
  const to = `registry: ${target}${npmrc ? ` (${out}/${NPMRC} is read: --allow-npmrc)` : ''}`;
  if (!options.yes) {
    io.out(`Dry run: ${id} is released and ${out} is up to date and committed. With --yes:`);
    io.out(`  ${publish}   (in ${out}; ${to})`);
    io.out(`  git ${tagArgs.slice(0, 3).join(' ')}`);
    const dry = await runTool('npm', ['publish', '--dry-run', ...registry], outDir);
    io.out(`npm publish --dry-run ${dry.code === 0 ? 'passed' : 'failed'}:`);
    relay(dry, io);
    return dry.code === 0 ? EXIT.ok : EXIT.invalid;
  }
  io.out(`Publishing ${id}, ${to}.`);
  const published = await runTool('npm', ['publish', ...registry], outDir);
  relay(published, io);
  if (published.code !== 0) {
    io.err(`connect-codegen publish: \`${publish}\` failed; nothing was tagged.`);
    return EXIT.invalid;
  }
  const tagged = await runTool('git', tagArgs, outDir);
  if (tagged.code !== 0) {
    relay(tagged, io);
    io.err(
      `connect-codegen publish: ${id} is published, but \`git ${tagArgs.slice(0, 3).join(' ')}\` failed: tag it by hand.`,
    );
    return EXIT.invalid;
  }
  io.out(`Published ${id} and tagged ${release.tag}. Push the tag: git push origin ${release.tag}`);
  return EXIT.ok;
}
