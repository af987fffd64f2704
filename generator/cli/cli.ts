/**
 * `connect-codegen`: the command line. Commands are thin: they parse options and call a
 * function that returns an exit code; this file owns the one error handler.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_OUT, DEFAULT_SPEC } from './commands/paths.js';
import { REPORT_FORMATS, type ReportFormat } from '../release/diff/render.js';
import { EXIT, processIo, type CommandIo } from './commands/io.js';
import { CONFIG_FILES } from './config/names.js';
import { BIN, PACKAGE_JSON } from '../shared/locations.js';

/** `generate`'s options; without `--spec`, `--out` and `--config` the config file and then the defaults decide. */
interface GenerateCommandOptions {
  readonly spec?: string;
  readonly out?: string;
  readonly config?: string;
  readonly check: boolean;
  readonly release: boolean;
  readonly watch: boolean;
  readonly verbose: boolean;
  readonly timings: boolean;
  readonly refRoot?: string[];
  readonly maxFileSize?: number;
  readonly maxTotalSize?: number;
}

/** The flags `withReadOptions` adds. */
type ReadFlags = Pick<GenerateCommandOptions, 'refRoot' | 'maxFileSize' | 'maxTotalSize'>;

/** `--ref-root <dir>` may be given again: each adds a folder. */
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** A size in MB as the flags take it: a number greater than 0. */
function megabytes(value: string): number {
  const mb = Number(value);
  if (value.trim() === '' || !Number.isFinite(mb) || mb <= 0)
    throw new InvalidArgumentError('expected a number of megabytes greater than 0.');
  return mb;
}

/** The options that say what the loader may read, on every command that loads a spec. */
function withReadOptions(command: Command): Command {
  return command
    .option(
      '--ref-root <dir>',
      "a folder $refs may reach besides the spec's git work tree (or its folder); repeatable (default: the config's refRoots)",
      collect,
    )
    .option(
      '--max-file-size <MB>',
      "the largest spec file read (default: the config's limits.maxFileSizeMb, else 24)",
      megabytes,
    )
    .option(
      '--max-total-size <MB>',
      "the most read over all the files a spec's $refs reach (default: the config's limits.maxTotalSizeMb, else 48)",
      megabytes,
    );
}

/** `--verbose` on the commands that report a document's warnings. */
const VERBOSE =
  'print every warning; without it, each kind of warning is printed once, at its first place, with how many more there are';

/** The tool's version is the repository's: read from its package.json, wherever the command runs. */
const VERSION = (
  JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as {
    version: string;
  }
).version;

