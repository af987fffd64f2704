/**
 * The module specifiers of one source file, found by the TypeScript parser (imports,
 * `export … from`, `import('…')` types and calls, `require('…')`), and the ones to rewrite.
 * Only the text between a specifier's quotes changes, so formatting, comments and quote
 * style elsewhere keep their bytes.
 */
import { posix } from 'node:path';
import { ts } from 'ts-morph';

/** Where the old modules now come from. */
export interface ImportTargets {
  /** `openapi-fetch` → `<package>/fetch`, `openapi-react-query` → `<package>/react-query`. */
  readonly packages: ReadonlyMap<string, string>;
  /** The openapi-typescript output, relative to the project with forward slashes (`src/lib/api/v1.d.ts`), and what replaces imports of it. */
  readonly typesFile?: { readonly path: string; readonly replacement: string };
}

export interface SpecifierEdit {
  /** Offsets of the text between the quotes. */
  readonly start: number;
  readonly end: number;
  readonly line: number;
  readonly before: string;
  readonly after: string;
}

export interface SpecifierNotice {
  readonly line: number;
  readonly message: string;
}

/** The string literals that name a module in `text`. */
export function moduleSpecifiers(source: ts.SourceFile): ts.StringLiteralLike[] {
  const found: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier);
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    )
      found.push(node.moduleReference.expression);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal);
    else if (ts.isCallExpression(node) && isModuleCall(node) && node.arguments.length >= 1) {
      const first = node.arguments[0]!;
      if (ts.isStringLiteralLike(first)) found.push(first);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `require('x')` and `import('x')`. */
function isModuleCall(node: ts.CallExpression): boolean {
  if (node.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  return ts.isIdentifier(node.expression) && node.expression.text === 'require';
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (/\.[cm]?tsx$|\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.[cm]?ts$/.test(fileName)) return ts.ScriptKind.TS;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/** The forms a relative import of the types file may take: with or without `.d.ts`, `.ts` or `.js`. */
function typesFileStems(path: string): string[] {
  const stem = path.replace(/\.d\.ts$|\.ts$/, '');
  return [path, stem, `${stem}.js`, `${stem}.ts`, `${stem}.d.ts`, `${stem}/index`];
}

/**
 * The edits `text` needs, and notices for specifiers that look like the types file but could
 * not be resolved to it (a tsconfig `paths` alias, say). `file` is relative to the project,
 * with forward slashes.
 */
export function specifierEdits(
  file: string,
  text: string,
  targets: ImportTargets,
): { edits: SpecifierEdit[]; notices: SpecifierNotice[] } {
  const edits: SpecifierEdit[] = [];
  const notices: SpecifierNotice[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const typesStems = targets.typesFile ? typesFileStems(targets.typesFile.path) : [];
  const typesBase = targets.typesFile
    ? posix.basename(targets.typesFile.path).replace(/\.d\.ts$|\.ts$/, '')
    : undefined;
  for (const literal of moduleSpecifiers(source)) {
    const before = literal.text;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    let after = targets.packages.get(before);
    if (after === undefined && targets.typesFile && before.startsWith('.')) {
      const resolved = posix.normalize(posix.join(posix.dirname(file), before));
      if (typesStems.includes(resolved)) after = targets.typesFile.replacement;
    } else if (
      after === undefined &&
      typesBase !== undefined &&
      !before.startsWith('.') &&
      before.includes('/') &&
      posix.basename(before).replace(/\.d\.ts$|\.js$|\.ts$/, '') === typesBase
    )
      notices.push({
        line,
        message: `'${before}' may be the openapi-typescript output through a path alias; if it is, import '${targets.typesFile!.replacement}' instead`,
      });
    if (after === undefined || after === before) continue;
    // Between the quotes (or backticks): the literal's first and last characters.
    edits.push({
      start: literal.getStart(source) + 1,
      end: literal.getEnd() - 1,
      line,
      before,
      after,
    });
  }
  return { edits, notices };
}

/** `text` with the edits applied, the last first so earlier offsets stay valid. */
export function applyEdits(text: string, edits: readonly SpecifierEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.after + result.slice(edit.end);
  return result;
}
