/**
 * `connect-codegen migrate openapi-fetch [dir]`: plans the migration (generator/migrate/),
 * prints each change with its file and line, and writes the files unless `--dry-run`.
 */
import { readFileSync } from 'node:fs';
import { PACKAGE_JSON } from '../../shared/locations.js';
import { readProject, writeAll, WriteRefused } from '../../migrate/openapi-fetch/disk.js';
import { DEFAULT_OUT, planMigration, type Located } from '../../migrate/openapi-fetch/migrate.js';
import { EXIT, type CommandIo } from './io.js';
import { CONFIG_FILES } from '../config/names.js';

export interface MigrateCommandOptions {
  readonly dir: string;
  readonly packageName?: string;
  readonly out?: string;
  readonly dryRun: boolean;
}

const at = (located: Pick<Located, 'file' | 'line'>) =>
  `${located.file}${located.line === undefined ? '' : `:${located.line}`}`;

export async function runMigrate(options: MigrateCommandOptions, io: CommandIo): Promise<number> {
  const read = await readProject(options.dir, options.out ?? DEFAULT_OUT, CONFIG_FILES);
  for (const problem of read.problems) io.err(`${at(problem)}: error: ${problem.message}`);
  if (!read.project || !read.root) return EXIT.invalid;
  const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
  const plan = planMigration(read.project, {
    generatorVersion: version,
    ...(options.packageName !== undefined && { packageName: options.packageName }),
    ...(options.out !== undefined && { out: options.out }),
  });
  for (const error of plan.errors) io.err(`${at(error)}: error: ${error.message}`);
  for (const warning of [...plan.warnings, ...read.skipped])
    io.err(`${at(warning)}: warning: ${warning.message}`);
  if (plan.errors.length > 0) {
    io.err(`${plan.errors.length} error(s); nothing was changed.`);
    return EXIT.invalid;
  }
  const verb = options.dryRun ? 'would change' : 'changed';
  for (const change of plan.changes)
    io.out(`${at(change)}: ${verb} ${change.before} → ${change.after}`);
  if (plan.changes.length === 0) {
    io.out('Nothing to change: the project is already migrated.');
    return EXIT.ok;
  }
  if (options.dryRun) {
    io.out(`Dry run: ${plan.writes.length} file(s) would be written; nothing was.`);
    return EXIT.ok;
  }
  try {
    await writeAll(read.root, plan.writes);
  } catch (error) {
    if (!(error instanceof WriteRefused)) throw error;
    io.err(`${error.file}: error: ${error.message}`);
    return EXIT.invalid;
  }
  io.out(`${plan.writes.length} file(s) written.`);
  const scripts = plan.generateScripts.map((s) => `npm run ${s}`);
  io.out(
    `Next: npm install${scripts.length > 0 ? `, then ${scripts.join(', ')}` : ''}, then type-check and test.`,
  );
  return EXIT.ok;
}
