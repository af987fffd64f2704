/**
 * Finds and parses every file a split spec reaches through `$ref`s, with
 * @apidevtools/json-schema-ref-parser as the crawler: it resolves each relative ref against
 * the file it is written in, reads each file once and follows refs inside the files it reads.
 * Both of its ends are ours: reading goes through the `SpecReader` (the disk or a git
 * revision), and parsing through `parseSource`, so each file keeps its own line/column map
 * and our YAML and JSON diagnostics. URLs are not fetched (no resolver accepts them), and no
 * problem stops the crawl: what is missing or broken is reported later, at the `$ref` that
 * needs it (`bundle.ts`), by the file and line that wrote it.
 */
import { isAbsolute, relative } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { describeFsError, parseSource, type SourceDocument } from '../load.js';
import type { SpecReader } from './reader.js';
import { isUrl } from '../document/pointer.js';

/** One file of a split spec: parsed, or why not. Keyed by absolute path. */
export interface SpecFile {
  /** As the user would name it: relative to the working directory unless the root was absolute. */
  readonly path: string;
  /** As diagnostics name it (`SpecReader.label`). */
  readonly label: string;
  readonly document?: SourceDocument;
  /** The file's own load diagnostics (syntax), named by its label. */
  readonly diagnostics: readonly Diagnostic[];
  /** Why the file could not be read, when it could not. */
  readonly unreadable?: string;
}

/** Parses every file reachable from `root` (already loaded as `rootDocument`), root included. */
export async function crawlFiles(
  rootAbsolute: string,
  rootPath: string,
  rootDocument: SourceDocument,
  reader: SpecReader,
): Promise<Map<string, SpecFile>> {
  const files = new Map<string, SpecFile>([
    [
      rootAbsolute,
      { path: rootPath, label: rootDocument.file, document: rootDocument, diagnostics: [] },
    ],
  ]);
  const userPath = (absolute: string): string =>
    isAbsolute(rootPath) ? absolute : relative(reader.cwd, absolute) || absolute;
  const texts = new Map<string, string | { unreadable: string }>();
  // Imported here, not at the top: a spec in one file never loads the library.
  const { $RefParser } = await import('@apidevtools/json-schema-ref-parser');
  const parser = new $RefParser();
  await parser
    .resolve(rootAbsolute, rootDocument.value as object, {
      parse: {
        json: false,
        yaml: false,
        text: false,
        binary: false,
        spec: {
          order: 1,
          allowEmpty: true,
          canParse: true,
          parse: (file: { url: string }) => {
            const absolute = fromUrl(file.url);
            const text = texts.get(absolute);
            const path = userPath(absolute);
            if (text === undefined || typeof text !== 'string') {
              files.set(absolute, {
                path,
                label: reader.label(path),
                diagnostics: [],
                unreadable: text?.unreadable ?? 'not read',
              });
              return {};
            }
            const loaded = parseSource(reader.label(path), text);
            files.set(absolute, {
              path,
              label: reader.label(path),
              diagnostics: loaded.diagnostics,
              ...(loaded.document ? { document: { ...loaded.document, files: [path] } } : {}),
            });
            return loaded.document?.value ?? {};
          },
        },
      },
      resolve: {
        external: true,
        file: false,
        http: false,
        spec: {
          order: 1,
          canRead: (file: { url: string }) => !isUrl(file.url),
          read: async (file: { url: string }) => {
            const absolute = fromUrl(file.url);
            try {
              texts.set(absolute, await reader.readText(userPath(absolute)));
            } catch (error) {
              texts.set(absolute, { unreadable: describeFsError(error) });
            }
            return texts.get(absolute) as string;
          },
        },
      },
      continueOnError: true,
    })
    // Everything the library could complain about is reported by the bundler, at its `$ref`.
    .catch(() => undefined);
  return files;
}

function fromUrl(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
