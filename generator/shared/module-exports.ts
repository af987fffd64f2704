/**
 * The names a generated package exports. Each module is summarised as data (`ModuleSummary`):
 * a generated module from the structures its emitter made (`structure-summary.ts`), a
 * hand-written one (the runtime, a layer, the fake) from its source, with the TypeScript
 * parser (syntax only: no type checker, so it costs milliseconds). Starting from each entry
 * point it follows `export *` and `export { … } from` through the package, so it sees what a
 * user can import — the operation functions, enums and their members, guards, error classes
 * and the runtime — whichever emitter or template produced it. A generator change that
 * renames any of them shows up here even when the spec did not change.
 */
import { posix } from 'node:path';
import { ts } from 'ts-morph';

/** How a name can be used; a name may be several at once (an enum is a `const` and a `type`). */
export type ExportKind = 'class' | 'const' | 'enum' | 'function' | 'type';

export interface ExportedName {
  /** The package subpath it is imported from: `.` or `./testing`. */
  readonly entry: string;
  readonly name: string;
  readonly kinds: readonly ExportKind[];
  /** Members a user writes after a dot: an enum's members, the keys of an object constant (`ConnectorType.IEC_62196_T2`). */
  readonly members?: readonly string[];
}

interface Declared {
  readonly kinds: Set<ExportKind>;
  members?: string[];
}

type ModuleExports = Map<string, Declared>;

/** Every name each entry point exports, sorted by entry and name. `files` maps package paths (`src/index.ts`) to their text. */
export function exportedNames(
  files: ReadonlyMap<string, string>,
  entries: readonly { subpath: string; module: string }[],
  /** Summaries remembered from earlier runs, by text; parsing is most of this function's time. */
  summaries?: SummaryCache,
): ExportedName[] {
  return exportedNamesOf((path) => {
    const text = files.get(path);
    return text === undefined ? undefined : summaryOf(path, text, summaries);
  }, entries);
}

/**
 * Every name each entry point exports, from each module's summary (`summaryOf` gives none for
 * a path the package does not have), sorted by entry and name.
 */
