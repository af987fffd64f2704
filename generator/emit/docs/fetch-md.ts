/**
 * api.md's `# openapi-fetch compatible entries` section: every export of `./fetch` and
 * `./react-query`, with its signature, as the templates declare them. The list is read from
 * each entry's index (what it re-exports, and from where) with ts-morph, so a new export, a
 * changed parameter or doc comment shows up in the next generated api.md and nothing here
 * names one. One line per export, so that a diff shows just what changed.
 */
import {
  Node,
  Project,
  type ExportedDeclarations,
  type ParameteredNode,
  type ReturnTypedNode,
  type TypeParameteredNode,
} from 'ts-morph';
import type { TemplateFile } from '../templates/runtime.js';
import { docText, oneLineType } from '../templates/runtime-options.js';

export interface EntryTemplates {
  /** The package subpath, `fetch` or `react-query`, which is also the folder its files are in. */
  readonly entry: string;
  readonly templates: readonly TemplateFile[];
}

/** `<Paths extends {}, Media extends MediaType = MediaType>`, or nothing. */
function typeParameters(node: TypeParameteredNode): string {
  const list = node.getTypeParameters().map((p) => oneLineType(p.getText()));
  return list.length > 0 ? `<${list.join(', ')}>` : '';
}

/** `(clientOptions?: ClientOptions): Client<Paths, Media>` */
function callSignature(node: ParameteredNode & ReturnTypedNode & TypeParameteredNode): string {
  const parameters = node.getParameters().map((p) => oneLineType(p.getText()));
  const returned = node.getReturnTypeNode();
  return `${typeParameters(node)}(${parameters.join(', ')})${returned ? `: ${oneLineType(returned.getText())}` : ''}`;
}

/** The export's line: its signature in a code span, then its doc comment on one line. */
function exportLine(name: string, declaration: ExportedDeclarations): string | undefined {
  const described = (signature: string, node: Node) => {
    const text = Node.isJSDocable(node) ? docText(node, 'last') : '';
    return `- \`${signature}\`${text ? ` — ${text}` : ''}`;
  };
  if (Node.isFunctionDeclaration(declaration))
    return described(`function ${name}${callSignature(declaration)}`, declaration);
  if (Node.isClassDeclaration(declaration)) {
    const base = declaration.getExtends();
    const constructor = declaration.getConstructors()[0];
    const parameters = constructor?.getParameters().map((p) => oneLineType(p.getText())) ?? [];
    return described(
      `class ${name}${base ? ` extends ${base.getText()}` : ''} { constructor(${parameters.join(', ')}) }`,
      declaration,
    );
  }
  if (Node.isVariableDeclaration(declaration)) {
    const initializer = declaration.getInitializer();
    const statement = declaration.getVariableStatement();
    const signature = Node.isArrowFunction(initializer)
      ? `const ${name}: ${callSignature(initializer).replace(/\): /, ') => ')}`
      : `const ${name}: ${oneLineType(declaration.getTypeNode()?.getText())}`;
    return described(signature, statement ?? declaration);
  }
  if (Node.isInterfaceDeclaration(declaration))
    return described(`interface ${name}${typeParameters(declaration)}`, declaration);
  if (Node.isTypeAliasDeclaration(declaration))
    return described(`type ${name}${typeParameters(declaration)}`, declaration);
  return undefined;
}

/** The entry's exports, `default` first, then by name. */
function entryLines({ entry, templates }: EntryTemplates): string[] {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { noLib: true } });
  for (const template of templates)
    project.createSourceFile(`/src/${entry}/${template.name}`, template.content);
  const index = project.getSourceFile(`/src/${entry}/index.ts`);
  if (!index) return [];
  const exported = [...index.getExportedDeclarations()].sort(([a], [b]) =>
    a === 'default' ? -1 : b === 'default' ? 1 : a.localeCompare(b),
  );
  return exported.flatMap(([name, declarations]) => {
    const declaration = declarations[0];
    if (!declaration) return [];
    const own = (Node.hasName(declaration) ? declaration.getName() : undefined) ?? name;
    const line = exportLine(own, declaration);
    if (!line) return [];
    return [name === 'default' ? line.replace('- `', '- default export: `') : line];
  });
}

/** The section, or nothing when the package has neither entry. */
export function fetchEntriesSection(pkg: string, entries: readonly EntryTemplates[]): string[] {
  const present = entries.filter((e) => e.templates.length > 0);
  if (present.length === 0) return [];
  return [
    '# openapi-fetch compatible entries',
    "openapi-fetch's and openapi-react-query's API over the `paths` type this package exports (or any openapi-typescript `paths`): code written for them runs after changing its imports. Every export, as the entry declares it:",
    ...present.flatMap((e) => [`## \`${pkg}/${e.entry}\``, entryLines(e).join('\n')]),
  ];
}
