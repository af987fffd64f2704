/**
 * Generated guards against generated data. For every schema view of a set of documents:
 * values generated from the IR pass the view's `check` function, and each single change
 * that breaks the schema fails it, at the JSON path of the change. The guards are the real
 * generated module, written to a scratch directory and imported.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import { schemaDeclarations } from '../../generator/emit/types/types.js';
import type { GuardFailure } from '../../templates/runtime/core/guard.js';
import { loosest, spoilers, valid } from './arbitrary.js';
import { generateText, scratchDir, writeOutput } from './harness.js';

const DOCUMENTS = [
  'spec/connect-api.yaml',
  'test/fixtures/corpus/drf-spectacular.yaml',
  'test/fixtures/corpus/fastapi.json',
  'test/fixtures/corpus/nestjs.json',
  'test/fixtures/corpus/springdoc.yaml',
  'node_modules/@readme/oas-examples/3.0/json/polymorphism.json',
  'node_modules/@readme/oas-examples/3.0/json/schema-additional-properties.json',
  'node_modules/@readme/oas-examples/3.0/json/circular.json',
  'node_modules/@scalar/galaxy/dist/3.1.json',
];

type CheckFunction = (value: unknown) => GuardFailure | undefined;

let scratch: string | undefined;
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Keys in reading order, as the path was built (`reversedPath` is innermost first). */
function pathOf(failure: GuardFailure): (string | number)[] {
  return [...failure.reversedPath].reverse();
}

describe('generated guards against generated data', () => {
  it.each(DOCUMENTS)(
    '%s',
    async (file) => {
      scratch ??= await scratchDir('guards');
      const outcome = await generateText(file, await readFile(file, 'utf8'));
      expect(outcome.kind).toBe('generated');
      if (outcome.kind !== 'generated') return;
      const dir = join(scratch, file.replace(/[^A-Za-z0-9]+/g, '-'));
      await writeOutput(dir, outcome.files);
      const guards = (await import(pathToFileURL(join(dir, 'src/guards.ts')).href)) as Record<
        string,
        CheckFunction
      >;
      const index = new SchemaIndex(outcome.ir);
      const problems: string[] = [];
      let checkedSpoilers = 0;
      let loosestChecked = 0;

      for (const { schema, view, name } of schemaDeclarations(outcome.ir)) {
        const check = guards[`check${name}`];
        expect(check, `check${name}`).toBeTypeOf('function');
        if (!check) continue;
        const values = valid(schema.type, view, index);
        // A fixed seed per schema: the same values every run, so a failure reproduces.
        const seed = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
        const result = fc.check(
          fc.property(values, (value) => check(value) === undefined),
          { numRuns: 40, seed },
        );
        if (result.failed)
          problems.push(
            `${name} (${view}) rejects a valid value ${JSON.stringify(result.counterexample?.[0])}: ${JSON.stringify(check(result.counterexample?.[0]))}`,
          );
        // An enum schema's own check is its closed list; responses that use it hold it open.
        if (view === 'read' && schema.type.kind !== 'enum') {
          // A response the contract allows passes in every mode, in its loosest reading too.
          const loose = fc.check(
            fc.property(
              values,
              (value) =>
                check(loosest(schema.type, value, index, index.isUnionMember(schema.name))) ===
                undefined,
            ),
            { numRuns: 40, seed },
          );
          if (loose.failed) {
            const value = loosest(
              schema.type,
              loose.counterexample?.[0],
              index,
              index.isUnionMember(schema.name),
            );
            problems.push(
              `${name} (read) rejects a loosest reading ${JSON.stringify(value)}: ${JSON.stringify(check(value))}`,
            );
          } else loosestChecked++;
        }

        for (const value of fc.sample(values, { numRuns: 5, seed })) {
          for (const spoiler of spoilers(schema.type, value, view, index)) {
            checkedSpoilers++;
            const failure = check(spoiler.value);
            if (failure === undefined)
              problems.push(
                `${name} (${view}) accepts ${spoiler.what} at ${JSON.stringify(spoiler.path)}: ${JSON.stringify(spoiler.value)}`,
              );
            else if (JSON.stringify(pathOf(failure)) !== JSON.stringify(spoiler.path)) {
              problems.push(
                `${name} (${view}) reports ${spoiler.what} at ${JSON.stringify(pathOf(failure))}, not ${JSON.stringify(spoiler.path)}`,
              );
            }
          }
        }
      }
      expect(problems.slice(0, 20)).toEqual([]);
      expect(checkedSpoilers).toBeGreaterThan(0);
      expect(
        loosestChecked > 0 || !schemaDeclarations(outcome.ir).some((d) => d.view === 'read'),
      ).toBe(true);
    },
    120_000,
  );
});
