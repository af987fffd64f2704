/**
 * Emitted files as something to assert on: a TypeScript file's structure becomes a ts-morph
 * `SourceFile` (in memory, never printed through prettier), so a test reads declarations —
 * names, exports, parameters, properties — instead of matching printed text.
 */
import { Project, type SourceFile } from 'ts-morph';
import { emitPackage, type OptionalModules } from '../../generator/emit/index.js';
import type { EmittedFile } from '../../generator/emit/common/model.js';
import { buildIr } from '../../generator/ir/build.js';
import { planIr } from '../../generator/plan/index.js';
import { loadLayer } from '../../generator/emit/templates/layers.js';
import { loadSource } from '../../generator/load/load.js';
import {
  FAKE_TEMPLATE_DIR,
  loadLayerTemplates,
  loadTemplates,
  layerFakeTemplateDir,
  loadFakeTemplates,
  loadFetchTemplates,
} from '../../generator/pipeline.js';
import { REACT_QUERY_TEMPLATE_DIR } from '../../generator/shared/templates/dirs.js';

const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { noLib: true } });

/** The file's structure as a source file; fails for a text file. */
export function sourceOf(file: EmittedFile | undefined): SourceFile {
  if (file?.kind !== 'typescript')
    throw new Error(`expected a TypeScript file, got ${file ? file.kind : 'nothing'}`);
  return project.createSourceFile(file.path, file.structure, { overwrite: true });
}

/** Names the file itself exports (declarations with `export`), in file order. */
export function exportedNames(file: SourceFile): string[] {
  return file.getStatements().flatMap((statement) => {
    if (!('isExported' in statement) || !(statement as { isExported(): boolean }).isExported())
      return [];
    if ('getDeclarations' in statement)
      return (statement as { getDeclarations(): { getName(): string }[] })
        .getDeclarations()
        .map((d) => d.getName());
    return 'getName' in statement
      ? [(statement as { getName(): string | undefined }).getName() ?? '']
      : [];
  });
}

/** `from` → imported names (with `type ` before type-only ones), one entry per import declaration. */
export function importsOf(file: SourceFile): Record<string, string[]> {
  return Object.fromEntries(
    file
      .getImportDeclarations()
      .map((d) => [
        d.getModuleSpecifierValue(),
        d
          .getNamedImports()
          .map((n) => `${d.isTypeOnly() || n.isTypeOnly() ? 'type ' : ''}${n.getName()}`),
      ]),
  );
}

/** The package a spec file emits, before printing, with every template the pipeline reads. */
export async function emittedPackage(
  spec: string,
  modules?: OptionalModules,
): Promise<EmittedFile[]> {
  const loaded = await loadSource(spec);
  const { ir, plan } = planIr(buildIr(loaded.document!).ir!);
  return emitPackage({
    ir,
    plan,
    templates: await loadTemplates(),
    layerFakeTemplates: await loadTemplates(layerFakeTemplateDir('connect')),
    fakeTemplates: await loadFakeTemplates(),
    fetchTemplates: await loadFetchTemplates(),
    reactQueryTemplates: await loadTemplates(REACT_QUERY_TEMPLATE_DIR),
    libTemplates: ir.info.lib ? await loadLayerTemplates(ir.info.lib) : [],
    ...(ir.info.lib ? { layer: (await loadLayer(ir.info.lib)).layer } : {}),
    layer: ir.info.lib ? (await loadLayer(ir.info.lib)).layer : undefined,
    header: 'HEADER',
    ...(modules ? { modules } : {}),
  });
}
