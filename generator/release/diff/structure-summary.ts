/**
 * What an emitted module exports, read from the structures the emitters made rather than from
 * the text they print to: the release stage decides the package's surface without parsing
 * anything the generator printed. The hand-written modules (the runtime, a layer, the fake)
 * are copied as text, so theirs is read from their source (`summarizeModule`), remembered by
 * text like any template's.
 */
import { StructureKind, type SourceFileStructure, type StatementStructures } from 'ts-morph';
import type { EmittedFile } from '../../emit/common/model.js';
import { packageEntries } from '../../emit/package/package.js';
import {
  exportedNamesOf,
  summarizeModule,
  type ExportedName,
  type ExportKind,
  type ModuleSummary,
  type SummaryCache,
} from '../../shared/module-exports.js';

type SummaryName = ModuleSummary['locals'][number];
type SummaryExport = ModuleSummary['exports'][number];

/** Every name the emitted package exports, by entry point, without printing or parsing it. */
export function packageExports(
  files: readonly EmittedFile[],
  summaries?: SummaryCache,
): ExportedName[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const read = new Map<string, ModuleSummary | undefined>();
  const summaryOf = (path: string) => {
    if (!read.has(path)) {
      const file = byPath.get(path);
      read.set(path, file && summarizeEmitted(file, summaries));
    }
    return read.get(path);
  };
  return exportedNamesOf(summaryOf, packageEntries(files.map((f) => f.path)));
}

/** The summary of one emitted file; undefined for a file that is not a module (markdown, JSON). */
export function summarizeEmitted(
  file: EmittedFile,
  summaries?: SummaryCache,
): ModuleSummary | undefined {
  if (!file.path.endsWith('.ts')) return undefined;
  if (file.kind === 'typescript') return summarizeStructure(file.structure, file.objectKeys);
  const cached = summaries?.get(file.content);
  if (cached) return cached;
  const summary = summarizeModule(file.path, file.content);
  summaries?.set(file.content, summary);
  return summary;
}

/**
 * @param objectKeys keys of the object constants the module declares, by name: their values
 * are written by writer functions, whose keys only the emitter knows.
 */
export function summarizeStructure(
  structure: SourceFileStructure,
  objectKeys: Readonly<Record<string, readonly string[]>> = {},
): ModuleSummary {
  const locals: SummaryName[] = [];
  const exports: SummaryExport[] = [];
  const statements = Array.isArray(structure.statements) ? structure.statements : [];
  for (const statement of statements) {
    // Text and writer statements declare nothing the package exports (a test holds every
    // emitter to that: `test/diff/structure-summary.test.ts`).
    if (typeof statement !== 'object') continue;
    const declared = declaredNames(statement, objectKeys);
    locals.push(...declared);
    if (statement.kind === StructureKind.ExportDeclaration) {
      const specifier = statement.moduleSpecifier;
      // A writer function in place of the list would hide its names: none of ours uses one.
      const named = typeof statement.namedExports === 'function' ? [] : statement.namedExports;
      if (named === undefined) exports.push(specifier === undefined ? {} : { specifier });
      else
        exports.push({
          ...(specifier === undefined ? {} : { specifier }),
          names: named.flatMap((n) =>
            typeof n === 'string'
              ? [{ name: n, original: n }]
              : typeof n === 'function'
                ? []
                : [{ name: n.alias ?? n.name, original: n.name }],
          ),
        });
    } else if ('isExported' in statement && statement.isExported) {
      exports.push(...declared.map((d) => ({ declared: d })));
    }
  }
  return { locals, exports };
}

function declaredNames(
  statement: StatementStructures,
  objectKeys: Readonly<Record<string, readonly string[]>>,
): SummaryName[] {
  const one = (name: string, kind: ExportKind, members?: readonly string[]): SummaryName[] => [
    { name, kind, ...(members ? { members: [...members] } : {}) },
  ];
  switch (statement.kind) {
    case StructureKind.Function:
      return statement.name === undefined ? [] : one(statement.name, 'function');
    case StructureKind.Class:
      return statement.name === undefined ? [] : one(statement.name, 'class');
    case StructureKind.Interface:
    case StructureKind.TypeAlias:
      return one(statement.name, 'type');
    case StructureKind.Enum:
      return one(
        statement.name,
        'enum',
        (statement.members ?? []).map((m) => m.name),
      );
    case StructureKind.VariableStatement:
      return statement.declarations.flatMap((d) => one(d.name, 'const', objectKeys[d.name]));
    default:
      return [];
  }
}