export function createProgram(io: CommandIo, setExitCode: (code: number) => void): Command {
  const program = new Command('connect-codegen')
    .description(
      'Validate an OpenAPI 3.x or Swagger 2.0 document and generate a TypeScript client package from it.',
    )
    .version(VERSION)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s.trimEnd()),
      writeErr: (s) => io.err(s.trimEnd()),
    });

  withReadOptions(
    program
      .command('generate')
      .description(
        'Generate a TypeScript client package from an OpenAPI 3.x or Swagger 2.0 document.',
      )
      .option(
        '--spec <file>',
        `OpenAPI 3.x or Swagger 2.0 document (YAML or JSON) (default: the config's, else ${DEFAULT_SPEC})`,
      )
      .option('--out <dir>', `output directory (default: the config's, else ${DEFAULT_OUT})`)
      .option(
        '--config <file>',
        `config file (default: ${CONFIG_FILES.join(', ')} in this directory)`,
      ),
  )
    .option(
      '--check',
      'write nothing; exit 1 and list the stale files if the output differs',
      false,
    )
    .option(
      '--release',
      'record the package version decided now as released; the next change starts a new version',
      false,
    )
    .option('--watch', 'regenerate whenever the spec or the config changes, until Ctrl-C', false)
    .option('--verbose', VERBOSE, false)
    .option(
      '--timings',
      'print the CPU and wall time of each stage (load, validate, ir, plan, emit, print, release, write)',
      false,
    )
    .action(async (options: GenerateCommandOptions) => {
      // Each command is loaded when it runs: `--help` or `validate` never loads ts-morph.
      if (options.watch) {
        if (options.check || options.release) {
          io.err(`error: --watch cannot be combined with --${options.check ? 'check' : 'release'}`);
          return setExitCode(EXIT.usage);
        }
        const { runWatch } = await import('./commands/watch.js');
        return setExitCode(await runWatch(options, io));
      }
      const { runGenerate } = await import('./commands/generate.js');
      setExitCode(await runGenerate(options, io));
    });

  withReadOptions(
    program
      .command('validate')
      .description(
        'Check the document against the OpenAPI schema and the house rules it sets in x-codegen-rules, and report what generate would refuse or warn of; writes nothing.',
      )
      .option(
        '--spec <file>',
        `OpenAPI 3.x or Swagger 2.0 document (YAML or JSON) (default: the config's, else ${DEFAULT_SPEC})`,
      )
      .option('--config <file>', 'config file naming the spec')
      .option('--verbose', VERBOSE, false),
  ).action(async (options: ReadFlags & { spec?: string; config?: string; verbose: boolean }) => {
    const { runValidate } = await import('./commands/validate.js');
    setExitCode(await runValidate(options, io));
  });

  withReadOptions(
    program
      .command('diff')
      .description(
        'Compare the API surface with an earlier spec; exit 1 when a change breaks client users.',
      )
      .requiredOption(
        '--base <git-rev|spec-file>',
        'the earlier spec: a file, or a git revision holding --spec (e.g. origin/main)',
      )
      .option('--spec <file>', `the spec to compare (default: the config's, else ${DEFAULT_SPEC})`)
      .option('--config <file>', 'config file naming the spec'),
  )
    .addOption(
      new Option('--format <format>', 'report format').choices(REPORT_FORMATS).default('text'),
    )
    .action(
      async (
        options: ReadFlags & { base: string; spec?: string; config?: string; format: ReportFormat },
      ) => {
        const { resolvePaths } = await import('./commands/settings.js');
        const paths = await resolvePaths(options, io);
        if (!paths) return setExitCode(EXIT.usage);
        const { runDiff } = await import('./commands/diff.js');
        const { base, format } = options;
        setExitCode(await runDiff({ base, format, spec: paths.spec, read: paths.read }, io));
      },
    );

  program
    .command('publish')
    .description(
      'Publish the released package (generate --release) with npm and tag it; a dry run unless --yes.',
    )
    .option(
      '--spec <file>',
      `the spec the output must be up to date with (default: the config's, else ${DEFAULT_SPEC})`,
    )
    .option(
      '--out <dir>',
      `the generated package to publish (default: the config's, else ${DEFAULT_OUT})`,
    )
    .option('--config <file>', 'config file naming the spec and the output')
    .option('--registry <url>', "npm registry to publish to (npm's configured one otherwise)")
    .option('--yes', 'publish and tag for real; without it nothing is published or tagged', false)
    .option(
      '--allow-npmrc',
      'let npm read an .npmrc in the output folder (refused otherwise: it can switch the registry)',
      false,
    )
    .action(
      async (options: {
        spec?: string;
        out?: string;
        config?: string;
        registry?: string;
        yes: boolean;
        allowNpmrc: boolean;
      }) => {
        const { resolvePaths } = await import('./commands/settings.js');
        const paths = await resolvePaths(options, io);
        if (!paths) return setExitCode(EXIT.usage);
        const { runPublish } = await import('./commands/publish.js');
        const { registry, yes, allowNpmrc } = options;
        setExitCode(
          await runPublish({ ...paths, yes, allowNpmrc, ...(registry ? { registry } : {}) }, io),
        );
      },
    );

  program
    .command('migrate')
    .description('Move a project from another client generator to a package this generator makes.')
    .command('openapi-fetch')
    .description(
      'Rewrite a project that uses openapi-typescript, openapi-fetch and openapi-react-query: imports, the generate script and package.json; prints each change with its file and line.',
    )
    .argument('[dir]', 'the project folder (the one holding package.json)', '.')
    .option(
      '--package-name <name>',
      "the generated package's npm name (default: the config's package.name, else the project's name + '-api')",
    )
    .option(
      '--out <dir>',
      'the folder the package is generated into, inside the project',
      './api-client',
    )
    .option('--dry-run', 'print the changes and write nothing', false)
    .action(
      async (dir: string, options: { packageName?: string; out: string; dryRun: boolean }) => {
        const { runMigrate } = await import('./commands/migrate.js');
        setExitCode(await runMigrate({ dir, ...options }, io));
      },
    );

  program
    .command('setup-merge')
    .description(
      'Configure git in this clone to merge generated/ without conflicts (once per clone; .gitattributes names the files).',
    )
    .action(async () => {
      const { runSetupMerge } = await import('./commands/setup-merge.js');
      setExitCode(await runSetupMerge({ bin: BIN }, io));
    });

  program
    .command('merge-generated')
    .description(
      'The merge driver git runs for generated files (see setup-merge): keeps our side, unless the sides record different releases; regenerate after the merge.',
    )
    .argument('<base>')
    .argument('<ours>', 'the file that receives the result')
    .argument('<theirs>')
    .argument('<marker-size>')
    .argument('<path>', "the file's path in the repository")
    .action(
      async (base: string, ours: string, theirs: string, markerSize: string, path: string) => {
        const { runMergeGenerated } = await import('./commands/merge-generated.js');
        setExitCode(await runMergeGenerated({ base, ours, theirs, markerSize, path }, io));
      },
    );

  return program;
}

/** Runs the command line; returns the exit code instead of exiting, for tests. */
export async function main(argv: readonly string[], io: CommandIo = processIo): Promise<number> {
  let code: number = EXIT.ok;
  const program = createProgram(io, (c) => (code = c));
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version requests end through here too, with exit code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    throw error;
  }
  return code;
}

/** Runs the command line for a process: sets its exit code and turns a crash into one plain line. */
export async function runCli(argv: readonly string[]): Promise<void> {
  try {
    process.exitCode = await main(argv);
  } catch (error) {
    // Reaching here is a bug in the generator, not bad input: say so plainly.
    process.stderr.write(
      `connect-codegen: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 3;
  }
}

// `tsx generator/cli/cli.ts` (the npm scripts) runs this file directly; the installed command goes through bin.js.
const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '');
if (invokedDirectly) void runCli(process.argv.slice(2));
