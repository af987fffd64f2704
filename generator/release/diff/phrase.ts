/**
 * The report's wording as parts: our own words, and the text that came from a spec or a record
 * (a path, a name, a value, a version), kept apart until a format shows them. Markdown fences
 * the second kind and a terminal escapes its control characters (`markdown-text.ts`), so no
 * format has to pick spec text back out of a finished sentence, and nothing in a spec can
 * change a report's structure.
 */
import { inlineCode, inlineText, visible } from './markdown-text.js';

/** Our own words, a name or value shown as code, or spec text shown as text where it is plain. */
export type Part = string | { readonly code: string } | { readonly text: string };

export type Phrase = readonly Part[];

/** A name or value: `page`, `application/json`, an enum value. */
export const code = (text: string): Part => ({ code: text });

/** Spec text that reads as words: a version, a status, a type's shape, an operation. */
export const specText = (text: string): Part => ({ text });

/** Phrases one after the other, `separator` (our own words) between them. */
export function joinPhrases(phrases: readonly Phrase[], separator: string): Phrase {
  return phrases.flatMap((phrase, i) => (i === 0 ? phrase : [separator, ...phrase]));
}

/** How one format shows each kind of spec text. */
export interface PhraseFormat {
  readonly code: (text: string) => string;
  readonly text: (text: string) => string;
}

export function renderPhrase(phrase: Phrase, format: PhraseFormat): string {
  return phrase
    .map((part) =>
      typeof part === 'string'
        ? part
        : 'code' in part
          ? format.code(part.code)
          : format.text(part.text),
    )
    .join('');
}

/** Markdown code for any text: the fence is longer than any run of backticks inside. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest > 0 || text.startsWith(' ') || text.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** As the JSON report holds it: names in backticks, everything else as it is. */
export const PLAIN: PhraseFormat = { code: codeSpan, text: (text) => text };

/** For a pull request or the changelog: names as code spans, other spec text as it is only where markdown reads nothing in it. */
export const MARKDOWN: PhraseFormat = { code: inlineCode, text: inlineText };

/** For a terminal or a CI log: as `PLAIN`, with control and invisible characters escaped. */
export const TERMINAL: PhraseFormat = {
  code: (text) => codeSpan(visible(text)),
  text: visible,
};

export const plain = (phrase: Phrase): string => renderPhrase(phrase, PLAIN);
