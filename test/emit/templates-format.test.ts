/**
 * The runtime and testing templates are copied into the package without passing through
 * prettier (they are the bulk of the output), so they must already be in the house format.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { PRETTIER } from '../../generator/print.js';

const templateFiles = ['templates/runtime', 'templates/testing'].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name)),
);

describe('templates', () => {
  it('.prettierrc.json states the format the generator prints with', () => {
    expect(JSON.parse(readFileSync('.prettierrc.json', 'utf8'))).toEqual(PRETTIER);
  });

  it('are in the house format (run `npx prettier --write templates` after editing them)', async () => {
    const unformatted: string[] = [];
    for (const file of templateFiles) {
      const text = readFileSync(file, 'utf8');
      if ((await prettier.format(text, { ...PRETTIER, parser: 'typescript' })) !== text) unformatted.push(file);
    }
    expect(templateFiles.length).toBeGreaterThan(40);
    expect(unformatted).toEqual([]);
  });
});
