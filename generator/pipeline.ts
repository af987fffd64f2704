/**
 * load → validate → IR → plan → emit → print/format → release → the two files that carry
 * the version, emitted and printed once it is decided. Returns the output files or the
 * diagnostics; reading the last output and writing are left to the caller, so
 * `generate --check` and tests share this exactly.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { hasErrors, sortDiagnostics, type Diagnostic } from './shared/diagnostics.js';
import { loadDocument } from './load/swagger/load.js';
import type { SourceDocument } from './load/load.js';
import type { ReadOptions } from './load/split/trust.js';
import {
  FAKE_TEMPLATE_DIR,
  FETCH_TEMPLATE_DIR,
  LAYER_FAKE_FOLDER,
  layerFakeTemplateDir,
  libTemplateDir,
  REACT_QUERY_TEMPLATE_DIR,
  RUNTIME_TEMPLATE_DIR,
} from './shared/templates/dirs.js';
import { contentKey, openRunCaches, type RunCaches, type TextCache } from './shared/cache.js';
import { SUMMARY_SHAPE, type ModuleSummary, type SummaryCache } from './shared/module-exports.js';
import { prebuiltText, SUMMARIES_FILE } from './shared/templates/prebuilt.js';
import { validateDocument } from './validate/index.js';
import { buildIr } from './ir/build.js';
import { planIr } from './plan/index.js';
import type { Ir } from './ir/types.js';
import type { PreviousOutput } from './release/previous.js';
import { release } from './release/release.js';
import { emitVersioned, emitVersionFree } from './emit/index.js';
import { withheldEnumWarnings } from './emit/openapi-types/index.js';
import { NEUTRAL_PACKAGE_VERSION } from './emit/package/version-module.js';
import { loadLayer } from './emit/templates/layers.js';
import { settleIr, type GenerateSettings } from './generate-settings.js';
import { packageExports } from './release/diff/structure-summary.js';
import type { TemplateFile } from './emit/templates/runtime.js';
import { limitsWithin, printFiles, type OutputFile } from './print/print.js';
import { UNTIMED, type StageClock } from './shared/timings.js';

export {
  FAKE_TEMPLATE_DIR,
  FETCH_TEMPLATE_DIR,
  layerFakeTemplateDir,
  libTemplateDir,
  RUNTIME_TEMPLATE_DIR,
} from './shared/templates/dirs.js';

export interface GenerateRequest {
  readonly specPath: string;
  /** The caches the stages use; the disk's (`openRunCaches`) when not given. */
  readonly caches?: RunCaches;
  /** Shown in every file's header: how to regenerate. */
  readonly command: string;
  /**
   * The release stage's input: what the last run left, the output directory as the user
   * named it, and whether to record the version decided now as released. Without it the
   * package keeps the neutral version and no changelog or surface record is made.
   */
  readonly release?: {
    readonly previous: PreviousOutput;
    readonly outLabel: string;
    readonly markReleased: boolean;
  };
  /**
   * What the config file asks for: package name, modules left out, a fixed version. A fixed
   * version stands in for the release stage, so a caller passes it or `release`, not both.
   */
  readonly settings?: GenerateSettings;
  /** Times each stage (`generate --timings`); untimed when not given. */
  readonly clock?: StageClock;
}

export interface GenerateResult {
  readonly files?: readonly OutputFile[];
  readonly ir?: Ir;
  /** The package version the release stage decided. */
  readonly version?: string;
  readonly diagnostics: readonly Diagnostic[];
  /** Every file the spec was read from (more than one when it is split), for `--watch`. */
  readonly sources?: readonly string[];
}

/**
 * Reads a template directory (every .ts file, tests excluded, its folders' too: the runtime
 * keeps its public parts in `core/` and its machinery in `internal/`) in a stable order. Names
 * are POSIX paths relative to `dir`, `core/errors.ts`, whatever the platform.
 */
export async function loadTemplates(dir = RUNTIME_TEMPLATE_DIR): Promise<TemplateFile[]> {
  const names = (await readdir(dir, { recursive: true }))
    .map((n) => n.split(sep).join('/'))
    .filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))
    .sort();
  return Promise.all(
    names.map(async (name) => ({ name, content: await readFile(join(dir, name), 'utf8') })),
  );
}

/**
 * The fakes' templates as one list: the library's files by name, and those of its two
 * subfolders as `generic/…` and `node/…`, for the emitters to take what each fake needs.
 */
