/**
 * What one `generate` (or `validate`) works with: the flags over the config file over the
 * defaults. Flags win, so a config in the working directory never hides what was typed.
 */
import { relative, resolve, sep } from 'node:path';
import { loadConfig, type LoadedConfig } from '../config.js';
import { diagnostic, formatDiagnostic, hasErrors, type Diagnostic } from '../diagnostics.js';
import type { GenerateSettings } from '../generate-settings.js';
import { DEFAULT_OUT, DEFAULT_SPEC, displayPath } from './paths.js';

export interface GenerateFlags {
  readonly spec?: string;
  readonly out?: string;
  /** `--config <file>`; without it, a config in the working directory is used when there is one. */
  readonly config?: string;
  readonly release?: boolean;
}

export interface ResolvedGenerate {
  /** The spec and output as shown in messages and headers: relative to the working directory. */
  readonly spec: string;
  readonly out: string;
  /** How to regenerate, for every file's header. */
  readonly command: string;
  /** The config file used, as shown; absent without one. */
  readonly configFile?: string;
  readonly settings: GenerateSettings;
}

/** A path from the config, relative to the config file, as a path relative to the working directory. */
function fromConfig(loaded: LoadedConfig, path: string, cwd: string): string {
  return displayPath(relative(cwd, resolve(loaded.dir, path)).split(sep).join('/') || '.');
}

export async function resolveGenerate(
  flags: GenerateFlags,
  cwd: string = process.cwd(),
): Promise<{ readonly resolved?: ResolvedGenerate; readonly diagnostics: readonly Diagnostic[] }> {
  const { loaded, diagnostics } = await loadConfig(flags.config, cwd);
  if (hasErrors(diagnostics)) return { diagnostics };
  const config = loaded?.config ?? {};
  const spec = displayPath(
    flags.spec ?? (loaded && config.spec ? fromConfig(loaded, config.spec, cwd) : DEFAULT_SPEC),
  );
  const out = displayPath(
    flags.out ?? (loaded && config.output ? fromConfig(loaded, config.output, cwd) : DEFAULT_OUT),
  );
  const version = config.package?.version ?? 'release';
  if (flags.release && version !== 'release')
    return {
      diagnostics: [
        diagnostic({
          code: 'config',
          file: loaded!.file,
          pointer: '/package/version',
          message: `--release records the version the release stage decides, but package.version fixes it at ${version}`,
          hint: "remove --release, or set package.version to 'release'",
        }),
      ],
    };
  const settings: GenerateSettings = {
    ...(config.package?.name !== undefined ? { packageName: config.package.name } : {}),
    ...(version !== 'release' ? { packageVersion: version } : {}),
    ...(config.modules ? { modules: config.modules } : {}),
  };
  return {
    resolved: {
      spec,
      out,
      command: commandLine(flags, spec, out, loaded),
      ...(loaded ? { configFile: loaded.file } : {}),
      settings,
    },
    diagnostics,
  };
}

/** The command that gives the same output again: the flags that were typed, and the config when it was named. */
function commandLine(
  flags: GenerateFlags,
  spec: string,
  out: string,
  loaded: LoadedConfig | undefined,
): string {
  if (!loaded)
    return spec === DEFAULT_SPEC && out === DEFAULT_OUT
      ? 'npm run generate'
      : `connect-codegen generate --spec ${spec} --out ${out}`;
  return [
    'connect-codegen generate',
    ...(flags.config !== undefined ? [`--config ${loaded.file}`] : []),
    ...(flags.spec !== undefined ? [`--spec ${spec}`] : []),
    ...(flags.out !== undefined ? [`--out ${out}`] : []),
  ].join(' ');
}

/**
 * The spec and output for the commands that only read them (`diff`, `publish`): the flags,
 * else the config file, else the defaults, as `generate` decides them. `undefined` once a bad
 * config has been reported.
 */
export async function resolvePaths(
  flags: Pick<GenerateFlags, 'spec' | 'out' | 'config'>,
  io: { err(line: string): void },
): Promise<{ readonly spec: string; readonly out: string } | undefined> {
  const settled = await resolveGenerate(flags);
  for (const d of settled.diagnostics) io.err(formatDiagnostic(d));
  if (!settled.resolved) {
    io.err(
      `${settled.diagnostics.filter((d) => d.severity === 'error').length} error(s) in the config.`,
    );
    return undefined;
  }
  return { spec: settled.resolved.spec, out: settled.resolved.out };
}
