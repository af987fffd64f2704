/**
 * The YAML path of the loader (`load.ts`): one file's text parsed with the `yaml` package into
 * a syntax tree, checked for what a JSON-shaped OpenAPI document cannot hold, turned into a
 * plain value, and kept so that `locate` can map a JSON pointer back to a line and column.
 * Every diagnostic about a file's syntax (YAML's and, for a `.json` file the fast path turned
 * down, JSON's) is made here.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import { diagnostic, excerpt, sortDiagnostics, type Severity } from '../shared/diagnostics.js';
import { joinPointer, splitPointer } from '../shared/document/pointer.js';
import type { LoadResult, SourceDocument } from './load.js';

// yaml (CommonJS, about 30 ms of CPU to load) is required when a document first needs its
// parser: a JSON document on the fast path never does, so it is not loaded with the module.
const require = createRequire(import.meta.url);
let yamlModule: typeof Yaml | undefined;
function yaml(): typeof Yaml {
  return (yamlModule ??= require('yaml') as typeof Yaml);
}

type Position = { line: number; column: number };

export const UNKNOWN: Position = { line: 0, column: 0 };

/** A problem before it has a file and a line: `offset` is into the text. */
interface Problem {
  readonly code: string;
  readonly message: string;
  readonly offset?: number;
  readonly pointer?: string;
  readonly hint?: string;
  readonly severity?: Severity;
}

export function parseWithYaml(file: string, text: string): LoadResult {
  const format = /\.json$/i.test(file) ? 'json' : 'yaml';
  const lineCounter = new (yaml().LineCounter)();
  // `uniqueKeys: false`: duplicates are checked below on the key as JS sees it, so that
  // `200:` and `"200":` (one number, one string to YAML, the same property to JS) collide too.
  // `merge: true`: `<<: *defaults` is common in hand-written specs and means what authors expect.
  const ast = yaml().parseDocument(text, {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: false,
    merge: true,
  });
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const done = (problems: readonly Problem[], document?: SourceDocument): LoadResult => ({
    ...(document ? { document } : {}),
    diagnostics: sortDiagnostics(
      problems.map(({ code, message, offset, pointer = '', hint, severity = 'error' }) => {
        const { line, column } = offset === undefined ? UNKNOWN : at(offset);
        return diagnostic({
          code,
          severity,
          message,
          file,
          pointer,
          line,
          column,
          ...(hint ? { hint } : {}),
        });
      }),
    ),
  });

  const resolve = aliasResolver(ast, text);
  const jsonError = format === 'json' && ast.errors.length > 0 ? jsonSyntaxError(text) : undefined;
  const problems: Problem[] = [
    ...(jsonError
      ? [jsonError]
      : ast.errors.map((e) => ({
          code: 'yaml-syntax',
          message: withoutContent(lowerFirst(e.message)),
          offset: e.pos[0],
        }))),
    ...ast.warnings.map((w) => ({
      code: 'yaml-warning',
      severity: 'warning' as const,
      message: withoutContent(lowerFirst(w.message)),
      offset: w.pos[0],
    })),
    ...checkTree(ast, resolve, at),
  ];
  if (problems.some((p) => p.severity !== 'warning')) return done(problems);

  const value = toPlainValue(ast);
  if ('message' in value) {
    return done([
      ...problems,
      {
        code: 'yaml-syntax',
        message: value.message,
        offset: 0,
        hint: 'use fewer aliases, or write the repeated parts out',
      },
    ]);
  }
  const root = ast.contents;
  if (!yaml().isMap(root)) {
    const hint = 'an OpenAPI document is a mapping with `openapi`, `info` and `paths` at the top';
    const message = `the document root is ${describeRoot(value.value)}, not a mapping`;
    return done([
      ...problems,
      { code: 'root-not-mapping', message, offset: rangeStart(root), hint },
    ]);
  }
  return done(problems, {
    file,
    format,
    value: value.value,
    files: [file],
    locate: (pointer) => locateNode(root, pointer, resolve, at),
  });
}

/**
 * For a `.json` file the YAML parser rejects, `JSON.parse`'s message is the one a JSON author
 * understands ("expected ',' or '}' after property value" rather than YAML's "implicit keys
 * need to be on a single line"); used when it says where the problem is. JSON the YAML parser
 * accepts (trailing commas included) is not checked again: the generator reads it the same.
 */
function jsonSyntaxError(text: string): Problem | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    const where = / in JSON at position (\d+)/.exec(error.message);
    if (!where) return undefined;
    return {
      code: 'json-syntax',
      message: withoutContent(lowerFirst(error.message.slice(0, where.index))),
      offset: Number(where[1]),
    };
  }
}

