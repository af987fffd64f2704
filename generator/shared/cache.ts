/**
 * Answers remembered by content, across runs: prettier's formatting of a text, the release
 * stage's parse of a module's exports, a clean YAML spec's value (`load-cache.ts`) and the
 * OpenAPI schema's compiled acceptor (`validate/schemas.ts`); V8's compiled code of ts-morph
 * lives beside them (`compile-cache.js`, off with the same switch). Each depends on its input
 * text alone, so a file whose printed text has not changed since an earlier run is not
 * formatted or parsed again (and prettier is not even loaded when nothing changed). A cache is only ever a
 * shortcut: a missing or unreadable entry means doing the work again, and each key holds
 * everything the answer depends on (a tool's version, options, the whole text).
 *
 * Entries live in `node_modules/.cache/connect-codegen/<name>/` (where build tools keep such
 * caches, and which `npm ci` clears), one file each, so processes running side by side share
 * them without a lock. `CONNECT_CODEGEN_CACHE=off` disables them, for measuring a cold run.
 */
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR } from './locations.js';

const CACHE_ROOT = CACHE_DIR;
/** Past this many entries, those untouched for a day are removed (tests generate many one-off outputs). */
const PRUNE_ABOVE = 4000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TextCache {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

export function cacheEnabled(): boolean {
  return process.env.CONNECT_CODEGEN_CACHE !== 'off';
}

/** sha256 over the parts, each ended by a NUL so that no two lists of parts share a key. */
export function contentKey(...parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

export function diskCache(name: string, root: string = CACHE_ROOT): TextCache {
  const dir = join(root, name);
  let written = 0;
  return {
    get(key) {
      try {
        return readFileSync(join(dir, key), 'utf8');
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        mkdirSync(dir, { recursive: true });
        const temporary = join(dir, `${key}.${process.pid}.tmp`);
        writeFileSync(temporary, value);
        renameSync(temporary, join(dir, key));
        if (written++ === 0) prune(dir);
      } catch {
        // A read-only or full disk only costs the next run its shortcut.
      }
    },
  };
}

function prune(dir: string): void {
  const names = readdirSync(dir);
  if (names.length <= PRUNE_ABOVE) return;
  const cutoff = Date.now() - DAY_MS;
  for (const name of names) {
    const path = join(dir, name);
    try {
      if (statSync(path).mtimeMs < cutoff) rmSync(path, { force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/**
 * Every cache a run uses, opened once where the run starts (the command, or `generate` for a
 * caller that gives none) and handed to the stages, which never open one themselves:
 * prettier's answers (`print.ts`), a YAML spec's value (`load-cache.ts`), the compiled
 * OpenAPI schema (`validate/schemas.ts`) and modules' export summaries (`release.ts`).
 */
export interface RunCaches {
  readonly format?: TextCache;
  readonly yamlValue?: TextCache;
  readonly openapiSchema?: TextCache;
  readonly exportSummaries?: TextCache;
}

/** The disk caches, or none when `CONNECT_CODEGEN_CACHE=off`. */
export function openRunCaches(root?: string): RunCaches {
  if (!cacheEnabled()) return {};
  return {
    format: diskCache('format', root),
    yamlValue: diskCache('yaml-value', root),
    openapiSchema: diskCache('openapi-schema', root),
    exportSummaries: diskCache('exports', root),
  };
}
