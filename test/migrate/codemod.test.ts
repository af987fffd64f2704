/**
 * `connect-codegen migrate openapi-fetch`: each rewrite from file contents (the plan is a
 * pure function), then the command on real folders for what touches the disk (dry run,
 * links, node_modules, a second run).
 */
import {
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { readProject, writeAll } from '../../generator/migrate/openapi-fetch/disk.js';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../generator/cli/cli.js';
import { specifierEdits, applyEdits } from '../../generator/migrate/openapi-fetch/imports.js';
import { findCalls } from '../../generator/migrate/openapi-fetch/script.js';
import { FLAG_RULES } from '../../generator/migrate/openapi-fetch/flags.js';
import {
  planMigration,
  type ProjectFiles,
  type SourceFile,
} from '../../generator/migrate/openapi-fetch/migrate.js';
import { capture } from '../support/cli-io.js';
import { useScratchDir } from '../support/scratch.js';

const scratch = useScratchDir('migrate-codemod-');

const manifest = (scripts: Record<string, string>, extra: Record<string, unknown> = {}) =>
  `${JSON.stringify(
    {
      name: 'shop',
      scripts,
      dependencies: { 'openapi-fetch': '^0.17.0' },
      devDependencies: { 'openapi-typescript': '^7.13.0' },
      ...extra,
    },
    null,
    2,
  )}\n`;

const GENERATE = 'openapi-typescript ./api.yaml -o ./src/api/v1.d.ts';

const project = (
  sources: SourceFile[],
  packageJson = manifest({ types: GENERATE }),
): ProjectFiles => ({
  packageJson,
  sources,
});

const plan = (files: ProjectFiles, options: { packageName?: string; out?: string } = {}) =>
  planMigration(files, { generatorVersion: '0.1.0', ...options });

const written = (result: ReturnType<typeof plan>, path: string) =>
  result.writes.find((file) => file.path === path)?.text;

describe('import specifiers', () => {
  const targets = {
    packages: new Map([
      ['openapi-fetch', 'shop-api/fetch'],
      ['openapi-react-query', 'shop-api/react-query'],
    ]),
    typesFile: { path: 'src/api/v1.d.ts', replacement: 'shop-api' },
  };
  const rewrite = (file: string, text: string) =>
    applyEdits(text, specifierEdits(file, text, targets).edits);

  it.each([
    [
      'a default import',
      `import createClient from 'openapi-fetch';`,
      `import createClient from 'shop-api/fetch';`,
    ],
    [
      'a type import',
      `import type { Middleware } from "openapi-fetch";`,
      `import type { Middleware } from "shop-api/fetch";`,
    ],
    [
      'a re-export',
      `export * from 'openapi-react-query';`,
      `export * from 'shop-api/react-query';`,
    ],
    [
      'a dynamic import',
      `const m = await import('openapi-fetch');`,
      `const m = await import('shop-api/fetch');`,
    ],
    [
      'a require',
      `const createClient = require('openapi-fetch');`,
      `const createClient = require('shop-api/fetch');`,
    ],
    ['an import type', `type P = import('./v1').paths;`, `type P = import('shop-api').paths;`],
    [
      'import = require',
      `import oq = require('openapi-react-query');`,
      `import oq = require('shop-api/react-query');`,
    ],
  ])('rewrites %s', (_, before, after) => {
    expect(rewrite('src/api/client.ts', before)).toBe(after);
  });

  it.each([
    ['src/api/client.ts', './v1'],
    ['src/api/client.ts', './v1.js'],
    ['src/api/client.ts', './v1.d.ts'],
    ['src/components/Pet.tsx', '../api/v1'],
  ])('sends %s importing %s to the package root', (file, specifier) => {
    expect(rewrite(file, `import type { paths } from '${specifier}';`)).toBe(
      `import type { paths } from 'shop-api';`,
    );
  });

  it('keeps every other byte: comments, quotes, spacing, other imports and look-alike strings', () => {
    const text = [
      `// uses 'openapi-fetch' under the hood`,
      `import   createClient,{type Middleware}   from   "openapi-fetch"   ; // the client`,
      `import { helper } from './v1-helpers';`,
      `import type { paths } from './other/v1';`,
      `const label = 'openapi-fetch';`,
      `console.log(\`openapi-fetch\`);`,
      '',
    ].join('\r\n');
    expect(rewrite('src/api/client.ts', text)).toBe(
      text.replace('"openapi-fetch"', '"shop-api/fetch"'),
    );
  });

  it('names a path alias that may be the types file, without changing it', () => {
    const text = `import type { paths } from '@/api/v1';\n`;
    const found = specifierEdits('src/app.ts', text, targets);
    expect(found.edits).toEqual([]);
    expect(found.notices).toEqual([
      {
        line: 1,
        message:
          "'@/api/v1' may be the openapi-typescript output through a path alias; if it is, import 'shop-api' instead",
      },
    ]);
  });
});

describe('the generate script', () => {
  it('replaces only the openapi-typescript call, keeping the commands around it', () => {
    const script = `FORCE=1 npx openapi-typescript "./specs/my api.yaml" --output=./src/api/v1.d.ts && prettier --write src`;
    const result = plan(project([], manifest({ types: script })));
    expect(JSON.parse(written(result, 'package.json')!).scripts.types).toBe(
      `connect-codegen generate --spec './specs/my api.yaml' --out ./api-client && npm --prefix ./api-client run build && prettier --write src`,
    );
  });

  it('finds the call behind runners and reads its input and output', () => {
    expect(findCalls('pnpm exec openapi-typescript a.yaml -o b.d.ts --immutable')).toMatchObject([
      { input: 'a.yaml', output: 'b.d.ts', flags: [{ word: { value: '--immutable' } }] },
    ]);
    expect(findCalls('tsc --noEmit && vitest')).toEqual([]);
  });

  it('writes the flags with an equivalent into the config, with their values', () => {
    const script = `${GENERATE} --immutable --path-params-as-types --root-types --default-non-nullable false --empty-objects-unknown --enum`;
    const result = plan(project([], manifest({ types: script })));
    expect(result.warnings).toEqual([]);
    expect(JSON.parse(written(result, 'connect-codegen.config.json')!)).toEqual({
      package: { name: 'shop-api' },
      openapiTypes: {
        immutable: true,
        pathParamsAsTypes: true,
        rootTypes: true,
        defaultNonNullable: false,
        emptyObjectsUnknown: true,
        enum: true,
      },
    });
  });

  it('maps --check to generate --check, with nothing to build', () => {
    const result = plan(project([], manifest({ 'types:check': `${GENERATE} --check` })));
    expect(JSON.parse(written(result, 'package.json')!).scripts['types:check']).toBe(
      'connect-codegen generate --spec ./api.yaml --out ./api-client --check',
    );
  });

  it('warns, at the script, of each flag without an equivalent and of unknown flags', () => {
    const text = manifest({
      test: 'vitest',
      types: `${GENERATE} --enum-values --make-paths-enum -c redocly.yaml --shiny`,
    });
    const result = plan(project([], text));
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        file: 'package.json',
        line: 5,
        message:
          'script "types": --enum-values has no equivalent and is dropped: no arrays of enum values are exported',
      },
      {
        file: 'package.json',
        line: 5,
        message:
          'script "types": --make-paths-enum has no equivalent and is dropped: no ApiPaths enum is emitted; the path strings are the keys of `paths`',
      },
      {
        file: 'package.json',
        line: 5,
        message: expect.stringMatching(
          /^script "types": -c redocly\.yaml has no equivalent and is dropped: a Redocly config is not read/,
        ),
      },
      {
        file: 'package.json',
        line: 5,
        message: 'script "types": openapi-typescript has no flag --shiny; dropped',
      },
    ]);
  });

  it('refuses, at the script, a call without -o', () => {
    const result = plan(project([], manifest({ types: 'openapi-typescript ./api.yaml' })));
    expect(result.errors).toEqual([
      {
        file: 'package.json',
        line: 4,
        message: 'script "types" runs openapi-typescript without -o/--output; migrate it by hand',
      },
    ]);
    expect(result.writes).toEqual([]);
  });
});