/**
 * Problems the YAML parser accepts but a JSON-shaped OpenAPI document cannot have, found in
 * one walk of the AST: duplicate keys (as JS strings), keys that are collections, merge keys
 * with something other than maps and aliases without an anchor (the yaml package would throw
 * on both in `toJS`), and aliases inside the node they refer to (they would make the value
 * cyclic, and every later walk endless).
 */
function checkTree(
  ast: Document.Parsed,
  resolve: Resolve,
  at: (offset: number) => Position,
): Problem[] {
  const found: Problem[] = [];
  const checkMap = (map: YAMLMap, path: readonly unknown[]): void => {
    const seen = new Map<string, Node>();
    for (const { key, value } of map.items) {
      if (yaml().isNode(key) && !yaml().isScalar(key) && !yaml().isAlias(key)) {
        found.push({
          code: 'yaml-syntax',
          message: 'mapping keys must be strings, not collections',
          offset: rangeStart(key),
        });
      } else if (isMergeKey(key)) {
        if (isMergeSource(value, resolve)) continue;
        const message = "the merge key '<<' needs a mapping, an alias to one, or a list of them";
        found.push({
          code: 'yaml-syntax',
          message,
          offset: rangeStart(value) ?? rangeStart(key),
          pointer: pointerTo(path, map),
        });
      } else {
        const name = keyText(key);
        if (name === undefined || !yaml().isNode(key)) continue;
        const first = seen.get(name);
        if (!first) {
          seen.set(name, key);
          continue;
        }
        const line = first.range ? at(first.range[0]).line : 0;
        found.push({
          code: 'duplicate-key',
          message: `duplicate key '${name}' (first defined on line ${line})`,
          offset: rangeStart(key),
          pointer: joinPointer(pointerTo(path, map), name),
          hint: 'remove one of them or merge their contents',
        });
      }
    }
  };
  const checkAlias = (alias: Yaml.Alias, path: readonly unknown[]): void => {
    const target = resolve(alias);
    const offset = rangeStart(alias) ?? 0;
    const pointer = pointerTo(path, alias);
    const name = alias.source;
    if (!yaml().isNode(target)) {
      found.push({
        code: 'yaml-syntax',
        message: `alias *${name} has no anchor &${name} before it`,
        offset,
        pointer,
      });
    } else if (target.range && offset >= target.range[0] && offset < target.range[1]) {
      const message = `alias *${name} is inside the node it refers to, which would make the document infinitely deep`;
      found.push({ code: 'yaml-syntax', message, offset, pointer });
    }
  };
  walkTree(ast, (node, path) => {
    if (yaml().isMap(node)) checkMap(node, path);
    else if (yaml().isAlias(node)) checkAlias(node, path);
  });
  return found;
}

/**
 * Calls `enter` on every node, pair and item of the document in the order of yaml's `visit`
 * (a collection, then each of its items; a pair's key, then its value), with the same
 * ancestors (the document first). `visit` copies and freezes the ancestors for every
 * collection and pair, which was most of the time spent checking a large YAML document;
 * here they are one stack, valid only during the call.
 */
function walkTree(
  ast: Document.Parsed,
  enter: (node: unknown, path: readonly unknown[]) => void,
): void {
  const path: unknown[] = [ast];
  const walk = (node: unknown): void => {
    enter(node, path);
    if (yaml().isCollection(node)) {
      path.push(node);
      for (const item of node.items) walk(item);
      path.pop();
    } else if (yaml().isPair(node)) {
      path.push(node);
      walk(node.key);
      walk(node.value);
      path.pop();
    }
  };
  walk(ast.contents);
}

/** The JSON pointer of `node`, from the ancestors `visit` passes (map → pair → value, seq → item). */
function pointerTo(path: readonly unknown[], node: unknown): string {
  const chain = [...path, node];
  const tokens: string[] = [];
  for (let index = 0; index + 1 < chain.length; index += 1) {
    const parent = chain[index];
    const child = chain[index + 1];
    if (yaml().isMap(parent) && yaml().isPair(child)) tokens.push(keyText(child.key) ?? '');
    else if (yaml().isSeq(parent)) tokens.push(String(parent.items.indexOf(child)));
  }
  return joinPointer('', ...tokens);
}

function toPlainValue(ast: Document.Parsed): { value: unknown } | { message: string } {
  // The only input-driven throw left after `checkTree` is yaml's guard against alias
  // expansion bombs ("Excessive alias count ..."), a ReferenceError. Anything else is a bug.
  try {
    return { value: ast.toJS({ maxAliasCount: 100 }) };
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      return { message: `too many alias expansions: ${lowerFirst(error.message)}` };
    }
    throw error;
  }
}

