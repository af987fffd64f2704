/**
 * What one `generate` (or `validate`) works with: the flags over the config file over the
 * defaults. Flags win, so a config in the working directory never hides what was typed.
 */
import { relative, resolve, sep } from 'node:path';
import { loadConfig, type LoadedConfig } from '../config/config.js';
import {
  diagnostic,
  formatDiagnostic,
  hasErrors,
  type Diagnostic,
} from '../../shared/diagnostics.js';
import type { GenerateSettings } from '../../generate-settings.js';
import { DEFAULT_OUT, DEFAULT_SPEC, displayPath } from './paths.js';
import { DEFAULT_LIMITS, MB, type ReadOptions } from '../../load/split/trust.js';

export interface GenerateFlags {
  readonly spec?: string;
  readonly out?: string;
  /** `--config <file>`; without it, a config in the working directory is used when there is one. */
  readonly config?: string;
  readonly release?: boolean;
  /** `--ref-root <dir>`, repeatable: more folders `$ref`s may reach, beside the config's `refRoots`. */
  readonly refRoot?: readonly string[];
  /** `--max-file-size <MB>`: over the config's `limits.maxFileSizeMb`. */
  readonly maxFileSize?: number;
  /** `--max-total-size <MB>`: over the config's `limits.maxTotalSizeMb`. */
  readonly maxTotalSize?: number;
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
    ...(config.openapiTypes ? { openapiTypes: config.openapiTypes } : {}),
    read: readOptions(flags, loaded, cwd),
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

/**
 * What the loader may read: the config's `refRoots` (relative to the config file) and the
 * `--ref-root` flags (relative to the working directory) together, as absolute paths; each
 * size limit from its flag, else the config, else the default.
 */
export function readOptions(
  flags: Pick<GenerateFlags, 'refRoot' | 'maxFileSize' | 'maxTotalSize'>,
  loaded: LoadedConfig | undefined,
  cwd: string,
): ReadOptions {
  const config = loaded?.config;
  const refRoots = [
    ...(config?.refRoots ?? []).map((dir) => resolve(loaded!.dir, dir)),
    ...(flags.refRoot ?? []).map((dir) => resolve(cwd, dir)),
  ];
  const megabytes = (flag: number | undefined, field: number | undefined, fallback: number) =>
    flag !== undefined || field !== undefined ? Math.floor((flag ?? field)! * MB) : fallback;
  return {
    refRoots,
    limits: {
      maxFileBytes: megabytes(
        flags.maxFileSize,
        config?.limits?.maxFileSizeMb,
        DEFAULT_LIMITS.maxFileBytes,
      ),
      maxTotalBytes: megabytes(
        flags.maxTotalSize,
        config?.limits?.maxTotalSizeMb,
        DEFAULT_LIMITS.maxTotalBytes,
      ),
    },
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
  flags: Pick<
    GenerateFlags,
    'spec' | 'out' | 'config' | 'refRoot' | 'maxFileSize' | 'maxTotalSize'
  >,
  io: { err(line: string): void },
): Promise<
  { readonly spec: string; readonly out: string; readonly read: ReadOptions } | undefined
> {
  const settled = await resolveGenerate(flags);
  for (const d of settled.diagnostics) io.err(formatDiagnostic(d));
  if (!settled.resolved) {
    io.err(
      `${settled.diagnostics.filter((d) => d.severity === 'error').length} error(s) in the config.`,
    );
    return undefined;
  }
  const { spec, out, settings } = settled.resolved;
  return { spec, out, read: settings.read ?? {} };
}
