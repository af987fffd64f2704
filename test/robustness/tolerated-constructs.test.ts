/**
 * What peers accept, we accept, as located warnings (`TOLERANCES`): each fixture under
 * test/fixtures/tolerated holds the tolerated constructs, warns at each one's file, line,
 * column and pointer, generates a package that type-checks under strict, and reads each
 * construct as docs/teams-and-ci.md says. What cannot be read is still refused.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasErrors } from '../../generator/shared/diagnostics.js';
import type { Ir, IrType } from '../../generator/ir/types.js';
import { validateDocument } from '../../generator/validate/index.js';
import { parsed } from '../support/documents.js';
import { generateText, scratchDir, typeCheck, writeOutput } from './harness.js';

const DIR = 'test/fixtures/tolerated';
const FIXTURES = ['lenient-30.yaml', 'lenient-31.yaml'] as const;

const irs = new Map<string, Ir>();
const problems: string[] = [];
let scratch: string;

beforeAll(async () => {
  scratch = await scratchDir('tolerated');
  const written: string[] = [];
  for (const name of FIXTURES) {
    const file = join(DIR, name);
    const outcome = await generateText(file, await readFile(file, 'utf8'));
    if (outcome.kind !== 'generated') {
      problems.push(...outcome.diagnostics.map((d) => `${name}: refused ${d.code} ${d.pointer}`));
      continue;
    }
    irs.set(name, outcome.ir);
    written.push(...(await writeOutput(join(scratch, name), outcome.files)));
  }
  for (const e of typeCheck(written))
    problems.push(`${e.file.slice(scratch.length)}:${e.line} TS${e.code} ${e.message}`);
}, 120_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function warnings(name: string): Promise<unknown[][]> {
  const file = join(DIR, name);
  const diagnostics = validateDocument(parsed(file, await readFile(file, 'utf8')));
  expect(hasErrors(diagnostics)).toBe(false);
  return diagnostics.map((d) => [d.severity, d.code, d.pointer, d.line, d.column]);
}

function schema(name: string, id: string): IrType {
  const found = irs.get(name)?.schemas.find((s) => s.sourceName === id);
  if (!found) throw new Error(`${name}: no schema ${id}`);
  return found.type;
}

function property(type: IrType, name: string) {
  const object =
    type.kind === 'object'
      ? type
      : type.kind === 'intersection'
        ? type.members.find((m) => m.kind === 'object')
        : undefined;
  const found =
    object?.kind === 'object' ? object.properties.find((p) => p.name === name) : undefined;
  if (!found) throw new Error(`no property ${name}`);
  return found;
}

describe('tolerated constructs', () => {
  it('generate packages that type-check under strict', () => {
    expect(problems).toEqual([]);
  });

  it('warn at each place in a 3.0 document', async () => {
    expect(await warnings('lenient-30.yaml')).toEqual([
      ['warning', 'example-and-examples', '/paths/~1items/post/parameters/0', 8, 11],
      [
        'warning',
        'example-and-examples',
        '/paths/~1items/post/requestBody/content/application~1json',
        16,
        11,
      ],
      ['warning', 'required-empty', '/components/schemas/NewItem/required', 30, 7],
      ['warning', 'enum-empty', '/components/schemas/NewItem/properties/kind/enum', 33, 30],
      ['warning', 'required-duplicate', '/components/schemas/Item/required', 36, 7],
      ['warning', 'enum-duplicate', '/components/schemas/Item/properties/color/enum/2', 39, 50],
    ]);
  });

  it('warn at each place in a 3.1 document, an empty enum beside allOf among them', async () => {
    expect(await warnings('lenient-31.yaml')).toEqual([
      ['warning', 'enum-duplicate', '/paths/~1items~1{id}/get/parameters/1/schema/enum/2', 9, 76],
      ['warning', 'enum-empty', '/components/schemas/Item/enum', 25, 7],
      ['warning', 'enum-empty', '/components/schemas/Item/properties/label/enum', 27, 31],
      ['warning', 'enum-duplicate', '/components/schemas/Item/properties/size/enum/2', 28, 44],
    ]);
  });

  it('read an empty enum as no enum constraint, and a repeated value once', () => {
    const item = schema('lenient-31.yaml', 'Item');
    expect(item.kind).toBe('intersection');
    expect(property(item, 'label').type).toMatchObject({ kind: 'string' });
    expect(property(item, 'size').type).toEqual({ kind: 'enum', values: [1, 2] });
    const sort = irs
      .get('lenient-31.yaml')!
      .operations[0]!.queryParameters.find((p) => p.name === 'sort');
    expect(sort?.type).toEqual({ kind: 'enum', values: ['asc', 'desc'] });
    expect(property(schema('lenient-30.yaml', 'NewItem'), 'kind').type).toMatchObject({
      kind: 'string',
    });
  });

  it('read an empty or repeating required list by the names it lists', () => {
    const created = schema('lenient-30.yaml', 'NewItem');
    expect(property(created, 'name').required).toBe(false);
    const item = schema('lenient-30.yaml', 'Item');
    expect(property(item, 'id').required).toBe(true);
    expect(property(item, 'color').required).toBe(false);
  });

  it('still refuse what cannot be read: a type outside JSON Schema, a misspelt keyword', async () => {
    const file = join(DIR, 'still-refused.yaml');
    const diagnostics = validateDocument(parsed(file, await readFile(file, 'utf8')));
    expect(diagnostics.map((d) => [d.severity, d.code, d.pointer, d.line, d.column])).toEqual([
      ['error', 'schema', '/components/schemas/Thing/properties/a/type', 10, 13],
      ['error', 'schema', '/components/schemas/Thing/properties/b/nulable', 11, 27],
    ]);
  });
});