function locateNode(
  root: YAMLMap,
  pointer: string,
  resolve: Resolve,
  at: (offset: number) => Position,
): Position {
  const tokens = splitPointer(pointer.startsWith('#') ? pointer.slice(1) : pointer);
  if (tokens === undefined) return UNKNOWN;
  let node: unknown = root;
  let offset = root.range?.[0];
  for (const token of tokens) {
    const current = resolve(node);
    if (yaml().isMap(current)) {
      const pair = findPair(current, token, resolve, 0);
      if (!pair) break;
      offset = rangeStart(pair.key) ?? rangeStart(pair.value) ?? offset;
      node = pair.value;
    } else if (yaml().isSeq(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) break;
      const item: unknown = current.items[Number(token)];
      if (item === undefined) break;
      offset = rangeStart(item) ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return offset === undefined ? UNKNOWN : at(offset);
}

/** The pair for `token` in `map`, looking through `<<` merge keys when the map has no such key itself. */
function findPair(map: YAMLMap, token: string, resolve: Resolve, depth: number): Pair | undefined {
  const own = map.items.find((pair) => !isMergeKey(pair.key) && keyText(pair.key) === token);
  if (own || depth > 20) return own;
  for (const pair of map.items) {
    if (!isMergeKey(pair.key)) continue;
    const sources = resolve(pair.value);
    for (const source of yaml().isSeq(sources) ? sources.items : [sources]) {
      const merged = resolve(source);
      const found = yaml().isMap(merged) ? findPair(merged, token, resolve, depth + 1) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}

/** What yaml's `toJS` accepts after `<<` (it throws on anything else). */
function isMergeSource(value: unknown, resolve: Resolve): boolean {
  const source = resolve(value);
  return yaml().isSeq(source)
    ? source.items.every((item) => yaml().isMap(resolve(item)))
    : yaml().isMap(source);
}

/** Maps a node to itself, or an alias to its anchored node (`undefined` if there is none). */
type Resolve = (node: unknown) => unknown;

/**
 * Resolves aliases the way YAML defines them (the closest anchor of that name before the
 * alias), from one walk of the document. `Alias.resolve` walks the whole document on every
 * call, which makes a document with many aliases quadratic.
 */
function aliasResolver(ast: Document.Parsed, text: string): Resolve {
  // An alias is written `*name`: a text without a `*` has none, and every node is itself.
  // Most specs have none (neither ours nor Star Trek's), and need no walk to say so.
  if (!text.includes('*')) return (node) => node;
  const targets = new Map<unknown, Node>();
  const anchors = new Map<string, Node>();
  walkTree(ast, (node) => {
    if (yaml().isAlias(node)) {
      const target = anchors.get(node.source);
      if (target) targets.set(node, target);
    } else if (yaml().isNode(node) && node.anchor) {
      anchors.set(node.anchor, node);
    }
  });
  return (node) => (yaml().isAlias(node) ? targets.get(node) : node);
}

function isMergeKey(key: unknown): boolean {
  return yaml().isScalar(key) && typeof key.value === 'symbol';
}

/** The key as a JS property name, the way `toJS` stringifies it (`200` → `'200'`, `~` → `''`). */
function keyText(key: unknown): string | undefined {
  if (key === null || key === undefined) return '';
  if (yaml().isScalar(key))
    return key.value === null || key.value === undefined ? '' : String(key.value);
  return undefined;
}

function rangeStart(node: unknown): number | undefined {
  return yaml().isNode(node) ? node.range?.[0] : undefined;
}

function describeRoot(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a sequence';
  return `a ${typeof value} scalar`;
}

/**
 * A parser's message with the text it quotes from the file cut to a short excerpt: the yaml
 * package quotes a whole bad token (`unexpected scalar token in YAML stream: "basic c2VjcmV0…"`
 * for a git config), and a file a `$ref` names may hold what must not be printed. A quoted
 * string becomes at most 12 characters, escaped; so does any other run of 25 or more
 * characters without a space (a tag, an escape sequence, a token the message names bare).
 */
export function withoutContent(message: string): string {
  return message
    .replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => `"${excerpt(unquote(quoted))}"`)
    .replace(/[^\s"]{25,}/g, (token) => excerpt(token));
}

function unquote(quoted: string): string {
  try {
    return String(JSON.parse(quoted));
  } catch {
    return quoted.slice(1, -1);
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
