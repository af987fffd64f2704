/**
 * What one simple operation (a GET with one path parameter) carries of the request builder:
 * its descriptor names no body encoder, parameter encoder, path-style renderer or argument
 * checker, so none of them is in its bundle; an operation that needs them names them and has
 * them. Looked for by module and by name in the bundle, which is deterministic.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { BROWSER_BUNDLE } from '../../bench/size/measure.js';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

interface Bundle {
  /** Unminified, so names can be looked for. */
  readonly readable: string;
  /** The input modules with bytes in the output, relative to the repository. */
  readonly modules: readonly string[];
}

async function bundle(code: string): Promise<Bundle> {
  const result = await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts', sourcefile: 'entry.ts' },
    ...BROWSER_BUNDLE,
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  return {
    readable: result.outputFiles[0]!.text,
    modules: Object.entries(output.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([file]) => file),
  };
}

const entry = (name: string) =>
  `import { createConnectCore, ${name} } from './generated/src/index.js';\nexport const call = (id: string) => ${name}(createConnectCore({ token: 't' }), id);\n`;

/** Request-building code that only some operations need, by module and by function name. */
const OPTIONAL_MODULES = [
  'generated/src/runtime/core/body.ts',
  'generated/src/runtime/core/params.ts',
  'generated/src/runtime/core/request-checks.ts',
];
const OPTIONAL_NAMES = [
  'function encodeBody(',
  'function encodeParameters(',
  'function encodeQuery(',
  'function renderPath(',
  'function checkInput(',
  'function scalarText(',
];

describe('the request builder in a one-operation bundle', () => {
  let simple: Bundle;
  let list: Bundle;
  beforeAll(async () => {
    simple = await bundle(entry('usersRetrieve'));
    list = await bundle(
      `import { createConnectCore, usersList } from './generated/src/index.js';\nexport const call = () => usersList(createConnectCore({ token: 't' }), { page_size: 5 });\n`,
    );
  }, 60_000);

  it('leaves out bodies, query, header and cookie parameters, path styles and argument checks for a simple GET', () => {
    for (const module of OPTIONAL_MODULES) expect(simple.modules, module).not.toContain(module);
    for (const name of OPTIONAL_NAMES) expect(simple.readable, name).not.toContain(name);
    // Its own path is still rendered, by the simple style.
    expect(simple.readable).toContain('function simplePath(');
  });

  it('keeps what an operation with query parameters and checks names', () => {
    expect(list.modules).toContain('generated/src/runtime/core/params.ts');
    expect(list.modules).toContain('generated/src/runtime/core/request-checks.ts');
    expect(list.readable).toContain('function encodeQuery(');
    expect(list.modules).not.toContain('generated/src/runtime/core/body.ts');
  });
});
