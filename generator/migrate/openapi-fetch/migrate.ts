/**
 * `connect-codegen migrate openapi-fetch`, as a pure function: the project's files in, the
 * files to write, the changes made (file and line, before and after) and the warnings out.
 * The disk is read and written by `disk.ts`; this decides everything in between, so a test
 * gives it file contents and reads its answer.
 */
import { posix } from 'node:path';
import { specifierEdits, applyEdits, type ImportTargets } from './imports.js';
import {
  REPLACED_PACKAGES,
  generateCommand,
  lineOf,
  migrateManifest,
  openapiTypescriptCalls,
  parseManifest,
  printJson,
  rewriteScript,
  type FoundCall,
} from './manifest.js';

/** The config file the migration writes: JSON, so it is data and can be merged. */
export const MIGRATION_CONFIG = 'connect-codegen.config.json';

export interface SourceFile {
  /** Relative to the project, forward slashes. */
  readonly path: string;
  readonly text: string;
}

export interface ProjectFiles {
  readonly packageJson: string;
  /** A config file already there: its name and text. */
  readonly config?: SourceFile;
  readonly sources: readonly SourceFile[];
}

export interface MigrateOptions {
  /** The generated package's name; by default the config's, else the project's name + `-api`. */
  readonly packageName?: string;
  /** Its folder, relative to the project; `./api-client` by default. */
  readonly out?: string;
  /** The generator's own version, for the devDependency on it. */
  readonly generatorVersion: string;
}

/** A place in the project: a file and, where it has one, a line. */
export interface Located {
  readonly file: string;
  readonly line?: number;
  readonly message: string;
}

export interface Change {
  readonly file: string;
  readonly line: number;
  readonly before: string;
  readonly after: string;
}

export interface MigrationPlan {
  readonly changes: readonly Change[];
  readonly warnings: readonly Located[];
  readonly errors: readonly Located[];
  /** The files to write, whole. Empty when there are errors or nothing to change. */
  readonly writes: readonly SourceFile[];
  /** The scripts that now generate the package, to tell the user what to run next. */
  readonly generateScripts: readonly string[];
  readonly packageName?: string;
}

const PACKAGE_JSON = 'package.json';

export const DEFAULT_OUT = './api-client';

/** The project's name + `-api` (`@acme/web` → `@acme/web-api`), or `api-client` for a nameless project. */
export function defaultPackageName(json: Record<string, unknown>): string {
  return typeof json.name === 'string' && json.name !== '' ? `${json.name}-api` : 'api-client';
}

