/**
 * The config file, `connect-codegen.config.{json,mjs,js}` in the working directory or the
 * file `--config` names: found, read and checked here, at the disk's edge; the check itself
 * is pure (`cli/config/check.ts`). A JSON config is read with the spec's parser, so a wrong field
 * is reported at its line and column; a JavaScript config is imported (its default export),
 * which is what hey-api and orval users write. TypeScript configs are not read: Node 20
 * cannot import `.ts` without a loader, and the generator adds none.
 */
import { createHash } from 'node:crypto';
import { access } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkConfig, type CodegenConfig } from './check.js';
import { diagnostic, diagnosticAt, type Diagnostic } from '../../shared/diagnostics.js';
import { parseSource } from '../../load/load.js';
import { CONFIG_FILES } from './names.js';
import { diskReader } from '../../load/split/reader.js';
import { ReadRefused } from '../../load/split/trust.js';

export type { CodegenConfig, ModuleSwitches, VersionPolicy } from './check.js';

export { CONFIG_FILES } from './names.js';

export interface LoadedConfig {
  /** The file as shown in messages (relative to the working directory). */
  readonly file: string;
  /** Its directory: the config's paths are relative to it. */
  readonly dir: string;
  readonly config: CodegenConfig;
}

export interface ConfigLoad {
  /** Absent when there is no config file, or when `diagnostics` holds an error. */
  readonly loaded?: LoadedConfig;
  readonly diagnostics: readonly Diagnostic[];
}

const shown = (path: string, cwd: string) => relative(cwd, path).split(sep).join('/') || path;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** The config in `cwd`, if there is one; two of them is a problem, since which one wins would be a guess. */
export async function findConfig(cwd: string): Promise<string | Diagnostic | undefined> {
  const present: string[] = [];
  for (const name of CONFIG_FILES) if (await exists(join(cwd, name))) present.push(name);
  if (present.length > 1)
    return diagnostic({
      code: 'config',
      file: present[0]!,
      message: `found ${present.join(' and ')}; keep one`,
    });
  if (present[0] !== undefined) return join(cwd, present[0]);
  // A TypeScript config would otherwise be passed over without a word.
  const typescript = 'connect-codegen.config.ts';
  if (await exists(join(cwd, typescript)))
    return diagnostic({
      code: 'config',
      file: typescript,
      message: 'TypeScript configs are not read (Node 20 cannot import .ts without a loader)',
      hint: 'rename it connect-codegen.config.mjs and drop the type annotations, or write JSON',
    });
  return undefined;
}

/** Reads the config `--config` names, or else the one in `cwd`; none is fine. */
export async function loadConfig(
  named: string | undefined,
  cwd: string = process.cwd(),
): Promise<ConfigLoad> {
  const found = named === undefined ? await findConfig(cwd) : resolve(cwd, named);
  if (found === undefined) return { diagnostics: [] };
  if (typeof found !== 'string') return { diagnostics: [found] };
  const file = shown(found, cwd);
  const fail = (message: string): ConfigLoad => ({
    diagnostics: [diagnostic({ code: 'config', file, message })],
  });
  let text: string;
  try {
    // As a spec file is read: a regular file within the limit (a config committed as a link
    // to /dev/zero or a FIFO is refused, not read forever).
    text = await diskReader(cwd).readText(found);
  } catch (error) {
    if (error instanceof ReadRefused) return fail(`cannot be read: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    return fail(code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? 'unknown error'})`);
  }
  if (/\.json$/i.test(found)) {
    const parsed = parseSource(file, text);
    if (!parsed.document) return { diagnostics: parsed.diagnostics };
    const doc = parsed.document;
    const { config, problems } = checkConfig(doc.value);
    const diagnostics = problems.map((p) =>
      diagnosticAt(doc, 'config', p.pointer, p.message, p.hint ? { hint: p.hint } : {}),
    );
    return config
      ? { loaded: { file, dir: dirname(found), config }, diagnostics }
      : { diagnostics };
  }
  if (!/\.(mjs|js)$/i.test(found))
    return fail(
      'a config is .json, .mjs or .js (TypeScript configs cannot be imported by Node 20)',
    );
  let value: unknown;
  try {
    // The text's digest in the URL: a changed config is imported afresh (watch mode), an unchanged one from the module cache.
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
    const module = (await import(`${pathToFileURL(found).href}?v=${digest}`)) as {
      default?: unknown;
    };
    value = module.default;
  } catch (error) {
    return fail(`could not be imported: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (value === undefined)
    return fail('has no default export; export the config object as default');
  const { config, problems } = checkConfig(value);
  const diagnostics = problems.map((p) =>
    diagnostic({
      code: 'config',
      file,
      pointer: p.pointer,
      message: p.message,
      ...(p.hint && { hint: p.hint }),
    }),
  );
  return config ? { loaded: { file, dir: dirname(found), config }, diagnostics } : { diagnostics };
}
