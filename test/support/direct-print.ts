/**
 * What the direct printer gives for a text, and what it asked prettier for on the way: the
 * print-direct tests check both (the same bytes as prettier, and only the statements it
 * cannot vouch for sent).
 */
import * as prettier from 'prettier';
import { formatDirect } from '../../generator/print/direct/printer.js';
import { PRETTIER } from '../../generator/print/print.js';

/** Prettier's own text at the house settings, with the parser the generator uses for TypeScript. */
export const byPrettier = (text: string): Promise<string> =>
  prettier.format(text, { ...PRETTIER, parser: 'babel-ts' });

export async function printedDirectly(
  text: string,
): Promise<{ formatted: string; asked: string[] }> {
  const asked: string[] = [];
  const formatted = await formatDirect(text, (rest) => {
    asked.push(rest);
    return byPrettier(rest);
  });
  return { formatted, asked };
}
