/** package.json and tsconfig.json of the generated package. */
import type { Ir } from '../ir/types.js';
import type { EmittedFile } from './model.js';

export function emitPackageJson(ir: Ir, header: string): EmittedFile {
  const manifest = {
    '//': header,
    name: ir.info.packageName,
    version: ir.info.version,
    description: `TypeScript client for the ${ir.info.title}`,
    type: 'module',
    sideEffects: false,
    engines: { node: '>=20' },
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './package.json': './package.json' },
    files: ['dist', 'src', 'README.md'],
    scripts: { build: 'tsc -p tsconfig.json' },
    license: 'UNLICENSED',
  };
  return { kind: 'text', path: 'package.json', content: `${JSON.stringify(manifest, null, 2)}\n` };
}

export function emitTsconfig(header: string): EmittedFile {
  const config = {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      declaration: true,
      sourceMap: true,
      rootDir: 'src',
      outDir: 'dist',
      skipLibCheck: true,
      types: [],
    },
    include: ['src'],
  };
  return { kind: 'text', path: 'tsconfig.json', content: `// ${header}\n${JSON.stringify(config, null, 2)}\n` };
}
