/**
 * The fast path for YAML (`load.ts`): js-yaml reads a plain document in about a fifth of the
 * time the `yaml` package takes to build its syntax tree and value (our spec: ~37 ms against
 * ~180 ms), and the tree is built only if a diagnostic asks where something is.
 *
 * The value must be exactly the one `parseWithYaml` (load-yaml.ts) would give, and its
 * diagnostics none, so js-yaml reads with a schema of its own copying the YAML 1.2 core
 * schema as the `yaml` package resolves plain scalars (js-yaml's default takes `0b1`, `1_000`
 * and `<<` too), and the path declines (`undefined`, and the YAML path decides) on anything
 * the two parsers might read differently or the YAML path would warn about or refuse:
 * tags, anchors and aliases, directives, explicit `?` keys, keys that are collections,
 * null, `__proto__`, `<<` or near yaml's 1024-character limit, repeated keys (js-yaml
 * throws), flow collections over several lines (yaml warns on some), tabs and lines of
 * nothing but spaces, a root that is not a mapping, nesting past the depth limit, and
 * whatever js-yaml refuses. Checked against the yaml package on every YAML file at hand and
 * on documents written out by both packages (test/load/yaml-fast-path.test.ts).
 */
import { createRequire } from 'node:module';
import type * as JsYaml from 'js-yaml';
import { MAX_DEPTH } from './depth.js';

// js-yaml (CommonJS) is required when a YAML document first needs it, like yaml in load-yaml.ts.
const require = createRequire(import.meta.url);
let jsYamlModule: typeof JsYaml | undefined;
let coreSchema: JsYaml.Schema | undefined;

/** `text`'s value when js-yaml can vouch it is the YAML path's, a plain mapping; else `undefined`. */
export function yamlValueFast(text: string): Record<string, unknown> | undefined {
  if (hasSyntaxToDecline(text)) return undefined;
  let value: unknown;
  try {
    value = jsYaml().load(text, { schema: schema(), listener: declineListener(text) });
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return hasKeyOrDepthToDecline(value) ? undefined : (value as Record<string, unknown>);
}

function jsYaml(): typeof JsYaml {
  return (jsYamlModule ??= require('js-yaml') as typeof JsYaml);
}

/**
 * Plain scalars resolved as yaml's core schema resolves them (`yaml/dist/schema/core`), with
 * the same tests and the same conversions. The tags are private: any tag written in the text
 * is unknown to js-yaml, which throws, and the path declines.
 */
function schema(): JsYaml.Schema {
  if (coreSchema) return coreSchema;
  const { Schema, Type } = jsYaml();
  const plain = (name: string, test: RegExp, construct: (source: string) => unknown) =>
    new Type(`tag:connect-codegen,fast-yaml:${name}`, {
      kind: 'scalar',
      resolve: (source: unknown) => typeof source === 'string' && test.test(source),
      construct,
    });
  coreSchema = new Schema({
    implicit: [
      plain('null', /^(?:~|[Nn]ull|NULL)?$/, () => null),
      plain('bool', /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (s) => s[0] === 't' || s[0] === 'T'),
      plain('int-oct', /^0o[0-7]+$/, (s) => parseInt(s.substring(2), 8)),
      plain('int', /^[-+]?[0-9]+$/, (s) => parseInt(s, 10)),
      plain('int-hex', /^0x[0-9a-fA-F]+$/, (s) => parseInt(s.substring(2), 16)),
      plain('float-nan', /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/, infinityOrNaN),
      plain('float-exp', /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, parseFloat),
      plain('float', /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, parseFloat),
    ],
  });
  return coreSchema;
}

function infinityOrNaN(source: string): number {
  if (source.slice(-3).toLowerCase() === 'nan') return NaN;
  return source[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/**
 * What a scan of the text can rule out: directives (`%` at a line's start), verbatim tags
 * (`!<…>`, which could name the private tags), explicit keys (`?` then a space, where a
 * node starts), tabs, and lines of nothing but white space, which in a block scalar the two
 * parsers keep differently (yaml drops a last line of spaces deeper than the indentation
 * from a `>-` scalar; js-yaml keeps it). A `?` in prose declines too; only the time is lost.
 */
function hasSyntaxToDecline(text: string): boolean {
  return (
    /^%/m.test(text) ||
    /(?:^|[\s[{,])!</.test(text) ||
    /(?:^|[\s[{,])\?(?:\s|$)/.test(text) ||
    text.includes('\t') ||
    /^ +\r?$/m.test(text)
  );
}

/** What js-yaml's loader state holds beyond its declared type: the node just composed's tag and anchor. */
type ComposingState = JsYaml.State & {
  readonly tag: string | null;
  readonly anchor: string | null;
};

/** Thrown by the listener to stop js-yaml at the first thing the fast path declines. */
class Declined extends Error {}

/**
 * Watches every node js-yaml composes: an anchor (and so any alias, which js-yaml refuses
 * without one), a `!` tag, a collection used as a key, a key near yaml's 1024-character
 * limit, and a flow collection over several lines make it decline.
 */
function declineListener(text: string): JsYaml.LoadOptions['listener'] {
  const starts: number[] = [];
  return (event, composing) => {
    const state = composing as ComposingState;
    if (event === 'open') {
      starts.push(state.position);
      return;
    }
    const start = starts.pop() ?? 0;
    const end = state.position;
    if (state.anchor !== null) throw new Declined();
    if (state.tag === '!') throw new Declined();
    const after = skipSpaces(text, end);
    const isKey = text.charCodeAt(after) === 0x3a; /* : */
    const isCollection = state.kind === 'mapping' || state.kind === 'sequence';
    if (isKey && (isCollection || after - start > 1000)) throw new Declined();
    if (isCollection && isMultiLineFlow(text, start, end)) throw new Declined();
  };
}

/** Whether the node from `start` to `end` is a flow collection with a line break inside. */
function isMultiLineFlow(text: string, start: number, end: number): boolean {
  const last = text.charCodeAt(end - 1);
  if (last !== 0x5d /* ] */ && last !== 0x7d /* } */) return false;
  const first = text.charCodeAt(skipSeparation(text, start, end));
  if (first !== 0x5b /* [ */ && first !== 0x7b /* { */) return false;
  const open = skipSeparation(text, start, end);
  const lineBreak = text.indexOf('\n', open);
  return lineBreak >= 0 && lineBreak < end;
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i += 1;
  return i;
}

/** The first offset from `from` that is neither white space nor a comment. */
function skipSeparation(text: string, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 0x23 /* # */) {
      const lineBreak = text.indexOf('\n', i);
      i = lineBreak < 0 ? to : lineBreak + 1;
    } else if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i += 1;
    else break;
  }
  return i;
}

/**
 * Keys js-yaml and yaml turn into different properties (a null key is `'null'` to one and
 * `''` to the other; a bare `<<` merges in yaml) or that the YAML path treats with care
 * (`__proto__`), and nesting past the depth limit (whose diagnostic the YAML path makes
 * from the text): one walk of the value, on a stack of its own.
 */
function hasKeyOrDepthToDecline(root: object): boolean {
  const nodes: unknown[] = [root];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_DEPTH) return true;
    const isList = Array.isArray(node);
    for (const key of Object.keys(node)) {
      if (!isList && (key === 'null' || key === '<<' || key === '__proto__')) return true;
      nodes.push((node as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return false;
}
