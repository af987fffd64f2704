/**
 * The package's JSON files in the house format without prettier. Each is printed by the
 * release stage as `JSON.stringify(value, null, 2)`, after a generated-by line comment in the
 * JSON-with-comments files (tsconfig). For such text prettier's answer is known:
 * - `json-stringify` (package.json) prints exactly what `JSON.stringify` prints;
 * - `jsonc` keeps every non-empty object broken (its source has a line break after `{`), puts
 *   a list on one line when it fits, else one item a line, with trailing commas when broken
 *   (`trailingComma: 'all'`), and keys beside their values.
 * Text not in that form (hand-written, another indentation, lists of numbers, which prettier
 * fills, text that is not ASCII) is not vouched; the caller asks prettier.
 */

import { group, ifBreak, indent, join, line, printDoc, softline, type Doc } from './doc.js';

const ASCII = /^[\x09\x0a\x20-\x7e]*$/;

/** Prettier's text for the JSON `text` read by `parser`, or undefined when not vouched. */
export function formatJsonDirect(text: string, parser: string): string | undefined {
  if (!ASCII.test(text)) return undefined;
  if (parser === 'json-stringify') {
    const body = stringified(text);
    return body === undefined ? undefined : `${body}\n`;
  }
  if (parser !== 'jsonc') return undefined;
  const lines = text.replace(/\n+$/, '').split('\n');
  let first = 0;
  while (first < lines.length && /^\/\/(.*\S)?$/.test(lines[first]!)) first++;
  const comments = lines.slice(0, first);
  const body = lines.slice(first).join('\n');
  const value = stringified(body) === undefined ? undefined : (JSON.parse(body) as unknown);
  if (value === undefined) return undefined;
  const doc = jsoncDoc(value);
  if (doc === undefined) return undefined;
  return [...comments, printDoc(doc)].join('\n') + '\n';
}

/** `text` when it is what `JSON.stringify(value, null, 2)` prints for the value it holds. */
function stringified(text: string): string | undefined {
  const body = text.replace(/\n+$/, '');
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  return JSON.stringify(value, null, 2) === body ? body : undefined;
}

function jsoncDoc(value: unknown): Doc | undefined {
  if (value === null || typeof value === 'boolean' || typeof value === 'string')
    return JSON.stringify(value);
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : undefined;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.length > 1 && value.every((item) => typeof item === 'number')) return undefined;
    const items = value.map(jsoncDoc);
    if (items.some((item) => item === undefined)) return undefined;
    const first = value[0] as unknown;
    // Prettier breaks a list of two or more objects (or lists) that each hold more than one entry.
    const shouldBreak =
      value.length > 1 &&
      value.every((item) =>
        Array.isArray(first)
          ? Array.isArray(item) && item.length > 1
          : isObject(first) && isObject(item) && Object.keys(item).length > 1,
      );
    return group(
      ['[', indent([softline, join([',', line], items as Doc[])]), ifBreak(','), softline, ']'],
      { shouldBreak },
    );
  }
  if (!isObject(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const printed: Doc[] = [];
  for (const [key, item] of entries) {
    const doc = jsoncDoc(item);
    if (doc === undefined) return undefined;
    printed.push([JSON.stringify(key), ': ', doc]);
  }
  return group(['{', indent([line, join([',', line], printed)]), ifBreak(','), line, '}'], {
    shouldBreak: true,
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
