/**
 * The package's public surface beyond the spec: the names it exports, read from its files,
 * and the rules for changes the generator alone can make (renaming an enum member, a guard,
 * an error class). Renames are a removal plus an addition, so they break.
 */
import { describe, expect, it } from 'vitest';
import { describeChange } from '../../generator/release/diff/describe.js';
import { plain } from '../../generator/release/diff/phrase.js';
import { exportedNames, type ExportedName } from '../../generator/shared/module-exports.js';
import { buildPackageSurface } from '../../generator/release/diff/package-surface.js';
import { buildReport } from '../../generator/release/diff/report.js';
import { RULES } from '../../generator/release/diff/rules.js';
import type { SurfaceSource } from '../../generator/release/diff/snapshot.js';

describe('exported names', () => {
  const files = new Map([
    [
      'src/index.ts',
      "export * from './enums.js';\nexport { Core as Client, type Options } from './runtime/core.js';\n",
    ],
    [
      'src/enums.ts',
      "const hidden = 1;\nexport const ConnectorType = { Iec62196T2: 'IEC_62196_T2', 'odd-key': 'x' } as const;\nexport type ConnectorType = (typeof ConnectorType)[keyof typeof ConnectorType];\nexport function isConnectorType(value: unknown): boolean { return value === hidden; }\n",
    ],
    [
      'src/runtime/core.ts',
      'export class Core {}\nexport interface Options { a?: string }\nexport enum Level { Low, High }\n',
    ],
    [
      'src/connect/fake/index.ts',
      'export async function startFake(): Promise<void> {}\nconst local = 2;\nexport { local as seed };\n',
    ],
  ]);

  it('follows re-exports from each entry point, with kinds and enum-like members', () => {
    const entries = [
      { subpath: '.', module: 'index' },
      { subpath: './testing', module: 'connect/fake/index' },
    ];
    expect(exportedNames(files, entries)).toEqual([
      { entry: '.', name: 'Client', kinds: ['class'] },
      {
        entry: '.',
        name: 'ConnectorType',
        kinds: ['const', 'type'],
        members: ['Iec62196T2', 'odd-key'],
      },
      { entry: '.', name: 'Options', kinds: ['type'] },
      { entry: '.', name: 'isConnectorType', kinds: ['function'] },
      { entry: './testing', name: 'seed', kinds: ['const'] },
      { entry: './testing', name: 'startFake', kinds: ['function'] },
    ]);
  });
});

const ping = {
  method: 'GET' as const,
  path: '/ping/',
  resourcePath: ['ping'],
  methodName: 'get',
  functionName: 'pingGet',
  pathParameters: [],
  queryParameters: [],
  headerParameters: [],
  responses: [{ status: 204 as const }],
};
const source: SurfaceSource = {
  version: '1.0.0',
  schemas: [{ name: 'ConnectorType', type: { kind: 'enum', values: ['IEC_62196_T2'] } }],
  operations: [ping],
};
const name = (n: string, kinds: ExportedName['kinds'], members?: string[]): ExportedName => ({
  entry: '.',
  name: n,
  kinds,
  ...(members ? { members } : {}),
});
const before: ExportedName[] = [
  name('ConnectorType', ['const', 'type'], ['Iec62196T2']),
  name('isConnectorType', ['function']),
  name('NotFoundError', ['class']),
  name('pingGet', ['function']),
];

function changes(after: readonly ExportedName[], headSource: SurfaceSource = source) {
  const report = buildReport(
    { label: 'base', ...buildPackageSurface(source, before) },
    { label: 'head', ...buildPackageSurface(headSource, after) },
  );
  return {
    report,
    rows: report.changes.map((c) => [c.verdict, c.rule.id, plain(describeChange(c))]),
  };
}

const replace = (n: string, by: ExportedName[]) => [...before.filter((e) => e.name !== n), ...by];

const CASES: { name: string; after: ExportedName[]; expected: string[][] }[] = [
  {
    name: 'an enum member renamed by the generator',
    after: replace('ConnectorType', [name('ConnectorType', ['const', 'type'], ['IEC_62196_T2'])]),
    expected: [
      ['compatible', 'export-member-added', 'export `ConnectorType` gains member `IEC_62196_T2`'],
      ['breaking', 'export-member-removed', 'export `ConnectorType` loses member `Iec62196T2`'],
    ],
  },
  {
    name: 'a guard renamed',
    after: replace('isConnectorType', [name('isConnector', ['function'])]),
    expected: [
      ['breaking', 'export-removed', 'export `isConnectorType` removed'],
      ['compatible', 'export-added', 'export `isConnector` added'],
    ],
  },
  {
    name: 'an error class turned into a function',
    after: replace('NotFoundError', [name('NotFoundError', ['function'])]),
    expected: [
      ['breaking', 'export-kind-changed', 'export `NotFoundError` changed kind (class → function)'],
    ],
  },
];

describe('changes to exported names', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const { report, rows } = changes(c.after);
    expect(rows).toEqual(c.expected);
    expect(report.bump).toBe(c.expected.some((r) => r[0] === 'breaking') ? 'major' : 'minor');
  });

  it('has a row for every rule about exported names', () => {
    const covered = new Set(CASES.flatMap((c) => c.expected.map((r) => r[1])));
    expect(
      RULES.filter((r) => r.target === 'export')
        .map((r) => r.id)
        .filter((id) => !covered.has(id)),
    ).toEqual([]);
  });

  it('reports a renamed operation function once, as the operation moving, not again as an export', () => {
    const renamed = { ...source, operations: [{ ...ping, functionName: 'pingFetch' }] };
    const { rows } = changes(replace('pingGet', [name('pingFetch', ['function'])]), renamed);
    expect(rows).toEqual([
      [
        'breaking',
        'operation-moved',
        'operation moved in the client (client.ping.get() / pingGet() → client.ping.get() / pingFetch())',
      ],
    ]);
  });

  it('finds nothing when nothing changed', () => {
    expect(changes(before).rows).toEqual([]);
  });
});
