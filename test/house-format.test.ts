/**
 * One format for all hand-written code: the generator, the templates, the tests, the
 * benchmarks and the examples. The templates matter twice over: they are copied into the
 * package without passing through prettier (they are the bulk of the output), so they must
 * already be in the format the generator prints with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { PRETTIER } from '../generator/print/print.js';

const HAND_WRITTEN = ['generator', 'templates', 'test', 'bench', 'examples'];

/** TypeScript and JavaScript sources under `dir`, leaving out input documents and scratch output. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(ts|js|mjs)$/.test(name))
    .filter(
      (name) =>
        !/(^|\/)(fixtures|node_modules|\.work|\.artifacts)\//.test(name.split('\\').join('/')),
    )
    .map((name) => join(dir, name));
}

describe('hand-written code', () => {
  it('.prettierrc.json states the format the generator prints with', () => {
    expect(JSON.parse(readFileSync('.prettierrc.json', 'utf8'))).toEqual(PRETTIER);
  });

  it('is in the house format (run `npm run format` after editing)', async () => {
    const files = HAND_WRITTEN.flatMap(sources);
    const unformatted: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      // The file path picks the parser as the command line does (`.ts` is not TSX: `<T>(x) =>` stays).
      if ((await prettier.format(text, { ...PRETTIER, filepath: file })) !== text)
        unformatted.push(file);
    }
    expect(files.filter((f) => f.startsWith('templates')).length).toBeGreaterThan(40);
    expect(files.filter((f) => f.startsWith('generator')).length).toBeGreaterThan(60);
    expect(unformatted).toEqual([]);
  });
});