export function exportedNamesOf(
  summaryOf: (path: string) => ModuleSummary | undefined,
  entries: readonly { subpath: string; module: string }[],
): ExportedName[] {
  const cache = new Map<string, ModuleExports>();
  const names: ExportedName[] = [];
  for (const { subpath, module } of entries) {
    const path = `src/${module}.ts`;
    if (summaryOf(path) === undefined) continue;
    for (const [name, declared] of moduleExports(path, summaryOf, cache, new Set())) {
      names.push({
        entry: subpath,
        name,
        kinds: [...declared.kinds].sort(),
        ...(declared.members ? { members: declared.members } : {}),
      });
    }
  }
  return names.sort((a, b) => compare(a.entry, b.entry) || compare(a.name, b.name));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `./operations/users.js` from `src/index.ts` → `src/operations/users.ts`. */
function resolveModule(from: string, specifier: string): string {
  return posix.join(posix.dirname(from), specifier).replace(/\.js$/, '.ts');
}

/**
 * What one file says about its exports, as plain data: everything `moduleExports` needs, so
 * that parsing (the costly part) depends on the file's text alone and can be remembered.
 */
export interface ModuleSummary {
  /** Top-level declarations, exported or not, for `export { local }`. */
  readonly locals: readonly SummaryName[];
  /**
   * In file order: the file's own `export …` declarations, `export * from` (no `names`) and
   * `export { a as b } [from]`.
   */
  readonly exports: readonly (
    | { readonly declared: SummaryName }
    | {
        readonly specifier?: string;
        readonly names?: readonly { readonly name: string; readonly original: string }[];
      }
  )[];
}

interface SummaryName {
  readonly name: string;
  readonly kind: ExportKind;
  readonly members?: readonly string[];
}

/** Remembers summaries by the file's text (the release stage reads the same runtime files on every run). */
export interface SummaryCache {
  get(text: string): ModuleSummary | undefined;
  set(text: string, summary: ModuleSummary): void;
}

/** Names the shape of `ModuleSummary` in the keys summaries are remembered by: change it with the shape. */
export const SUMMARY_SHAPE = 'exports-summary-1';

export function summarizeModule(path: string, text: string): ModuleSummary {
  // Doc comments are not read here; not parsing them is about a fifth of the parse's time on
  // a large package (GitHub's: every guard, type and call is documented).
  const options = {
    languageVersion: ts.ScriptTarget.Latest,
    jsDocParsingMode: ts.JSDocParsingMode.ParseNone,
  };
  const source = ts.createSourceFile(path, text, options, false, ts.ScriptKind.TS);
  const named = (statement: ts.Statement): SummaryName[] =>
    declarationsIn(statement, source).map(([name, declared]) => ({
      name,
      kind: [...declared.kinds][0]!,
      ...(declared.members ? { members: declared.members } : {}),
    }));
  const locals: SummaryName[] = [];
  const exports: ModuleSummary['exports'][number][] = [];
  for (const statement of source.statements) {
    locals.push(...named(statement));
    if (ts.isExportDeclaration(statement)) {
      const specifier =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (!statement.exportClause) exports.push(specifier === undefined ? {} : { specifier });
      else if (ts.isNamedExports(statement.exportClause)) {
        const names = statement.exportClause.elements.map((element) => ({
          name: element.name.text,
          original: (element.propertyName ?? element.name).text,
        }));
        exports.push({ ...(specifier === undefined ? {} : { specifier }), names });
      }
    } else if (isExported(statement)) {
      exports.push(...named(statement).map((declared) => ({ declared })));
    }
  }
  return { locals, exports };
}

function summaryOf(path: string, text: string, summaries?: SummaryCache): ModuleSummary {
  const cached = summaries?.get(text);
  if (cached) return cached;
  const summary = summarizeModule(path, text);
  summaries?.set(text, summary);
  return summary;
}

function declaredOf(entry: SummaryName): Declared {
  return {
    kinds: new Set([entry.kind]),
    ...(entry.members ? { members: [...entry.members] } : {}),
  };
}

function moduleExports(
  path: string,
  summaryOf: (path: string) => ModuleSummary | undefined,
  cache: Map<string, ModuleExports>,
  visiting: Set<string>,
): ModuleExports {
  const cached = cache.get(path);
  if (cached) return cached;
  const result: ModuleExports = new Map();
  const summary = summaryOf(path);
  if (summary === undefined || visiting.has(path)) return result;
  visiting.add(path);
  const locals: ModuleExports = new Map();
  for (const local of summary.locals) locals.set(local.name, declaredOf(local));
  const add = (name: string, declared: Declared | undefined) => {
    const into = result.get(name) ?? { kinds: new Set<ExportKind>() };
    declared?.kinds.forEach((k) => into.kinds.add(k));
    if (declared?.members) into.members = declared.members;
    result.set(name, into);
  };
  for (const item of summary.exports) {
    if ('declared' in item) {
      add(item.declared.name, declaredOf(item.declared));
      continue;
    }
    const { specifier, names } = item;
    const from =
      specifier === undefined
        ? undefined
        : moduleExports(resolveModule(path, specifier), summaryOf, cache, visiting);
    if (!names && from) from.forEach((declared, name) => add(name, declared));
    else if (names)
      for (const { name, original } of names)
        add(name, from ? from.get(original) : locals.get(original));
  }
  visiting.delete(path);
  cache.set(path, result);
  return result;
}

function isExported(statement: ts.Statement): boolean {
  return (
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  );
}

function declarationsIn(statement: ts.Statement, source: ts.SourceFile): [string, Declared][] {
  const one = (
    name: ts.Identifier | undefined,
    kind: ExportKind,
    members?: string[],
  ): [string, Declared][] =>
    name ? [[name.text, { kinds: new Set([kind]), ...(members ? { members } : {}) }]] : [];
  if (ts.isFunctionDeclaration(statement)) return one(statement.name, 'function');
  if (ts.isClassDeclaration(statement)) return one(statement.name, 'class');
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement))
    return one(statement.name, 'type');
  if (ts.isEnumDeclaration(statement))
    return one(
      statement.name,
      'enum',
      statement.members.map((m) => m.name.getText(source)),
    );
  if (ts.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) =>
      ts.isIdentifier(d.name) ? one(d.name, 'const', objectKeys(d.initializer)) : [],
    );
  }
  return [];
}

/** Keys of `{ … }`, `{ … } as const` or `{ … } satisfies T`: the members of an enum-like constant. */
function objectKeys(initializer: ts.Expression | undefined): string[] | undefined {
  let current = initializer;
  while (
    current &&
    (ts.isAsExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isParenthesizedExpression(current))
  )
    current = current.expression;
  if (!current || !ts.isObjectLiteralExpression(current)) return undefined;
  return current.properties.flatMap((p) =>
    p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : [],
  );
}
