/**
 * Compares the package's openapi-typescript types with openapi-typescript's own output for one
 * document: the accesses users write (every operation's parameters, request body and each
 * response; every component) are derived from the document, each becomes one line
 * `expectTypeOf<Ours>().toEqualTypeOf<Theirs>()` of a consumer file, and the compiler's
 * diagnostics, by line, say which ones differ.
 */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPITSOptions } from 'openapi-typescript';
import ts from 'typescript';
import { generate } from '../../generator/pipeline.js';
import type { OpenApiTypesOptions } from '../../generator/emit/openapi-types/options.js';

export interface Access {
  /** Where it leads, as users index it: `paths["/pet"]["put"]["parameters"]`. */
  readonly path: string;
}

export interface Comparison {
  readonly accesses: readonly Access[];
  /** The accesses whose two types are not equal, with the compiler's message. */
  readonly differing: readonly { readonly path: string; readonly message: string }[];
  /**
   * The accesses whose type in openapi-typescript's output is `any`: where its output does not
   * compile (a recursion TypeScript cannot resolve, TS2502; a ref to a member that does not
   * exist, TS2339). Any type equals `any`, so these pass the comparison whatever ours is.
   */
  readonly theirsAny: readonly string[];
  /** The accesses whose type in ours is `any`. */
  readonly oursAny: readonly string[];
  /** Diagnostics on no access's line (a file that does not compile). */
  readonly other: readonly string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const key = (k: string) => `[${JSON.stringify(k)}]`;
const entriesOf = (v: unknown): [string, unknown][] =>
  v && typeof v === 'object' ? Object.entries(v as Record<string, unknown>) : [];

/** The accesses a user of openapi-typescript's output writes for `document`. */
export function accessesOf(document: Record<string, unknown>): Access[] {
  const out: Access[] = [];
  const components = (document.components ?? {}) as Record<string, unknown>;
  const resolve = (node: unknown): Record<string, unknown> => {
    const ref = (node as { $ref?: string } | undefined)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/'))
      return (node ?? {}) as Record<string, unknown>;
    const target = ref
      .slice(2)
      .split('/')
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, t) => (at as Record<string, unknown> | undefined)?.[t], document);
    return resolve(target);
  };
  const items = (root: string, section: unknown) => {
    for (const [path, rawItem] of entriesOf(section)) {
      const item = resolve(rawItem);
      for (const method of METHODS) {
        if (!item[method]) continue;
        const at = `${root}${key(path)}${key(method)}`;
        out.push({ path: `${at}["parameters"]` });
        out.push({ path: `${at}["requestBody"]` });
        for (const [status] of entriesOf(resolve(item[method]).responses))
          out.push({ path: `${at}["responses"]${key(status)}` });
      }
    }
  };
  items('paths', document.paths);
  items('webhooks', document.webhooks);
  for (const section of [
    'schemas',
    'responses',
    'parameters',
    'requestBodies',
    'headers',
    'pathItems',
  ])
    for (const [name] of entriesOf(components[section]))
      out.push({ path: `components${key(section)}${key(name)}` });
  return out;
}

const OPTION_NAMES: Record<keyof OpenApiTypesOptions, keyof OpenAPITSOptions> = {
  immutable: 'immutable',
  pathParamsAsTypes: 'pathParamsAsTypes',
  rootTypes: 'rootTypes',
  defaultNonNullable: 'defaultNonNullable',
  additionalProperties: 'additionalProperties',
  emptyObjectsUnknown: 'emptyObjectsUnknown',
  enum: 'enum',
};

/**
 * Writes openapi-typescript's types (`theirs.ts`) and ours (`ours.ts`, the package's
 * `src/openapi-types.ts`) for `specPath` into `dir`, with the same options.
 */
