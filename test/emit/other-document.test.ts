/**
 * A client generated from another API's document carries nothing of the Connect API: no
 * token variable, client header, tile helpers, fake server, Connect wording or error classes
 * for statuses it does not declare, and it type-checks under strict. Our own output keeps
 * all of them, from the spec's `info.x-sdk-*` extensions and the statuses it declares.
 */
import { strictProblems } from '../support/type-check.js';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { generate } from '../../generator/pipeline.js';
import type { OutputFile } from '../../generator/print/print.js';

const scratch = await mkdtemp(join(tmpdir(), 'other-document-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function generated(specPath: string): Promise<readonly OutputFile[]> {
  const result = await generate({ specPath, command: 'test' });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return result.files!;
}

/** Writes the package under `name` and type-checks its sources under strict (exact optional types too); returns the problems. */
async function typeProblems(name: string, files: readonly OutputFile[]): Promise<string[]> {
  const out = join(scratch, name);
  const sources: string[] = [];
  for (const file of files) {
    const path = join(out, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    if (path.endsWith('.ts')) sources.push(path);
  }
  return strictProblems(sources, { exactOptionalPropertyTypes: true });
}

/**
 * Words with "connect" in them that any client may carry: the generator's name in each
 * header, connection errors, and the verb.
 */
const ALLOWED_CONNECT_WORDS = new Set([
  'connect-codegen',
  'ConnectionError',
  'Connection',
  'connection',
  'connections',
  'connect',
  // A dropped event stream is reconnected: English, not the Connect API.
  'reconnect',
  'reconnects',
  'reconnecting',
  'Reconnections',
  'DEFAULT_RECONNECT_MS',
]);

/** Words that hold a Connect word by chance: `hostile` is no tile. */
const ALLOWED_DOMAIN_WORDS = new Set(['hostile']);

/** What belongs to the Connect API, by file: each is a finding. */
function connectNames(files: readonly OutputFile[]): string[] {
  const findings: string[] = [];
  for (const { path, content } of files) {
    for (const word of content.match(/[A-Za-z_-]*connect[A-Za-z_-]*/gi) ?? []) {
      if (!ALLOWED_CONNECT_WORDS.has(word)) findings.push(`${path}: ${word}`);
    }
    for (const word of content.match(
      /\w*(?:tile|charg|station|PaymentRequiredError|LockedError|FailedDependencyError)\w*/gi,
    ) ?? [])
      if (!ALLOWED_DOMAIN_WORDS.has(word)) findings.push(`${path}: ${word}`);
  }
  return [...new Set(findings)];
}

describe('a client from a pet-store document', () => {
  it('carries no Connect names and type-checks under strict', async () => {
    const files = await generated('test/fixtures/other/petstore.yaml');
    expect(connectNames(files)).toEqual([]);
    const paths = files.map((f) => f.path);
    expect(
      paths.filter(
        (p) =>
          p.startsWith('src/connect/') ||
          p.startsWith('src/connect/fake/') ||
          p === 'src/status-errors.ts',
      ),
    ).toEqual([]);
    const client = files.find((f) => f.path === 'src/client.ts')!.content;
    expect(client).not.toContain('tokenEnvVar');
    expect(client).not.toContain('clientHeader');
    expect(client).not.toContain('TOKEN_ENV_VAR');
    expect(await typeProblems('petstore', files)).toEqual([]);
  }, 120_000);

  it('gets error classes for exactly the extra statuses it declares, and its own token variable and header', async () => {
    const spec = parse(await readFile('test/fixtures/other/petstore.yaml', 'utf8')) as {
      info: Record<string, unknown>;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    spec.info['x-sdk-token-env'] = 'PETSTORE_TOKEN';
    spec.info['x-sdk-client-header'] = 'X-Petstore-Client';
    spec.paths['/pets/{petId}']!['get']!.responses['402'] = { description: 'Adoption fee unpaid.' };
    spec.paths['/pets/{petId}']!['get']!.responses['410'] = { description: 'Adopted.' };
    const specPath = join(scratch, 'petstore-statuses.yaml');
    await writeFile(specPath, stringify(spec));
    const files = await generated(specPath);
    const text = (path: string) => files.find((f) => f.path === path)?.content ?? '';

    const errors = text('src/status-errors.ts');
    expect(errors.match(/export class \w+/g)).toEqual([
      'export class PaymentRequiredError',
      'export class GoneError',
    ]);
    expect(errors).toContain('402: PaymentRequiredError');
    expect(text('src/index.ts')).toContain("export * from './status-errors.js';");
    const client = text('src/client.ts');
    expect(client).toContain("export const TOKEN_ENV_VAR = 'PETSTORE_TOKEN';");
    expect(client).toContain("clientHeader: 'x-petstore-client'");
    expect(client).toContain('errorClasses: STATUS_ERROR_CLASSES');
    expect(text('README.md')).toContain('reads `PETSTORE_TOKEN` from the environment');
    expect(text('README.md')).toContain('`X-Petstore-Client`');
    expect(text('src/operations/pets.ts')).toContain('{@link GoneError} 410');
    // Only where the declared statuses are documented; nothing else of the Connect API.
    const documented = (path: string) =>
      ['src/status-errors.ts', 'src/client.ts', 'src/query.ts', 'api.md', 'README.md'].includes(
        path,
      ) || path.startsWith('src/operations/');
    expect(connectNames(files.filter((f) => !documented(f.path)))).toEqual([]);
    expect(
      connectNames(files).filter((f) =>
        /Locked|FailedDependency|Connect|tile|charg|station/i.test(f),
      ),
    ).toEqual([]);
    expect(await typeProblems('petstore-statuses', files)).toEqual([]);
  }, 120_000);
});

describe('our own package', () => {
  it('keeps the Connect layer, token variable, client header and error classes', async () => {
    const read = (path: string) => readFile(join('generated', path), 'utf8');
    const client = await read('src/client.ts');
    expect(client).toContain("export const TOKEN_ENV_VAR = 'CONNECT_API_TOKEN';");
    expect(client).toContain("clientHeader: 'x-connect-client'");
    const errors = await read('src/status-errors.ts');
    for (const name of ['PaymentRequiredError', 'LockedError', 'FailedDependencyError'])
      expect(errors).toContain(`export class ${name} extends ApiError`);
    expect(await read('src/index.ts')).toContain("export * from './connect/index.js';");
    expect(await read('src/connect/tiles.ts')).toContain('export function tileForPoint');
    expect(await read('README.md')).toContain('## Map tiles');
    expect(await read('README.md')).toContain('`X-Connect-Client`');
  });
});
