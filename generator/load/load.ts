/**
 * Stage 1 of the pipeline: text → `SourceDocument`. The only stage besides `write` that
 * touches the disk (`loadSource`); `parseSource` is pure so tests can feed it strings.
 *
 * YAML and JSON are both parsed with the `yaml` package: JSON is (nearly) a subset of
 * YAML 1.2, and one parser means one AST from which `locate` maps a JSON pointer back to a
 * line and column, whatever the input format. Except on the fast path: a `.json` document
 * that `JSON.parse` accepts, whose root is an object and that repeats no key, is read with
 * `JSON.parse` alone (a tenth of the time, and no syntax tree held: GitHub's 13 MB document
 * made a YAML tree of several hundred MB), and the YAML tree is built only if a diagnostic
 * asks where something is. A YAML document takes a fast path of its own (`load-yaml-fast.ts`:
 * js-yaml, with yaml's core schema copied) when it holds nothing the two parsers might read
 * differently. Anything else takes the YAML path, so its diagnostics are the same.
 *
 * This module chooses the path and reads the disk; the YAML path, with every syntax diagnostic
 * and the YAML locator, is `load-yaml.ts`. It reads one file; a spec split over files by `$ref`s is loaded by
 * `load/split/load-spec.ts`, which reads each of its files through `loadSource`/`parseSource`.
 */
import { diagnostic, type Diagnostic, type Location } from '../shared/diagnostics.js';
import { duplicateJsonKeys } from '../shared/document/json-keys.js';
import { withinDepthLimit } from './depth.js';
import type { TextCache } from '../shared/cache.js';
import { loadKey, treeAsJson } from './load-cache.js';
import { diskReader, type SpecReader } from './split/reader.js';
import { ReadRefused } from './split/trust.js';
import { jsonLocator } from '../shared/document/json-locate.js';
import { parseWithYaml, UNKNOWN } from './load-yaml.js';
import { yamlValueFast } from './load-yaml-fast.js';

export interface SourceDocument {
  /** Path as given. */
  readonly file: string;
  /** By extension: `.json` → json, anything else → yaml. */
  readonly format: 'yaml' | 'json';
  /** Plain JS value of the document (a tree: recursive aliases are rejected by the loader). */
  readonly value: unknown;
  /**
   * Every file the document was read from, sorted, named as the user would name them (the
   * root as given, the others relative to the working directory like it): one for a single
   * file, more for a spec split over files by `$ref`s (`load/split/load-spec.ts`).
   */
  readonly files: readonly string[];
  /**
   * 1-based line/column of the node at a JSON pointer; falls back to the nearest existing
   * ancestor; `{0,0}` if nothing. A member of a mapping is located at its key (`get:` rather
   * than the first line inside the operation), an array item at the item itself. For a split
   * spec, also the file the node came from and its pointer there (`Location`).
   */
  locate(pointer: string): Location;
}

export interface LoadResult {
  readonly document?: SourceDocument;
  readonly diagnostics: Diagnostic[];
}

/** Parses `text` as the contents of `file`. Pure: never reads the disk, never throws for bad input. */
export function parseSource(file: string, text: string): LoadResult {
  return withinDepthLimit(file, text, {
    fast: () => (/\.json$/i.test(file) ? parseJsonFast(file, text) : parseYamlFast(file, text)),
    full: () => parseWithYaml(file, text),
  });
}

/** The fast path for JSON (see the module comment); `undefined` when the YAML path must decide. */
function parseJsonFast(file: string, text: string): LoadResult | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (duplicateJsonKeys(text).length > 0) return undefined;
  return { document: lazilyLocated(file, 'json', text, value), diagnostics: [] };
}

/** The fast path for YAML (`load-yaml-fast.ts`); `undefined` when the YAML path must decide. */
function parseYamlFast(file: string, text: string): LoadResult | undefined {
  const value = yamlValueFast(text);
  return value && { document: lazilyLocated(file, 'yaml', text, value), diagnostics: [] };
}

/** A document whose value is known, its YAML tree parsed only when `locate` is first called. */
function lazilyLocated(
  file: string,
  format: SourceDocument['format'],
  text: string,
  value: unknown,
): SourceDocument {
  let located: SourceDocument['locate'] | undefined;
  const locate = (pointer: string): Location => {
    // JSON is located by scanning its text (shared/document/json-locate.ts): a YAML tree of a large document costs seconds.
    located ??=
      format === 'json'
        ? jsonLocator(text)
        : (parseWithYaml(file, text).document?.locate ?? (() => UNKNOWN));
    return located(pointer);
  };
  return { file, format, value, files: [file], locate };
}

/**
 * Reads and parses `path` (from the disk unless `reader` says otherwise; diagnostics name the
 * file by the reader's label). A missing or unreadable file is a `file-unreadable` diagnostic,
 * not a throw. A YAML text that loaded cleanly before is read from `cache` (`load-cache.ts`),
 * its syntax tree built only if a diagnostic asks where something is, as on the JSON fast path.
 */
export async function loadSource(
  path: string,
  cache?: TextCache,
  reader: SpecReader = diskReader(),
  maxBytes?: number,
): Promise<LoadResult> {
  const file = reader.label(path);
  let text: string;
  try {
    text = await reader.readText(path, maxBytes);
  } catch (error) {
    const message = `cannot read '${file}': ${describeFsError(error)}`;
    // A FIFO, a device or a file over the size limit: its own code, and how to raise the limit.
    const refused = error instanceof ReadRefused ? error.refusal : undefined;
    const code = refused?.code ?? 'file-unreadable';
    return {
      diagnostics: [
        diagnostic({ code, message, file, ...(refused ? { hint: refused.hint } : {}) }),
      ],
    };
  }
  if (!cache || /\.json$/i.test(file)) return parseSource(file, text);
  const key = loadKey(text);
  const stored = cache.get(key);
  if (stored !== undefined) {
    try {
      return { document: lazilyLocated(file, 'yaml', text, JSON.parse(stored)), diagnostics: [] };
    } catch {
      // A damaged entry: parse as if there were none.
    }
  }
  const result = parseSource(file, text);
  const json =
    result.document && result.diagnostics.length === 0
      ? treeAsJson(result.document.value)
      : undefined;
  if (json !== undefined) cache.set(key, json);
  return result;
}

export function describeFsError(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EISDIR':
      return 'it is a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