describe('package.json', () => {
  it('trades the three packages for the generated one and the generator, in the file’s indentation', () => {
    const text = JSON.stringify(
      {
        name: '@acme/web',
        scripts: { types: GENERATE },
        dependencies: {
          'openapi-react-query': '^0.5.0',
          react: '^19.0.0',
          'openapi-fetch': '^0.17.0',
        },
        devDependencies: { 'openapi-typescript': '^7.0.0', typescript: '^5.9.0' },
      },
      null,
      '\t',
    );
    const result = plan(project([], text));
    const after = written(result, 'package.json')!;
    expect(after.split('\n')[1]).toBe('\t"name": "@acme/web",');
    expect(after.endsWith('}')).toBe(true);
    expect(JSON.parse(after)).toMatchObject({
      dependencies: { '@acme/web-api': 'file:./api-client', react: '^19.0.0' },
      devDependencies: { 'connect-codegen': '^0.1.0', typescript: '^5.9.0' },
    });
    expect(Object.keys(JSON.parse(after).dependencies)).toEqual(['@acme/web-api', 'react']);
  });

  it('takes the package name and folder it is given', () => {
    const result = plan(project([{ path: 'src/a.ts', text: `import c from 'openapi-fetch';\n` }]), {
      packageName: '@acme/petstore',
      out: 'packages/petstore',
    });
    expect(written(result, 'src/a.ts')).toBe(`import c from '@acme/petstore/fetch';\n`);
    expect(JSON.parse(written(result, 'package.json')!).dependencies).toEqual({
      '@acme/petstore': 'file:./packages/petstore',
    });
  });

  it.each(['../shared/api', '/tmp/api', '.'])(
    'refuses --out %s, which is not inside the project',
    (out) => {
      const result = plan(project([]), { out });
      expect(result.errors).toEqual([
        {
          file: 'package.json',
          message: `--out ${out} is not a folder inside the project; give one such as ./api-client`,
        },
      ]);
    },
  );

  it('names the line where package.json stops being JSON', () => {
    const result = plan(project([], '{\n  "name": "x",\n  "scripts": {,\n}\n'));
    expect(result.errors).toEqual([
      { file: 'package.json', line: 3, message: expect.stringMatching(/^is not valid JSON/) },
    ]);
  });
});