export function planMigration(project: ProjectFiles, options: MigrateOptions): MigrationPlan {
  const errors: Located[] = [];
  const warnings: Located[] = [];
  const fail = (located: Located): MigrationPlan => ({
    changes: [],
    warnings,
    errors: [...errors, located],
    writes: [],
    generateScripts: [],
  });

  const manifest = parseManifest(project.packageJson);
  if ('error' in manifest)
    return fail({ file: PACKAGE_JSON, line: manifest.line, message: manifest.error });
  const { json } = manifest;

  const config = readConfig(project.config);
  if ('error' in config) return fail(config.error);
  const configName = config.value?.package?.name;
  if (options.packageName && configName && options.packageName !== configName)
    return fail({
      file: project.config!.path,
      line: lineOf(project.config!.text, '"name"'),
      message: `names the package '${configName}', not '${options.packageName}'; drop --package-name or change the config`,
    });
  const packageName = options.packageName ?? configName ?? defaultPackageName(json);
  const out = normalizeOut(options.out ?? DEFAULT_OUT);
  // The package is part of the project: a folder outside it is someone else's to write in.
  if (out === '.' || out.startsWith('/') || out === '..' || out.startsWith('../'))
    return fail({
      file: PACKAGE_JSON,
      message: `--out ${options.out ?? ''} is not a folder inside the project; give one such as ${DEFAULT_OUT}`,
    });

  const calls = openapiTypescriptCalls(project.packageJson, json);
  const importers = project.sources.filter((source) =>
    REPLACED_PACKAGES.some((name) => source.text.includes(name)),
  );
  const listed = ['dependencies', 'devDependencies'].some((field) => {
    const deps = json[field];
    return (
      typeof deps === 'object' && deps !== null && REPLACED_PACKAGES.some((name) => name in deps)
    );
  });
  const migrated = Object.values((json.scripts as Record<string, unknown>) ?? {}).some(
    (script) => typeof script === 'string' && script.includes('connect-codegen generate'),
  );
  if (calls.length === 0 && importers.length === 0 && !listed && !migrated)
    return fail({
      file: PACKAGE_JSON,
      message:
        'this project does not use openapi-fetch: no dependency on openapi-fetch, openapi-react-query or openapi-typescript, no script running openapi-typescript and no source file importing them',
    });

  // The calls decide the spec and the output file; one spec per project.
  const inputs = new Set(calls.flatMap((found) => (found.call.input ? [found.call.input] : [])));
  if (inputs.size > 1)
    return fail({
      file: PACKAGE_JSON,
      line: calls[1]!.line,
      message: `the scripts run openapi-typescript on ${inputs.size} documents (${[...inputs].join(', ')}); the migration makes one package per project: migrate with one of them and generate the others with connect-codegen generate yourself`,
    });
  const openapiTypes: Record<string, true | boolean> = {};
  const replacements = new Map<string, string>();
  let typesPath: string | undefined;
  for (const found of calls) {
    const problem = callProblem(found);
    if (problem) return fail(problem);
    const cliFlags: string[] = [];
    for (const flag of found.call.flags) {
      const where = { file: PACKAGE_JSON, line: found.line };
      const written =
        flag.value === undefined ? flag.word.value : `${flag.word.value} ${flag.value}`;
      const equivalent = flag.rule?.equivalent;
      if (!equivalent)
        warnings.push({
          ...where,
          message: `script "${found.script}": openapi-typescript has no flag ${written}; dropped`,
        });
      else if (equivalent.kind === 'cli') cliFlags.push(equivalent.flag);
      else if (equivalent.kind === 'config') openapiTypes[equivalent.key] = flag.value !== 'false';
      else
        warnings.push({
          ...where,
          message: `script "${found.script}": ${written} has no equivalent and is dropped: ${equivalent.reason}`,
        });
    }
    typesPath ??= posix.normalize(found.call.output!.split('\\').join('/'));
    const current =
      replacements.get(found.script) ?? (json.scripts as Record<string, string>)[found.script]!;
    replacements.set(
      found.script,
      rewriteScript(current, [found.call], () =>
        generateCommand(found.call.input!, { packageName, out, generatorRange: '' }, cliFlags),
      ),
    );
  }
  if (calls.length === 0 && !migrated && (importers.length > 0 || listed))
    warnings.push({
      file: PACKAGE_JSON,
      message: `no script runs openapi-typescript, so the spec is unknown: add "generate": "connect-codegen generate --spec <your spec> --out ${out} && npm --prefix ${out} run build" and run it`,
    });

  const changes: Change[] = [];
  const writes: SourceFile[] = [];
  const targets: ImportTargets = {
    packages: new Map([
      ['openapi-fetch', `${packageName}/fetch`],
      ['openapi-react-query', `${packageName}/react-query`],
    ]),
    ...(typesPath && { typesFile: { path: typesPath, replacement: packageName } }),
  };
  for (const source of project.sources) {
    if (typesPath && source.path === typesPath) continue;
    let found;
    try {
      found = specifierEdits(source.path, source.text, targets);
    } catch (error) {
      errors.push({
        file: source.path,
        message: `could not be parsed: ${error instanceof Error ? error.message : String(error)}`,
      });
      continue;
    }
    for (const notice of found.notices) warnings.push({ file: source.path, ...notice });
    if (found.edits.length === 0) continue;
    for (const edit of found.edits)
      changes.push({
        file: source.path,
        line: edit.line,
        before: `'${edit.before}'`,
        after: `'${edit.after}'`,
      });
    writes.push({ path: source.path, text: applyEdits(source.text, found.edits) });
  }

  const manifestResult = migrateManifest(project.packageJson, json, replacements, {
    packageName,
    out,
    generatorRange: `^${options.generatorVersion}`,
  });
  for (const change of manifestResult.changes) changes.push({ file: PACKAGE_JSON, ...change });
  if (manifestResult.text !== project.packageJson)
    writes.push({ path: PACKAGE_JSON, text: manifestResult.text });

  const configWrite = migrateConfig(project.config, config.value, packageName, openapiTypes);
  if (configWrite && 'error' in configWrite) errors.push(configWrite.error);
  else if (configWrite) {
    changes.push(...configWrite.changes);
    writes.push(configWrite.write);
  }
  if (typesPath && project.sources.some((source) => source.path === typesPath))
    warnings.push({
      file: typesPath,
      message:
        'the openapi-typescript output is no longer imported; delete it once the project builds',
    });

  const sorted = changes.sort((a, b) =>
    a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1,
  );
  return {
    changes: sorted,
    warnings,
    errors,
    writes: errors.length > 0 ? [] : writes,
    generateScripts: [...replacements.keys()],
    packageName,
  };
}

