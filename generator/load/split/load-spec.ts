/**
 * Loads a spec that may be split over files joined by relative `$ref`s, as one document.
 * A spec whose root names no other file takes exactly the single-file path (`loadSource`),
 * without loading the crawler; otherwise every reachable file is read (`crawl.ts`) and
 * bundled (`bundle.ts`), and the document's `locate` follows the bundle's source map to the
 * file, pointer, line and column each node came from.
 */
import { resolve } from 'node:path';
import type { TextCache } from '../../shared/cache.js';
import {
  sortDiagnostics,
  hasErrors,
  type Diagnostic,
  type Location,
} from '../../shared/diagnostics.js';
import { joinPointer, splitPointer } from '../../shared/document/pointer.js';
import { loadSource, type LoadResult, type SourceDocument } from '../load.js';
import { bundleFiles, type Origin } from './bundle.js';
import { crawlFiles, type SpecFile } from './crawl.js';
import { isUrl } from '../../shared/document/pointer.js';
import { diskReader, type SpecReader } from './reader.js';
import { readSchemaIds, readsSchemaIds, type IdFile } from './schema-ids.js';
import { localizeSelfRefs } from './self-refs.js';
import { DEFAULT_LIMITS, type ReadOptions } from './trust.js';

export interface LoadSpecOptions extends ReadOptions {
  readonly cache?: TextCache;
  /** The disk by default; a git revision for `diff --base`. */
  readonly reader?: SpecReader;
}

export async function loadSpec(path: string, options: LoadSpecOptions = {}): Promise<LoadResult> {
  const reader = options.reader ?? diskReader();
  const limits = options.limits ?? DEFAULT_LIMITS;
  const loaded = await loadSource(path, options.cache, reader, limits.maxFileBytes);
  const root = loaded.document;
  if (!root || hasErrors(loaded.diagnostics)) return loaded;
  const rootAbsolute = resolve(reader.cwd, path);
  // A ref to this document through its 3.2 `$self` is local (self-refs.ts). The value was
  // parsed for this load alone, so it is rewritten in place.
  localizeSelfRefs(root.value, rootAbsolute);
  const ids = readsSchemaIds(root.value);
  if (!namesOtherFiles(root.value)) {
    if (!ids) return loaded;
    const read = readSchemaIds([{ absolute: rootAbsolute, document: root }]);
    const diagnostics = sortDiagnostics([...loaded.diagnostics, ...read.diagnostics]);
    const document = read.documents.get(rootAbsolute) ?? root;
    return hasErrors(read.diagnostics) ? { diagnostics } : { document, diagnostics };
  }
  const crawled = await crawlFiles(rootAbsolute, path, root, reader, options);
  const read = ids ? readSchemaIds(parsedFiles(crawled)) : undefined;
  const files = read ? withDocuments(crawled, read.documents) : crawled;
  const bundle = bundleFiles(rootAbsolute, files);
  const diagnostics = sortDiagnostics([
    ...loaded.diagnostics,
    ...bundle.diagnostics.map((d) => asRefusal(d, files)),
    ...(read?.diagnostics ?? []),
  ]);
  // A ref that names nothing (a missing file or fragment) leaves the document whole but for
  // that ref, kept as written: it is handed on so that the validator reports the spec's other
  // problems in the same run (the pipeline stops before building anything). A file that does
  // not parse has reported its own errors, and what refers to it cannot be read at all.
  if (diagnostics.some((d) => d.severity === 'error' && d.code !== 'unresolved-ref'))
    return { diagnostics };
  return {
    document: bundledDocument(root, bundle.value, bundle.mounts, files, rootAbsolute),
    diagnostics,
  };
}

/**
 * The bundler reports a file that was not read as `unresolved-ref` ("… names <file>, which
 * cannot be read: <why>"); a file the read rules refused is reported under the refusal's own
 * code, with its hint (how to widen the roots or raise the limit) instead of "check the path".
 */
function asRefusal(d: Diagnostic, files: ReadonlyMap<string, SpecFile>): Diagnostic {
  if (d.code !== 'unresolved-ref') return d;
  for (const file of files.values()) {
    const { refusal } = file;
    if (refusal && d.message.endsWith(`names ${file.label}, which cannot be read: ${refusal.why}`))
      return { ...d, code: refusal.code, hint: refusal.hint };
  }
  return d;
}

function parsedFiles(files: ReadonlyMap<string, SpecFile>): IdFile[] {
  return [...files].flatMap(([absolute, { document }]) =>
    document ? [{ absolute, document }] : [],
  );
}

/** `files` with the documents `documents` replaces (`$ref`s read against their `$id`). */
function withDocuments(
  files: ReadonlyMap<string, SpecFile>,
  documents: ReadonlyMap<string, SourceDocument>,
): ReadonlyMap<string, SpecFile> {
  if (documents.size === 0) return files;
  return new Map(
    [...files].map(([absolute, file]) => {
      const document = documents.get(absolute);
      return [absolute, document ? { ...file, document } : file];
    }),
  );
}

/** Whether any `$ref` in the value names a file (not `#...`, not a URL). */
export function namesOtherFiles(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    for (const [key, member] of Object.entries(node)) {
      if (key === '$ref' && typeof member === 'string') {
        if (!member.startsWith('#') && !isUrl(member)) return true;
      } else if (typeof member === 'object' && member !== null) stack.push(member);
    }
  }
  return false;
}

function bundledDocument(
  root: SourceDocument,
  value: unknown,
  mounts: ReadonlyMap<string, Origin>,
  files: ReadonlyMap<string, SpecFile>,
  rootAbsolute: string,
): SourceDocument {
  const paths = [...files.values()]
    .filter((f) => f.document || f.text !== undefined)
    .map((f) => f.path);
  const locate = (pointer: string): Location => {
    const tokens = splitPointer(pointer.startsWith('#') ? pointer.slice(1) : pointer) ?? [];
    for (let n = tokens.length; n >= 0; n -= 1) {
      const mount = mounts.get(joinPointer('', ...tokens.slice(0, n)));
      if (!mount) continue;
      const inFile = joinPointer(mount.pointer, ...tokens.slice(n));
      if (mount.file === rootAbsolute && inFile === pointer) return root.locate(pointer);
      const file = files.get(mount.file);
      // A text file stands whole for one string: everything in it is at its start.
      if (file?.text !== undefined) return { file: file.label, pointer: '', line: 1, column: 1 };
      const document = file?.document;
      if (!document) break;
      return { file: document.file, pointer: inFile, ...position(document.locate(inFile)) };
    }
    return root.locate(pointer);
  };
  return { ...root, value, files: [...new Set(paths)].sort(), locate };
}

function position(location: Location): { line: number; column: number } {
  return { line: location.line, column: location.column };
}
