/**
 * Spec text → doc comments. Spec text only ever reaches the output as string literals or
 * through here, where it is defused so a description can never end the comment early,
 * open one, or start a tag.
 */
import type { JSDocStructure, JSDocTagStructure, OptionalKind } from 'ts-morph';
import type { IrDocs, IrSchema, IrType } from '../../ir/types.js';

/**
 * Text safe inside a `/** … *\/` comment:
 * - `*\/` would end the comment; `/*` is harmless to TypeScript, but ts-morph's writer takes
 *   it for the start of a comment of its own and then breaks the lines after it.
 * - CR, CRLF and the Unicode line and paragraph separators become `\n`: ts-morph puts ` * `
 *   only after `\n`, while a parser ends the line at any of them.
 * - `@` first on a line would turn the rest of the line into a tag (`@deprecated` in a
 *   description is not a deprecation); TSDoc's `\@` keeps it text.
 */
export function escapeDocText(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/\/\*/g, '/\\*')
    .replace(/^([ \t]*)@/gm, '$1\\@')
    .trim();
}

/** A tag's text, escaped like a description; a writer function is our own code and left alone. */
function escapeTag(tag: OptionalKind<JSDocTagStructure>): OptionalKind<JSDocTagStructure> {
  return typeof tag.text === 'string' ? { ...tag, text: escapeTagText(tag.text) } : tag;
}

/** Like {@link escapeDocText}, but keeps a leading newline (an `@example` starts its code on the next line). */
function escapeTagText(text: string): string {
  const lead = /^\s*\n/.test(text) ? '\n' : '';
  return lead + escapeDocText(text);
}

export interface DocInput extends IrDocs {
  readonly summary?: string;
  /** Extra lines such as constraints ("Maximum length: 150."). */
  readonly notes?: readonly string[];
  readonly tags?: readonly OptionalKind<JSDocTagStructure>[];
  readonly defaultValue?: unknown;
}

/** One doc comment, or none when there is nothing to say. */
export function docs(input: DocInput): OptionalKind<JSDocStructure>[] {
  const paragraphs = [input.summary, input.title, input.description, ...(input.notes ?? [])]
    .filter((p): p is string => p !== undefined && p.trim().length > 0)
    .map(escapeDocText);
  const unique = paragraphs.filter((p, i) => paragraphs.indexOf(p) === i);
  const tags: OptionalKind<JSDocTagStructure>[] = (input.tags ?? []).map(escapeTag);
  if (input.defaultValue !== undefined)
    tags.push({ tagName: 'default', text: escapeDocText(JSON.stringify(input.defaultValue)) });
  if (input.deprecated) tags.push({ tagName: 'deprecated' });
  if (unique.length === 0 && tags.length === 0) return [];
  return [{ description: unique.join('\n\n'), tags }];
}

/** Constraints worth showing on hover, taken from the type. */
export function constraintNotes(type: IrType): string[] {
  const notes: string[] = [];
  const base = type.kind === 'union' ? type.members.find((m) => m.kind !== 'null') : type;
  if (!base) return notes;
  if (base.kind === 'string') {
    if (base.format) notes.push(`Format: ${base.format}.`);
    if (base.minLength !== undefined) notes.push(`Minimum length: ${base.minLength}.`);
    if (base.maxLength !== undefined) notes.push(`Maximum length: ${base.maxLength}.`);
  }
  if (base.kind === 'number') {
    if (base.minimum !== undefined) notes.push(`Minimum: ${base.minimum}.`);
    if (base.maximum !== undefined) notes.push(`Maximum: ${base.maximum}.`);
  }
  return notes;
}

/**
 * A description for a property the spec leaves undescribed, from what its type says: the
 * referenced schema's own description, or the one value a constant can take. Hover then
 * still explains the property instead of showing nothing.
 */
export function typeDescription(
  type: IrType,
  schemaNamed: (name: string) => IrSchema | undefined,
): string | undefined {
  const base =
    type.kind === 'union' && type.members.length === 2
      ? type.members.find((m) => m.kind !== 'null')
      : type;
  if (!base) return undefined;
  if (base.kind === 'literal') return `Always \`${JSON.stringify(base.value)}\`.`;
  const list = base.kind === 'array';
  const item = base.kind === 'array' ? base.items : base;
  if (item.kind !== 'ref') return undefined;
  const summary = schemaNamed(item.name)
    ?.description?.trim()
    .split(/\n\s*\n/)[0];
  const link = `{@link ${item.name}}`;
  return `${list ? `A list of ${link}` : link}${summary ? `: ${summary}` : '.'}`;
}
