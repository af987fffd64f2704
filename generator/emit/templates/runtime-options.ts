/**
 * The runtime's option interfaces (`ClientOptions`, `RequestOptions`) as data, read from
 * their declarations in the runtime template with ts-morph. api.md lists them from here, so
 * the reference can never drift from the code it describes: a new option, a changed type or
 * doc comment in templates/runtime/core/options.ts shows up in the next generated api.md.
 */
import { Project, ts, type InterfaceDeclaration, type JSDocableNode } from 'ts-morph';
import type { TemplateFile } from './runtime.js';

/** The template that declares the options, relative to templates/runtime. */
export const OPTIONS_TEMPLATE = 'core/options.ts';

export interface OptionMember {
  readonly name: string;
  /** The declared type, as written in the template. */
  readonly type: string;
  readonly optional: boolean;
  /** The doc comment, on one line; `{@link X}` becomes `` `X` ``. */
  readonly description: string;
}

export interface OptionInterface {
  readonly name: string;
  readonly description: string;
  readonly members: readonly OptionMember[];
}

export interface OptionAlias {
  readonly name: string;
  readonly type: string;
  readonly description: string;
}

export interface RuntimeOptions {
  /** `ClientOptions` and `RequestOptions`, in that order. */
  readonly interfaces: readonly OptionInterface[];
  /** The exported type aliases beside them that the options use (`ValidationMode`, `HeadersOption`, …), in file order. */
  readonly aliases: readonly OptionAlias[];
}

/**
 * The options as the template declares them; nothing when the templates do not include it
 * (an emitter test's bare package).
 */
export function runtimeOptions(
  templates: readonly TemplateFile[],
  names: readonly string[] = ['ClientOptions', 'RequestOptions'],
  /** The template that declares them; the fake's are in its own (`fake-api.ts`). */
  templateName = OPTIONS_TEMPLATE,
): RuntimeOptions {
  const template = templates.find((t) => t.name === templateName);
  if (!template) return { interfaces: [], aliases: [] };
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { noLib: true } });
  const file = project.createSourceFile(templateName, template.content);
  return {
    interfaces: names.flatMap((name) => {
      const declaration = file.getInterface(name);
      return declaration ? [describeInterface(declaration)] : [];
    }),
    aliases: file
      .getTypeAliases()
      .filter((alias) => alias.isExported())
      .map((alias) => ({
        name: alias.getName(),
        type: oneLineType(alias.getTypeNode()?.getText()),
        description: docText(alias),
      })),
  };
}

/**
 * A type as the docs show it, in one code span: an inline object type (the fake's `streams`
 * option) has its members' comments left out and its lines joined, where its source text
 * broke the markdown list item it stands in.
 */
export function oneLineType(text: string | undefined): string {
  if (text === undefined) return 'unknown';
  return text
    .replace(/\/\*[^]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function describeInterface(declaration: InterfaceDeclaration): OptionInterface {
  return {
    name: declaration.getName(),
    description: docText(declaration),
    members: declaration.getProperties().map((property) => ({
      name: property.getName(),
      type: oneLineType(property.getTypeNode()?.getText()),
      optional: property.hasQuestionToken(),
      description: docText(property),
    })),
  };
}

/**
 * The doc comment's text on one line, with links turned into code spans (read from the JSDoc
 * nodes, not the text). `last` reads only the comment nearest the node: a file's opening
 * comment sits before its first declaration too, and is not about it.
 */
export function docText(node: JSDocableNode, which: 'all' | 'last' = 'all'): string {
  const docs = node.getJsDocs();
  const text = (which === 'last' ? docs.slice(-1) : docs)
    .map((doc) => {
      const comment = doc.compilerNode.comment;
      if (comment === undefined) return '';
      if (typeof comment === 'string') return comment;
      return comment
        .map((part) =>
          ts.isJSDocLink(part) || ts.isJSDocLinkCode(part) || ts.isJSDocLinkPlain(part)
            ? `\`${part.name?.getText() ?? ''}\`${part.text}`
            : part.text,
        )
        .join('');
    })
    .join(' ');
  return text
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .join(' ');
}