/** A call the migration cannot rewrite, located. */
function callProblem(found: FoundCall): Located | undefined {
  const where = { file: PACKAGE_JSON, line: found.line };
  if (found.call.extraInputs.length > 0)
    return {
      ...where,
      message: `script "${found.script}" gives openapi-typescript more than one document; migrate it by hand`,
    };
  if (!found.call.input)
    return {
      ...where,
      message: `script "${found.script}" runs openapi-typescript without a document (a Redocly config?); migrate it by hand`,
    };
  if (!found.call.output)
    return {
      ...where,
      message: `script "${found.script}" runs openapi-typescript without -o/--output; migrate it by hand`,
    };
  return undefined;
}

/** `api-client` → `./api-client`: a path npm and the shell read as relative. */
function normalizeOut(out: string): string {
  const clean = posix.normalize(out.split('\\').join('/')).replace(/\/$/, '');
  return clean.startsWith('.') || clean.startsWith('/') ? clean : `./${clean}`;
}

interface MigrationConfig {
  package?: { name?: string; [key: string]: unknown };
  openapiTypes?: Record<string, unknown>;
  [key: string]: unknown;
}

function readConfig(
  config: SourceFile | undefined,
): { value?: MigrationConfig } | { error: Located } {
  if (!config) return {};
  if (!config.path.endsWith('.json')) return {};
  const parsed = parseManifest(config.text);
  if ('error' in parsed)
    return { error: { file: config.path, line: parsed.line, message: parsed.error } };
  return { value: parsed.json as MigrationConfig };
}

/** The config with the package's name and the mapped openapi-typescript options, if either is new. */
function migrateConfig(
  existing: SourceFile | undefined,
  value: MigrationConfig | undefined,
  packageName: string,
  openapiTypes: Record<string, boolean>,
): { write: SourceFile; changes: Change[] } | { error: Located } | undefined {
  if (existing && !existing.path.endsWith('.json')) {
    const needed = [
      `package.name: '${packageName}'`,
      ...Object.entries(openapiTypes).map(([key, on]) => `openapiTypes.${key}: ${on}`),
    ];
    // A JavaScript config is code: the migration does not edit it, it says what to add.
    return {
      error: {
        file: existing.path,
        message: `is a JavaScript config, which the migration does not edit; add ${needed.join(', ')} to it and run again`,
      },
    };
  }
  const next: MigrationConfig = structuredClone(value ?? {});
  const changes: Change[] = [];
  const file = existing?.path ?? MIGRATION_CONFIG;
  const at = (needle: string) => (existing ? lineOf(existing.text, needle) : 1);
  if (next.package?.name === undefined) {
    next.package = { ...next.package, name: packageName };
    changes.push({
      file,
      line: at('"package"'),
      before: '(none)',
      after: `package.name: "${packageName}"`,
    });
  }
  for (const [key, on] of Object.entries(openapiTypes)) {
    if (next.openapiTypes?.[key] !== undefined) continue;
    next.openapiTypes = { ...next.openapiTypes, [key]: on };
    changes.push({
      file,
      line: at('"openapiTypes"'),
      before: '(none)',
      after: `openapiTypes.${key}: ${on}`,
    });
  }
  if (changes.length === 0) return undefined;
  const text = existing ? printJson(existing.text, next) : `${JSON.stringify(next, null, 2)}\n`;
  return { write: { path: file, text }, changes };
}
