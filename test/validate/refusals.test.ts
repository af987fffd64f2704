/**
 * The list of what is refused in docs/teams-and-ci.md is the code's list: the section between the
 * `refusals` markers is `refusalsMarkdown()`, and `REFUSALS` names exactly the refusal codes
 * the validator and the IR builder report (`unsupported-*` and `schema-cycle`).
 */
import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { REFUSALS, refusalsMarkdown } from '../../generator/validate/refusals.js';
import { readDocsPage } from '../support/docs.js';

describe('REFUSALS', () => {
  it('is the section of docs/teams-and-ci.md, entry for entry', async () => {
    const page = await readDocsPage('teams-and-ci');
    const section = /<!-- refusals:start -->\n([\s\S]*?)\n<!-- refusals:end -->/.exec(page);
    expect(section?.[1]).toBe(refusalsMarkdown());
  });

  it('names every refusal code the generator reports, and no other', async () => {
    const codes = new Set<string>();
    for (const dir of ['generator/ir', 'generator/validate']) {
      for (const name of await readdir(dir)) {
        const text = await readFile(`${dir}/${name}`, 'utf8');
        for (const m of text.matchAll(/'(unsupported-[a-z-]+|schema-cycle)'/g)) codes.add(m[1]!);
      }
    }
    expect(REFUSALS.map((r) => r.code).sort()).toEqual([...codes].sort());
  });
});