export async function writeBoth(
  specPath: string,
  dir: string,
  options: OpenApiTypesOptions = {},
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const theirOptions = Object.fromEntries(
    Object.entries(options).map(([name, value]) => [
      OPTION_NAMES[name as keyof OpenApiTypesOptions],
      value,
    ]),
  );
  const theirs = astToString(await openapiTS(pathToFileURL(resolve(specPath)), theirOptions));
  await writeFile(join(dir, 'theirs.ts'), theirs);
  const result = await generate({
    specPath,
    command: 'test',
    settings: { openapiTypes: options },
  });
  const ours = result.files?.find((f) => f.path === 'src/openapi-types.ts');
  if (!ours)
    throw new Error(
      `no package for ${specPath}: ${JSON.stringify(result.diagnostics.slice(0, 3))}`,
    );
  await writeFile(join(dir, 'ours.ts'), ours.content);
}

/** Compares every access of `specPath`'s document in `dir`, where `writeBoth` wrote the two. */
export async function compareDocument(specPath: string, dir: string): Promise<Comparison> {
  const document = JSON.parse(await readFile(specPath, 'utf8')) as Record<string, unknown>;
  const accesses = accessesOf(document);
  const header = [
    `import { expectTypeOf } from 'vitest';`,
    `import type * as O from './ours.js';`,
    `import type * as T from './theirs.js';`,
  ];
  // Three lines an access, in three runs: equal, theirs not `any`, ours not `any`.
  const lines = [
    ...accesses.map(({ path }) => `expectTypeOf<O.${path}>().toEqualTypeOf<T.${path}>();`),
    ...accesses.map(({ path }) => `expectTypeOf<T.${path}>().not.toBeAny();`),
    ...accesses.map(({ path }) => `expectTypeOf<O.${path}>().not.toBeAny();`),
  ];
  const check = join(dir, 'check.ts');
  await writeFile(check, [...header, ...lines, ''].join('\n'));
  await linkNodeModules(dir);
  const byLine = new Map<number, string>();
  const other: string[] = [];
  for (const d of diagnosticsOf([check])) {
    const line =
      d.file?.fileName === check && d.start !== undefined
        ? d.file.getLineAndCharacterOfPosition(d.start).line - header.length
        : -1;
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (line >= 0 && line < lines.length) byLine.set(line, byLine.get(line) ?? message);
    else other.push(`${d.file?.fileName ?? ''}: ${message}`);
  }
  const anyIn = (run: number) =>
    accesses.flatMap(({ path }, i) => (byLine.has(run * accesses.length + i) ? [path] : []));
  return {
    accesses,
    theirsAny: anyIn(1),
    oursAny: anyIn(2),
    differing: [...byLine]
      .filter(([line]) => line < accesses.length)
      .sort(([a], [b]) => a - b)
      .map(([line, message]) => ({
        path: accesses[line]!.path,
        message: message.slice(0, 400),
      })),
    other,
  };
}

/** `vitest` resolves from the scratch folder through a link to the repository's packages. */
export async function linkNodeModules(dir: string): Promise<void> {
  await symlink(resolve('node_modules'), join(dir, 'node_modules'), 'dir').catch(
    (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    },
  );
}

export function diagnosticsOf(roots: readonly string[]): readonly ts.Diagnostic[] {
  const program = ts.createProgram([...roots], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program);
}

/**
 * Messages of compiling `lines` (expectTypeOf checks) in `dir/file`, after type imports of ours
 * (`O`, `./ours.js`) and theirs (`T`, from `theirs`). Only this file's: with
 * `pathParamsAsTypes`, openapi-typescript's own output (and so ours) has plain keys its template
 * keys also match, which the compiler flags in the declaring file.
 */
export async function compileAgainst(
  dir: string,
  file: string,
  theirs: string,
  lines: readonly string[],
): Promise<string[]> {
  const path = join(dir, file);
  await writeFile(
    path,
    [
      `import { expectTypeOf } from 'vitest';`,
      `import type * as O from './ours.js';`,
      `import type * as T from '${theirs}';`,
      ...lines,
      '',
    ].join('\n'),
  );
  await linkNodeModules(dir);
  return diagnosticsOf([path])
    .filter((d) => d.file?.fileName === path)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}
