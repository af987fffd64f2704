/**
 * The summary line counts the warnings, and each kind of warning is printed once, at its
 * first place, with how many more there are; `--verbose` prints every one. Errors are always
 * all printed, and the exit codes stay as they were.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { main } from '../../generator/cli/cli.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('connect-codegen-warnings-');

const ok = { '204': { description: 'done' } };

/**
 * Three warnings of two kinds: an enum listing a value twice, twice over (found by
 * validation), and a callback the client leaves out (found when the client is built).
 */
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Warned', version: '1' },
  paths: {
    '/x': {
      get: {
        operationId: 'x',
        callbacks: { done: { '{$request.query.url}': { post: { responses: ok } } } },
        responses: ok,
      },
    },
  },
  components: {
    schemas: {
      A: { type: 'string', enum: ['a', 'a'] },
      B: { type: 'string', enum: ['b', 'b'] },
    },
  },
};

async function spec(document: object = DOCUMENT): Promise<string> {
  const file = join(scratch(), 'warned.yaml');
  await writeFile(file, stringify(document));
  return file;
}

const warningLines = (lines: readonly string[]) => lines.filter((l) => / warning \[/.test(l));

describe('generate: warnings', () => {
  it('prints each kind once with how many more, and counts them in the summary line', async () => {
    const file = await spec();
    const io = capture();
    expect(await main(['generate', '--spec', file, '--out', join(scratch(), 'out')], io)).toBe(0);
    expect(warningLines(io.stderr).map((l) => l.replace(/^.*? warning /, ''))).toEqual([
      // In the order of the file: the callback comes before the schemas.
      expect.stringMatching(/^\[callback-left-out\] #\/paths\/~1x\/get\/callbacks\/done: /),
      expect.stringMatching(/^\[enum-duplicate\] #\/components\/schemas\/A\/enum\/1: /),
    ]);
    expect(io.stderr).toContain('    … and 1 more [enum-duplicate] warning; --verbose lists them');
    expect(io.stdout[0]).toMatch(
      /; package version 0\.1\.0; 3 warnings \(2 kinds\); --verbose lists them\.$/,
    );
  });

  it('--verbose prints every warning, and the summary line only counts them', async () => {
    const file = await spec();
    const io = capture();
    const args = ['generate', '--spec', file, '--out', join(scratch(), 'out'), '--verbose'];
    expect(await main(args, io)).toBe(0);
    expect(warningLines(io.stderr)).toHaveLength(3);
    expect(io.stderr.join('\n')).not.toContain('more [');
    expect(io.stdout[0]).toMatch(/; package version 0\.1\.0; 3 warnings \(2 kinds\)\.$/);
  });

  it('prints every error whatever the flag, with the warnings counted beside them', async () => {
    const broken: Record<string, unknown> = structuredClone(DOCUMENT);
    // Two errors of one kind: both are printed.
    broken['paths'] = {
      '/y/{a}': { get: { responses: ok } },
      '/z/{b}': { get: { responses: ok } },
    };
    const file = await spec(broken);
    const io = capture();
    expect(await main(['generate', '--spec', file, '--out', join(scratch(), 'out')], io)).toBe(1);
    expect(io.stderr.filter((l) => / error \[path-parameter-undeclared\]/.test(l))).toHaveLength(2);
    expect(io.stderr.at(-1)).toMatch(
      /warned\.yaml: 2 error\(s\); nothing was written; 2 warnings \(1 kind\); --verbose lists them\.$/,
    );
  });
});

describe('validate: warnings', () => {
  it('says what generate says, counted in its summary line, and lists them all with --verbose', async () => {
    const file = await spec();
    const io = capture();
    expect(await main(['validate', '--spec', file], io)).toBe(0);
    // The callback is found only by reading the document for a client, as generate does.
    expect(warningLines(io.stderr)).toHaveLength(2);
    expect(io.stderr.join('\n')).toContain('[callback-left-out]');
    expect(io.stdout).toHaveLength(1);
    expect(io.stdout[0]).toMatch(
      /warned\.yaml is valid; 3 warnings \(2 kinds\); --verbose lists them\.$/,
    );
    const verbose = capture();
    expect(await main(['validate', '--spec', file, '--verbose'], verbose)).toBe(0);
    expect(warningLines(verbose.stderr)).toHaveLength(3);
    expect(verbose.stdout[0]).toMatch(/warned\.yaml is valid; 3 warnings \(2 kinds\)\.$/);
  });

  it('refuses what generate refuses: a required header no wire form can carry', async () => {
    const file = await spec({
      ...DOCUMENT,
      paths: {
        '/x': {
          get: {
            operationId: 'x',
            parameters: [
              {
                name: 'x-points',
                in: 'header',
                required: true,
                schema: { type: 'array', items: { type: 'object' } },
              },
            ],
            responses: ok,
          },
        },
      },
    });
    const io = capture();
    expect(await main(['validate', '--spec', file], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(
      /error \[unsupported-parameter\] #\/paths\/~1x\/get\/parameters\/0/,
    );
  });
});