export function loadFakeTemplates(dir = FAKE_TEMPLATE_DIR): Promise<TemplateFile[]> {
  return loadTemplates(dir);
}

/** The `/fetch` entry's files (templates/fetch), copied to `src/fetch/`. */
export function loadFetchTemplates(dir = FETCH_TEMPLATE_DIR): Promise<TemplateFile[]> {
  return loadTemplates(dir);
}

/** A layer's own modules, without its fake (`fake/…`), which `loadLayerFakeTemplates` reads. */
export async function loadLayerTemplates(lib: string): Promise<TemplateFile[]> {
  return (await loadTemplates(libTemplateDir(lib))).filter(
    (template) => !template.name.startsWith(`${LAYER_FAKE_FOLDER}/`),
  );
}

/** A layer's own fake (`templates/<lib>/fake/`); none when the layer has no such folder. */
export async function loadLayerFakeTemplates(lib: string): Promise<TemplateFile[]> {
  try {
    return await loadTemplates(layerFakeTemplateDir(lib));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export function headerLine(specPath: string, command: string): string {
  return `Generated by connect-codegen from ${specPath}. Do not edit; regenerate with \`${command}\`.`;
}

/** Loads and validates only. */
export async function validateSpec(
  specPath: string,
  caches: RunCaches = openRunCaches(),
  read: ReadOptions = {},
): Promise<readonly Diagnostic[]> {
  const loaded = await loadDocument(specPath, { ...read, cache: caches.yamlValue });
  if (!loaded.document) return sortDiagnostics(loaded.diagnostics);
  const problems = loadedAndValidated(loaded.diagnostics, loaded.document, caches);
  if (hasErrors(problems)) return problems;
  // What only reading the document for a client finds (a parameter it cannot send, a keyword
  // it leaves out) is what generate would say: validate says it too, so that a clean validate
  // means a clean generate.
  return sortDiagnostics([...problems, ...buildIr(loaded.document).diagnostics]);
}

/**
 * The loader's diagnostics and the validator's, sorted. A split spec with a broken ref still
 * loads (the ref left as written), so that everything else is reported in the same run; the
 * validator would then report that ref a second time, at the same place: once is enough.
 */
function loadedAndValidated(
  loadDiagnostics: readonly Diagnostic[],
  document: SourceDocument,
  caches: RunCaches,
  clock: StageClock = UNTIMED,
): Diagnostic[] {
  const place = (d: Diagnostic) => `${d.code} ${d.file}:${d.line}:${d.column}`;
  const reported = new Set(loadDiagnostics.filter((d) => d.severity === 'error').map(place));
  return sortDiagnostics([
    ...loadDiagnostics,
    ...clock
      .time('validate', () => validateDocument(document, caches.openapiSchema))
      .filter((d) => !reported.has(place(d))),
  ]);
}

export async function generate(request: GenerateRequest): Promise<GenerateResult> {
  const caches = request.caches ?? openRunCaches();
  const clock = request.clock ?? UNTIMED;
  const loaded = await clock.timeAsync('load', () =>
    loadDocument(request.specPath, { ...request.settings?.read, cache: caches.yamlValue }),
  );
  if (!loaded.document) return { diagnostics: sortDiagnostics(loaded.diagnostics) };
  if (hasErrors(loaded.diagnostics))
    return {
      diagnostics: loadedAndValidated(loaded.diagnostics, loaded.document, caches, clock),
      sources: loaded.document.files,
    };
  const result = await generateLoaded(request, caches, clock, loaded.document, loaded.diagnostics);
  return { ...result, sources: loaded.document.files };
}

async function generateLoaded(
  request: GenerateRequest,
  caches: RunCaches,
  clock: StageClock,
  document: SourceDocument,
  loadDiagnostics: readonly Diagnostic[],
): Promise<GenerateResult> {
  // The loader's warnings (a converted Swagger 2.0 document's among them) are reported too.
  const problems = loadedAndValidated(loadDiagnostics, document, caches, clock);
  if (hasErrors(problems)) return { diagnostics: problems };
  const built = clock.time('ir', () => buildIr(document));
  if (!built.ir) return { diagnostics: sortDiagnostics([...problems, ...built.diagnostics]) };
  const settled = built.ir;
  const { ir, plan } = clock.time('plan', () => planIr(settleIr(settled, request.settings)));
  const header = headerLine(request.specPath, request.command);
  const lib = ir.info.lib;
  const [
    templates,
    layerFakeTemplates,
    fakeTemplates,
    fetchTemplates,
    libTemplates,
    loadedLayer,
    reactQuery,
  ] = await clock.timeAsync('emit', () =>
    Promise.all([
      loadTemplates(),
      lib === undefined ? [] : loadLayerFakeTemplates(lib),
      loadFakeTemplates(),
      loadFetchTemplates(),
      lib === undefined ? [] : loadLayerTemplates(lib),
      lib === undefined ? undefined : loadLayer(lib),
      loadTemplates(REACT_QUERY_TEMPLATE_DIR),
    ]),
  );
  if (loadedLayer && hasErrors(loadedLayer.diagnostics))
    return { diagnostics: sortDiagnostics(loadedLayer.diagnostics) };
  const layer = loadedLayer?.layer;
  const { files: emitted, manifest } = clock.time('emit', () =>
    emitVersionFree({
      ir,
      plan,
      templates,
      layerFakeTemplates,
      fakeTemplates,
      fetchTemplates,
      libTemplates,
      reactQueryTemplates: reactQuery,
      layer,
      header,
      ...(request.settings?.modules ? { modules: request.settings.modules } : {}),
      ...(request.settings?.openapiTypes ? { openapiTypes: request.settings.openapiTypes } : {}),
    }),
  );
  const printed = await printFiles(emitted, header, caches.format, undefined, clock);
  // An enum `openapiTypes.enum` would declare under a name the package exports already is not declared.
  const openapiTypes = request.settings?.openapiTypes;
  const withheldEnums = openapiTypes?.enum
    ? withheldEnumWarnings(document, ir, plan, openapiTypes)
    : [];
  const diagnostics = [...problems, ...built.diagnostics, ...withheldEnums];
  const fixedVersion = request.settings?.packageVersion;
  let version = fixedVersion ?? NEUTRAL_PACKAGE_VERSION;
  let records: readonly OutputFile[] = [];
  let warning: Diagnostic | undefined;
  const releasing = request.release;
  if (releasing) {
    // The version module's names do not depend on the version: it stands in with the neutral one.
    const released = clock.time('release', () =>
      release({
        ir,
        document,
        files: printed,
        manifest,
        exports: packageExports(
          [...emitted, emitVersioned(ir, manifest, NEUTRAL_PACKAGE_VERSION)[1]!],
          summaryCache(caches.exportSummaries),
        ),
        header,
        ...releasing,
      }),
    );
    if ('diagnostic' in released) return { diagnostics: [...diagnostics, released.diagnostic] };
    ({ version, files: records, warning } = released);
  }
  // The two files that carry the version, emitted once it is decided, formatted as the rest was.
  const versioned = await printFiles(
    emitVersioned(ir, manifest, version),
    header,
    caches.format,
    limitsWithin(printed),
    clock,
  );
  return {
    files: [...versioned, ...printed, ...records],
    ir,
    ...(request.release || fixedVersion !== undefined ? { version } : {}),
    diagnostics: [...diagnostics, ...(warning ? [warning] : [])],
  };
}

/**
 * Export summaries of the hand-written modules: those the build made of every template
 * (`prebuild.ts`), then those remembered by text in `disk`. The runtime and the fake are the
 * same files on every run, and parsing them is the release stage's largest cost. The summary's
 * shape is part of the key, so a change to it reads no older entry.
 */
function summaryCache(disk: TextCache | undefined): SummaryCache | undefined {
  const prebuilt = prebuiltSummaries();
  if (!disk && !prebuilt) return undefined;
  const key = (text: string) => contentKey(SUMMARY_SHAPE, text);
  return {
    get: (text) => {
      const at = key(text);
      if (prebuilt && Object.hasOwn(prebuilt, at)) return prebuilt[at];
      const stored = disk?.get(at);
      return stored === undefined ? undefined : (JSON.parse(stored) as ModuleSummary);
    },
    set: (text, summary) => disk?.set(key(text), JSON.stringify(summary)),
  };
}

/** The build's summaries of the templates, by `contentKey(SUMMARY_SHAPE, text)`. */
function prebuiltSummaries(): Readonly<Record<string, ModuleSummary>> | undefined {
  const text = prebuiltText(SUMMARIES_FILE, SUMMARY_SHAPE);
  return text === undefined ? undefined : (JSON.parse(text) as Record<string, ModuleSummary>);
}