describe('the config file', () => {
  it('is merged into an existing JSON config, whose package name wins', () => {
    const config = {
      path: 'connect-codegen.config.json',
      text: '{\n    "package": { "name": "pets" }\n}\n',
    };
    const result = plan({
      ...project(
        [{ path: 'src/a.ts', text: `import 'openapi-fetch';` }],
        manifest({ types: `${GENERATE} --immutable` }),
      ),
      config,
    });
    expect(written(result, 'src/a.ts')).toBe(`import 'pets/fetch';`);
    expect(written(result, 'connect-codegen.config.json')).toBe(
      '{\n    "package": {\n        "name": "pets"\n    },\n    "openapiTypes": {\n        "immutable": true\n    }\n}\n',
    );
  });

  it('is not edited when it is JavaScript: the error says what to add', () => {
    const config = { path: 'connect-codegen.config.mjs', text: 'export default {};\n' };
    const result = plan({ ...project([]), config });
    expect(result.errors).toEqual([
      {
        file: 'connect-codegen.config.mjs',
        message:
          "is a JavaScript config, which the migration does not edit; add package.name: 'shop-api' to it and run again",
      },
    ]);
  });
});

describe('a project that does not use openapi-fetch', () => {
  it('is told so, and nothing changes', () => {
    const result = plan({
      packageJson: '{ "name": "x", "dependencies": { "ky": "1.0.0" } }',
      sources: [{ path: 'src/a.ts', text: `import ky from 'ky';` }],
    });
    expect(result.errors).toEqual([
      {
        file: 'package.json',
        message:
          'this project does not use openapi-fetch: no dependency on openapi-fetch, openapi-react-query or openapi-typescript, no script running openapi-typescript and no source file importing them',
      },
    ]);
    expect(result.writes).toEqual([]);
  });
});

