/**
 * What compiles, runs: a package made from patterns written for other engines (`\:`, `\-`
 * outside a class, `[\w-.]`, `\A…\z`, an octal escape, Java's `\p{Han}`) and from `{}` among
 * a union's members must type-check, import, and check values as the document means them.
 * Before, the first pattern made the guards module throw on import (`new RegExp(…, 'u')`)
 * and the `{}` member gave a guard that did not type-check (TS18046).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IrType } from '../../generator/ir/types.js';
import type { GuardFailure } from '../../templates/runtime/core/guard.js';
import { generateText, typeCheck, writeOutput, type Outcome } from './harness.js';
import { useScratchDir } from '../support/scratch.js';
import { json, useTestServer } from '../runtime/http-server.js';

const FIXTURE = 'test/fixtures/constructs/patterns-and-any.yaml';
const scratch = useScratchDir('patterns-and-any-');
const server = useTestServer(json(200, {}));

type Check = (value: unknown) => GuardFailure | undefined;
interface Package {
  checkThing: Check;
  createPatternsAndAnyCore: (options: object) => unknown;
  thingsCreateThing: (core: unknown, body: unknown) => Promise<unknown>;
}
interface Forms {
  ThingSchema: {
    '~standard': { validate: (v: unknown) => { issues?: { message: string; path: unknown[] }[] } };
  };
}

let generated: Extract<Outcome, { kind: 'generated' }>;
let pkg: Package;
let forms: Forms;
let typeErrors: string[];
let fixtureLines: string[];

beforeAll(async () => {
  const text = await readFile(FIXTURE, 'utf8');
  fixtureLines = text.split('\n');
  const outcome = await generateText(FIXTURE, text);
  if (outcome.kind !== 'generated')
    throw new Error(outcome.diagnostics.map((d) => `${d.pointer}: ${d.message}`).join('; '));
  generated = outcome;
  const written = await writeOutput(scratch(), outcome.files);
  typeErrors = typeCheck(written).map((e) => `${e.file}:${e.line} TS${e.code} ${e.message}`);
  pkg = (await import(pathToFileURL(join(scratch(), 'src/index.ts')).href)) as Package;
  forms = (await import(pathToFileURL(join(scratch(), 'src/forms.ts')).href)) as Forms;
}, 60_000);

function property(name: string): IrType | undefined {
  const thing = generated.ir.schemas.find((s) => s.sourceName === 'Thing')!.type;
  return thing.kind === 'object' ? thing.properties.find((p) => p.name === name)?.type : undefined;
}

/** Where a check failed, outermost key first, or undefined when the value passed. */
function failedAt(value: unknown): (string | number)[] | undefined {
  const failure = pkg.checkThing(value);
  return failure && [...failure.reversedPath].reverse();
}

describe('patterns JavaScript refuses under `u` as written', () => {
  it('give a package that type-checks and imports', () => {
    expect(typeErrors).toEqual([]);
    expect(pkg.checkThing).toBeTypeOf('function');
  });

  it('read `\\:` and `\\-` as the characters they escape', () => {
    expect(failedAt({ name: 'a:b-c_9' })).toBeUndefined();
    expect(failedAt({ name: 'a b' })).toEqual(['name']);
    expect(failedAt({ name: 'a\\b' })).toEqual(['name']);
  });

  it('read a `-` beside `\\w` in a class as a plain character', () => {
    expect(failedAt({ word: 'a-b.c' })).toBeUndefined();
    expect(failedAt({ word: 'a,b' })).toEqual(['word']);
  });

  it('read `\\A` and `\\Z` as the anchors other engines mean', () => {
    expect(failedAt({ snapshot: 'snap-0a1f' })).toBeUndefined();
    expect(failedAt({ snapshot: 'snap-0a1f\n' })).toBeUndefined();
    expect(failedAt({ snapshot: 'Asnap-0a1fZ' })).toEqual(['snapshot']);
    expect(failedAt({ snapshot: 'snap-0a1f\n\n' })).toEqual(['snapshot']);
  });

  it('check one that compiles only without `u` so, and warn that forms leave it out', () => {
    expect(failedAt({ printable: 'ok' })).toBeUndefined();
    expect(failedAt({ printable: 'tab\there' })).toEqual(['printable']);
    expect(forms.ThingSchema['~standard'].validate({ printable: 'tab\there' }).issues).toBe(
      undefined,
    );
    expect(warning('pattern-without-unicode')).toEqual({
      pointer: '/components/schemas/Thing/properties/printable/pattern',
      line: lineOf('printable:'),
    });
  });

  it('leave one with no JavaScript reading unchecked, with a located warning', () => {
    expect(property('han')).toEqual({ kind: 'string' });
    expect(property('broken')).toEqual({ kind: 'string' });
    expect(failedAt({ han: 'anything', broken: 'anything' })).toBeUndefined();
    expect(warnings('pattern-unchecked')).toEqual([
      { pointer: '/components/schemas/Thing/properties/broken/pattern', line: lineOf('broken:') },
      { pointer: '/components/schemas/Thing/properties/han/pattern', line: lineOf('han:') },
    ]);
  });

  it('are checked by the client before sending and by the forms validators', async () => {
    const core = pkg.createPatternsAndAnyCore({ baseUrl: server.origin, token: 'test-token' });
    const before = server.requests.length;
    await pkg.thingsCreateThing(core, { name: 'ns:key-1' });
    expect(server.requests.length).toBe(before + 1);
    expect(JSON.parse(server.requests[before]!.text)).toEqual({ name: 'ns:key-1' });
    await expect(pkg.thingsCreateThing(core, { name: 'ns key' })).rejects.toMatchObject({
      name: 'InvalidRequestError',
    });
    expect(server.requests.length).toBe(before + 1);
    const issues = forms.ThingSchema['~standard'].validate({ name: 'ns key' }).issues;
    expect(issues?.map((i) => i.path)).toEqual([['name']]);
  });
});

/** The line of the fixture (from 1) that holds `text`. */
function lineOf(text: string): number {
  return fixtureLines.findIndex((line) => line.includes(text)) + 1;
}

/** The warnings of `code`, where they point. */
function warnings(code: string): { pointer: string; line: number }[] {
  return generated.warnings
    .filter((w) => w.code === code)
    .map((w) => ({ pointer: w.pointer, line: w.line }));
}

/** The one warning of `code`, where it points. */
function warning(code: string): { pointer: string; line: number } | undefined {
  const found = warnings(code);
  expect(found).toHaveLength(1);
  return found[0];
}

describe('`{}` among alternatives', () => {
  it('makes the union anything, in the types and the guards', () => {
    expect(property('value')).toEqual({ kind: 'unknown' });
    expect(property('either')).toEqual({ kind: 'unknown' });
    expect(failedAt({ value: 42, either: [1] })).toBeUndefined();
    expect(failedAt({ value: { a: 1 } })).toBeUndefined();
  });

  it('is dropped from allOf, and a `false` member from anyOf, which match as before', () => {
    expect(property('merged')).toMatchObject({ kind: 'object' });
    expect(property('notFalse')).toEqual({ kind: 'string' });
    expect(failedAt({ merged: { b: 'x' } })).toEqual(['merged', 'b']);
    expect(failedAt({ notFalse: 1 })).toEqual(['notFalse']);
  });

  it('makes a success body that may be anything `unknown`', () => {
    const op = generated.ir.operations.find((o) => o.operationId === 'createThing')!;
    expect(op.successType).toEqual({ kind: 'unknown' });
  });
});
