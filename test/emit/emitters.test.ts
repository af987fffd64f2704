import { describe, expect, it } from 'vitest';
import { emitEnums } from '../../generator/emit/types/enums.js';
import { emitTypes } from '../../generator/emit/types/types.js';
import { emitGuards } from '../../generator/emit/guards/guards.js';
import { emitOperationModule } from '../../generator/emit/operations/operations.js';
import { printFiles } from '../../generator/print/print.js';
import type { EmittedFile } from '../../generator/emit/common/model.js';
import {
  int,
  irOf,
  nullable,
  object,
  operation,
  prop,
  ref,
  schema,
  str,
  namesOf,
} from '../support/ir-values.js';

async function text(file: EmittedFile): Promise<string> {
  const [printed] = await printFiles([file], 'HEADER');
  return printed!.content;
}

const speed = schema('Speed', { kind: 'enum', values: ['slow', 'fast'] });

describe('enums emitter', () => {
  it('emits a const object, a union type, a value list and a switch guard', async () => {
    const out = await text(emitEnums(irOf([speed]), 'src/enums.ts'));
    // Members are named after their wire values; each carries a doc comment naming the value, for hover on `Speed.slow`.
    expect(out).toContain(
      'export const Speed = {\n  /** {@link Speed} value `"slow"` on the wire. */\n  slow: \'slow\',\n  /** {@link Speed} value `"fast"` on the wire. */\n  fast: \'fast\',\n} as const;',
    );
    expect(out).toContain('Members are named after their wire values (`Speed.slow` is `"slow"`)');
    expect(out).toContain('export type Speed = (typeof Speed)[keyof typeof Speed];');
    expect(out).toContain("export const SPEED_VALUES = ['slow', 'fast'] as const;");
    expect(out).toMatch(
      /export function isSpeed\(value: unknown\): value is Speed \{\n  switch \(value\) \{\n    case 'slow':\n    case 'fast':\n      return true;/,
    );
    expect(out.startsWith('// HEADER\n')).toBe(true);
  });

  it('derives member names for values that cannot be their own, and says so on the enum', async () => {
    const out = await text(
      emitEnums(
        irOf([
          schema('Plug', { kind: 'enum', values: ['IEC_62196_T2', 'IEC 62196-T1', 'default'] }),
        ]),
        'src/enums.ts',
      ),
    );
    expect(out).toContain("IEC_62196_T2: 'IEC_62196_T2',");
    expect(out).toContain("Iec62196T1: 'IEC 62196-T1',");
    expect(out).toContain("Default: 'default',");
    expect(out).toContain(
      '(`Plug.IEC_62196_T2` is `"IEC_62196_T2"`); a value that is not a valid identifier, or is a keyword, gets a name derived from it (`Plug.Iec62196T1` is `"IEC 62196-T1"`).',
    );
  });
});

describe('types emitter', () => {
  it('keeps enums open in responses and closed in requests, and drops read-only fields from requests', async () => {
    const thing = schema(
      'Thing',
      object([
        prop('id', str, { readOnly: true }),
        prop('speed', ref('Speed'), { required: false }),
      ]),
      {
        views: 'split',
        requestName: 'ThingRequest',
      },
    );
    const out = await text(emitTypes(irOf([speed, thing]), 'src/types.ts')!);
    // Doc comments ({@link …} has braces) are left out of the shape check.
    const code = out.replace(/\/\*\*[^]*?\*\//g, '');
    expect(code).toMatch(
      /export interface Thing \{[^}]*readonly id: string;[^}]*speed\?: OpenEnum<Speed>;/s,
    );
    expect(out).toMatch(
      /export interface ThingRequest \{\s*(\/\*\*[^]*?\*\/\s*)?speed\?: Speed;\s*\}/,
    );
    expect(out).toContain("import type { OpenEnum, Speed } from './enums.js';");
  });

  it('gives requests readonly arrays (nested ones too) and leaves responses mutable', async () => {
    const grid = { kind: 'array', items: { kind: 'array', items: int } } as const;
    const tagged = schema(
      'Tagged',
      object([
        prop('tags', { kind: 'array', items: str }),
        prop('grid', grid, { required: false }),
      ]),
      { views: 'split', requestName: 'TaggedRequest' },
    );
    const code = (await text(emitTypes(irOf([tagged]), 'src/types.ts')!)).replace(
      /\/\*\*[^]*?\*\//g,
      '',
    );
    expect(code).toMatch(
      /export interface Tagged \{\s*tags: string\[\];\s*grid\?: number\[\]\[\];\s*\}/,
    );
    expect(code).toMatch(
      /export interface TaggedRequest \{\s*tags: readonly string\[\];\s*grid\?: ReadonlyArray<readonly number\[\]>;\s*\}/,
    );
  });

  it('quotes odd property names, writes nullability and maps, and defuses comment terminators', async () => {
    const odd = schema(
      'Odd',
      object([
        prop('odd-name', nullable(int), { description: 'ends */ here' }),
        prop('__proto__', str, { required: false }),
      ]),
      { description: 'A */ B' },
    );
    const map = schema('Prices', object([], { kind: 'array', items: ref('Odd') }));
    const out = await text(emitTypes(irOf([odd, map]), 'src/types.ts')!);
    expect(out).toContain("'odd-name': number | null;");
    expect(out).toContain('ends *\\/ here');
    expect(out).toContain('A *\\/ B');
    expect(out).toContain('[key: string]: Odd[];');
    expect(out).not.toMatch(/\*\/ here/);
  });
});

describe('guards emitter', () => {
  it('emits check, is and assert functions with paths for nested failures', async () => {
    const item = schema(
      'Item',
      object([prop('n', int), prop('tags', { kind: 'array', items: str }, { required: false })]),
    );
    const out = await text(
      emitGuards(irOf([item]), 'src/guards.ts', './runtime/core/guard.js', new Map()),
    );
    expect(out).toContain('export function checkItem(value: unknown): GuardFailure | undefined {');
    expect(out).toContain(
      "if (!Number.isInteger(value.n)) return at(fail('integer', value.n), 'n');",
    );
    expect(out).toMatch(
      /for \(let tagsIndex = 0; tagsIndex < tags\.length; tagsIndex\+\+\) \{\s*if \(typeof tags\[tagsIndex\] !== 'string'\)\s*return at\(at\(fail\('string', tags\[tagsIndex\]\), tagsIndex\), 'tags'\);/,
    );
    expect(out).toContain('export function isItem(value: unknown): value is Item {');
    expect(out).toContain("if (failure !== undefined) throw new GuardError(failure, 'Item');");
  });

  it('names locals after the property they hold, never after a helper, the parameter or an import', async () => {
    const inner = schema('Inner', object([prop('n', int)]));
    const item = schema(
      'Item',
      object([
        prop('fail', { kind: 'array', items: ref('Inner') }),
        prop('value', ref('Inner')),
        prop('grid', { kind: 'array', items: { kind: 'array', items: str } }),
        prop('grid_item', { kind: 'array', items: str }),
      ]),
    );
    const out = await text(
      emitGuards(irOf([inner, item]), 'src/guards.ts', './runtime/core/guard.js', new Map()),
    );
    expect(out).toContain('const fail2 = value.fail as readonly unknown[];');
    expect(out).toContain('const failItemFailure = checkInner(fail2[failIndex]);');
    expect(out).toContain('const valueFailure = checkInner(value.value);');
    expect(out).toContain('const gridItem = grid[gridIndex] as readonly unknown[];');
    expect(out).toMatch(
      /return at\(\s*at\(at\(fail\('string', gridItem\[gridItemIndex\]\), gridItemIndex\), gridIndex\),\s*'grid',?\s*\);/,
    );
    // A second property whose name reads the same gets a number, not the first one's local.
    expect(out).toContain('const gridItem2 = value.grid_item as readonly unknown[];');
  });

  it('checks enums strictly only in the request view', async () => {
    const reading = schema('Reading', object([prop('speed', ref('Speed'))]), { views: 'read' });
    const writing = schema('Writing', object([prop('speed', ref('Speed'))]), { views: 'write' });
    const out = await text(
      emitGuards(
        irOf([speed, reading, writing]),
        'src/guards.ts',
        './runtime/core/guard.js',
        new Map(),
      ),
    );
    expect(out).toMatch(/checkReading[^]*?typeof value\.speed !== 'string'/);
    expect(out).toMatch(/checkWriting[^]*?!isSpeed\(value\.speed\)/);
  });

  it('hoists inline objects into private functions', async () => {
    const outer = schema('Outer', object([prop('inner', object([prop('x', str)]))]));
    const out = await text(
      emitGuards(irOf([outer]), 'src/guards.ts', './runtime/core/guard.js', new Map()),
    );
    expect(out).toContain('function checkOuterInner(value: unknown): GuardFailure | undefined {');
    expect(out).not.toContain('export function checkOuterInner');
  });
});

describe('operations emitter', () => {
  it('writes a descriptor and a function with path arguments, query and options', async () => {
    const user = schema('User', object([prop('id', str)]));
    const op = operation({
      functionName: 'thingsRetrieve',
      method: 'GET',
      path: '/things/{thing_id}/',
      pathParameters: [
        {
          name: 'thing_id',
          identifier: 'thingId',
          location: 'path',
          required: true,
          type: str,
          explode: true,
        },
      ],
      queryParameters: [
        {
          name: 'tags',
          identifier: 'tags',
          location: 'query',
          required: false,
          type: { kind: 'array', items: str },
          explode: true,
        },
      ],
      responses: [
        { status: 200, type: ref('User') },
        { status: 404, description: 'Not found.' },
      ],
      successType: ref('User'),
    });
    const ir = irOf([user], [op]);
    const names = namesOf(ir, ['User']);
    const out = await text(
      emitOperationModule(ir, ir.resources.children[0]!, names, 'src/operations/things.ts'),
    );
    expect(out).toContain("path: '/things/{thing_id}/',");
    expect(out).toContain("query: [{ name: 'tags' }],");
    expect(out).toContain('check: checkUser,');
    expect(out).toMatch(
      /export function thingsRetrieve\(\s*core: ClientCore,\s*thingId: string,\s*query\?: ThingsRetrieveQuery,\s*options\?: RequestOptions,\s*\): ApiPromise<User> \{/,
    );
    expect(out).toMatch(
      /return core\.request<User>\(\s*thingsRetrieveOperation,\s*\{ path: \{ thing_id: thingId \}, query \},\s*options,?\s*\);/,
    );
    expect(out).toContain('@throws {@link NotFoundError} 404 — Not found.');
  });

  it('marks operations that are never retried', async () => {
    const op = operation({
      functionName: 'thingsStart',
      method: 'POST',
      retrySafe: false,
      successStatuses: [204],
    });
    const ir = irOf([], [op]);
    const out = await text(
      emitOperationModule(
        ir,
        ir.resources.children[0]!,
        namesOf(ir, []),
        'src/operations/things.ts',
      ),
    );
    expect(out).toContain('retrySafe: false,');
    expect(out).toContain('Never retried automatically');
    expect(out).toContain('ApiPromise<void>');
  });
});