describe('idempotence', () => {
  it('finds nothing to change in what it wrote', () => {
    const sources = [
      {
        path: 'src/api/client.ts',
        text: `import createClient from 'openapi-fetch';\nimport type { paths } from './v1';\n`,
      },
      { path: 'src/api/v1.d.ts', text: 'export interface paths {}\n' },
    ];
    const first = plan(project(sources, manifest({ types: `${GENERATE} --immutable` })));
    const after = (path: string, text: string) => written(first, path) ?? text;
    const second = plan({
      packageJson: written(first, 'package.json')!,
      config: {
        path: 'connect-codegen.config.json',
        text: written(first, 'connect-codegen.config.json')!,
      },
      sources: sources.map((s) => ({ path: s.path, text: after(s.path, s.text) })),
    });
    expect(first.changes.length).toBeGreaterThan(0);
    expect(second.errors).toEqual([]);
    expect(second.changes).toEqual([]);
    expect(second.writes).toEqual([]);
  });
});

describe('on disk', () => {
  async function sampleFolder(name: string): Promise<string> {
    const dir = join(scratch(), name);
    await mkdir(join(dir, 'src'), { recursive: true });
    await writeFile(join(dir, 'package.json'), manifest({ types: GENERATE }));
    await writeFile(join(dir, 'src/client.ts'), `import createClient from 'openapi-fetch';\n`);
    return dir;
  }

  it('--dry-run prints each change with its file and line, and writes nothing', async () => {
    const dir = await sampleFolder('dry');
    const before = await readFile(join(dir, 'package.json'), 'utf8');
    const io = capture();
    expect(await main(['migrate', 'openapi-fetch', dir, '--dry-run'], io)).toBe(0);
    expect(io.stdout).toContain("src/client.ts:1: would change 'openapi-fetch' → 'shop-api/fetch'");
    expect(io.stdout.at(-1)).toBe('Dry run: 3 file(s) would be written; nothing was.');
    expect(await readFile(join(dir, 'package.json'), 'utf8')).toBe(before);
    expect(await readFile(join(dir, 'src/client.ts'), 'utf8')).toBe(
      `import createClient from 'openapi-fetch';\n`,
    );
    await expect(lstat(join(dir, 'connect-codegen.config.json'))).rejects.toThrow();
  });

  it('never follows a link and never enters node_modules or the package folder', async () => {
    const dir = await sampleFolder('links');
    const outside = join(scratch(), 'outside.ts');
    await writeFile(outside, `import createClient from 'openapi-fetch';\n`);
    await symlink(outside, join(dir, 'src/linked.ts'));
    for (const folder of ['node_modules/lib', 'api-client/src']) {
      await mkdir(join(dir, folder), { recursive: true });
      await writeFile(join(dir, folder, 'index.ts'), `export * from 'openapi-fetch';\n`);
    }
    const io = capture();
    expect(await main(['migrate', 'openapi-fetch', dir], io)).toBe(0);
    expect(io.stderr).toContain('src/linked.ts: warning: is a symbolic link; not followed');
    expect(await readFile(outside, 'utf8')).toBe(`import createClient from 'openapi-fetch';\n`);
    expect(await readlink(join(dir, 'src/linked.ts'))).toBe(outside);
    expect(await readFile(join(dir, 'node_modules/lib/index.ts'), 'utf8')).toContain(
      "'openapi-fetch'",
    );
    expect(await readFile(join(dir, 'api-client/src/index.ts'), 'utf8')).toContain(
      "'openapi-fetch'",
    );
    expect(await readFile(join(dir, 'src/client.ts'), 'utf8')).toBe(
      `import createClient from 'shop-api/fetch';\n`,
    );
  });

  it('writes all files or none: a file refused late leaves the earlier ones as they were', async () => {
    const dir = join(scratch(), 'all-or-none');
    const elsewhere = join(scratch(), 'elsewhere');
    await mkdir(join(dir, 'lib'), { recursive: true });
    await mkdir(join(dir, 'src'), { recursive: true });
    await mkdir(elsewhere);
    await writeFile(join(dir, 'package.json'), manifest({ types: GENERATE }));
    await writeFile(join(dir, 'lib/a.ts'), `import 'openapi-fetch';\n`);
    await writeFile(join(dir, 'src/b.ts'), `import 'openapi-fetch';\n`);
    const read = await readProject(dir, './api-client', []);
    const planned = plan(read.project!);
    // Between reading and writing, src/ becomes a link out of the project.
    await rename(join(dir, 'src'), join(dir, 'src-old'));
    await symlink(elsewhere, join(dir, 'src'));
    await expect(writeAll(read.root!, planned.writes)).rejects.toThrow(
      'its folder is outside the project; not written',
    );
    expect(await readFile(join(dir, 'lib/a.ts'), 'utf8')).toBe(`import 'openapi-fetch';\n`);
    expect(await readFile(join(dir, 'package.json'), 'utf8')).toBe(manifest({ types: GENERATE }));
    expect((await readdir(join(dir, 'lib'))).sort()).toEqual(['a.ts']);
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('a second run changes nothing', async () => {
    const dir = await sampleFolder('twice');
    expect(await main(['migrate', 'openapi-fetch', dir], capture())).toBe(0);
    const io = capture();
    expect(await main(['migrate', 'openapi-fetch', dir], io)).toBe(0);
    expect(io.stdout).toEqual(['Nothing to change: the project is already migrated.']);
  });

  it('a folder without openapi-fetch exits 1 with the reason', async () => {
    const dir = join(scratch(), 'plain');
    await mkdir(dir);
    await writeFile(join(dir, 'package.json'), '{ "name": "plain" }\n');
    const io = capture();
    expect(await main(['migrate', 'openapi-fetch', dir], io)).toBe(1);
    expect(io.stderr[0]).toMatch(/^package\.json: error: this project does not use openapi-fetch/);
    expect(io.stderr.at(-1)).toBe('1 error(s); nothing was changed.');
  });

  it('a folder without package.json is named', async () => {
    const io = capture();
    expect(await main(['migrate', 'openapi-fetch', join(scratch(), 'missing')], io)).toBe(1);
    expect(io.stderr[0]).toMatch(/missing: error: no such folder$/);
  });
});

describe('the migration guide', () => {
  it('has a row for every openapi-typescript flag, saying what the codemod does with it', async () => {
    const guide = await readFile('docs/migrating-from-openapi-fetch.md', 'utf8');
    const rows = guide.split('\n').filter((line) => line.startsWith('| `-'));
    for (const rule of FLAG_RULES) {
      const row = rows.find((line) => line.startsWith(`| \`${rule.flag}\``));
      expect(row, rule.flag).toBeDefined();
      const { equivalent } = rule;
      if (equivalent.kind === 'config') expect(row).toContain(`\`openapiTypes.${equivalent.key}\``);
      else if (equivalent.kind === 'cli') expect(row).toContain(`\`generate ${equivalent.flag}\``);
      else expect(row).toMatch(/\| none/);
    }
  });
});
