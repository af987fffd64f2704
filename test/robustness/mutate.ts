/**
 * A seeded mutator of OpenAPI documents: the same seed always gives the same mutated text,
 * so a failing fuzz case is reproduced from its number alone. Mutations are what real
 * documents get wrong, plus what tries the generator's edges: required keys deleted,
 * values of the wrong type, broken and cyclic `$ref`s, odd names, comment-ending text,
 * and damaged YAML/JSON syntax.
 */
import { stringify } from 'yaml';
import { SeededRandom } from '../../templates/fake/random.js';

/** The fake server's seeded source (mulberry32): plenty for picking mutations. */
export function random(seed: number): () => number {
  const source = new SeededRandom(seed);
  return () => source.next();
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Container = Json[] | { [key: string]: Json };

interface Site {
  readonly parent: Container;
  readonly key: string | number;
  readonly path: readonly (string | number)[];
}

export const ODD_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'class',
  'default',
  'delete',
  'enum',
  'await',
  'a-b',
  'a.b',
  'a b',
  '9lives',
  '',
  '$ref',
  '*/',
  'ünïcødé',
  'Ω',
  'x'.repeat(80),
  'User',
  'userId',
  'user_id',
];

const ODD_TEXT = [
  '*/ closes nothing',
  '/* opens */ nothing',
  '`${injected}`',
  'it\'s "quoted"',
  'line\nbreak',
  '\u2028sep',
  '</script>',
  '\\',
];

const ODD_VALUES: readonly Json[] = [
  null,
  true,
  0,
  -1,
  1.5,
  '',
  'text',
  [],
  {},
  [null],
  { $ref: '#/' },
  1e308,
];

const ODD_TYPES = [
  'string',
  'integer',
  'number',
  'boolean',
  'null',
  'object',
  'array',
  'file',
  'any',
  ['string', 'null'],
  ['integer', 'string'],
  [],
];

const BROKEN_REFS = [
  '#/components/schemas/DoesNotExist',
  '#/components/schemas/',
  '#',
  '#/',
  'other.yaml#/components/schemas/X',
  'https://example.com/schema.json',
  '#/paths',
  '#/info',
  '#/components/schemas/%zz',
  '#/components/schemas/constructor',
  '#/components/schemas/__proto__',
  '#anchor',
  'components/schemas/X',
];

/** Every container member in the document, with its path (document order). */
function sites(root: Json): Site[] {
  const found: Site[] = [];
  const walk = (node: Json, path: (string | number)[]) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        found.push({ parent: node, key: index, path: [...path, index] });
        walk(item, [...path, index]);
      });
    } else if (node !== null && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        found.push({ parent: node, key, path: [...path, key] });
        walk(node[key]!, [...path, key]);
      }
    }
  };
  walk(root, []);
  return found;
}

function get(site: Site): Json {
  return Array.isArray(site.parent)
    ? site.parent[site.key as number]!
    : site.parent[site.key as string]!;
}

function set(site: Site, value: Json): void {
  if (Array.isArray(site.parent)) site.parent[site.key as number] = value;
  else site.parent[site.key as string] = value;
}

function remove(site: Site): void {
  if (Array.isArray(site.parent)) site.parent.splice(site.key as number, 1);
  else delete site.parent[site.key as string];
}

/** Renames an object key in place, keeping its position. */
function rename(object: { [key: string]: Json }, from: string, to: string): void {
  const entries = Object.entries(object).map(([key, value]): [string, Json] => [
    key === from ? to : key,
    value,
  ]);
  for (const key of Object.keys(object)) delete object[key];
  // defineProperty, because plain assignment of `__proto__` would set the prototype.
  for (const [key, value] of entries)
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

const KEYS_WORTH_DELETING = new Set([
  'type',
  'name',
  'in',
  'responses',
  'paths',
  'info',
  'openapi',
  'items',
  'schema',
  'required',
  'content',
  '$ref',
  'properties',
  'title',
  'version',
  'discriminator',
  'propertyName',
  'mapping',
  'allOf',
  'oneOf',
]);

export interface Mutant {
  /** The document text, JSON or YAML. */
  readonly text: string;
  readonly format: 'json' | 'yaml';
  /** What was done, for the failure message. */
  readonly mutations: readonly string[];
}

type Mutation = (
  doc: Json,
  pick: <T>(list: readonly T[]) => T,
  rnd: () => number,
) => string | undefined;

const MUTATIONS: readonly Mutation[] = [
  function deleteKey(doc, pick) {
    const candidates = sites(doc).filter(
      (s) => typeof s.key === 'string' && KEYS_WORTH_DELETING.has(s.key),
    );
    if (candidates.length === 0) return undefined;
    const site = pick(candidates);
    remove(site);
    return `delete ${site.path.join('/')}`;
  },
  function changeType(doc, pick) {
    const site = pick(sites(doc));
    const value = pick(ODD_VALUES);
    set(site, structuredClone(value));
    return `set ${site.path.join('/')} = ${JSON.stringify(value)}`;
  },
  (doc, pick) => replaceMember(doc, pick, 'type', ODD_TYPES as Json[]),
  (doc, pick) => replaceMember(doc, pick, '$ref', BROKEN_REFS),
  function addCycle(doc, pick) {
    const schemas = schemaMap(doc);
    if (!schemas || Object.keys(schemas).length === 0) return undefined;
    const [a, b] = [pick(Object.keys(schemas)), pick(Object.keys(schemas))];
    const ref = schemaRef;
    const shape = pick(['self', 'pair', 'allOf', 'items', 'property'] as const);
    if (shape === 'self') schemas[a] = { $ref: ref(a) };
    else if (shape === 'pair') {
      schemas[a] = { $ref: ref(b) };
      schemas[b] = { $ref: ref(a) };
    } else if (shape === 'allOf') schemas[a] = { allOf: [{ $ref: ref(a) }], nullable: true };
    else if (shape === 'items') schemas[a] = { type: 'array', items: { $ref: ref(a) } };
    else
      schemas[a] = { type: 'object', required: ['next'], properties: { next: { $ref: ref(b) } } };
    return `cycle ${shape} ${a} ${b}`;
  },
  function oddSchemaName(doc, pick) {
    const schemas = schemaMap(doc);
    const names = schemas ? Object.keys(schemas) : [];
    if (!schemas || names.length === 0) return undefined;
    const from = pick(names);
    const to = pick(ODD_NAMES);
    if (Object.hasOwn(schemas, to)) return undefined;
    rename(schemas, from, to);
    // Usually follow the rename through the document's refs; sometimes leave them dangling.
    for (const site of sites(doc))
      if (site.key === '$ref' && get(site) === schemaRef(from)) set(site, schemaRef(to));
    return `rename schema ${from} → ${JSON.stringify(to)}`;
  },
  function oddPropertyName(doc, pick) {
    const candidates = sites(doc).filter((s) => s.key === 'properties' && isObject(get(s)));
    if (candidates.length === 0) return undefined;
    const properties = get(pick(candidates)) as { [key: string]: Json };
    const name = pick(ODD_NAMES);
    const names = Object.keys(properties);
    if (names.length > 0 && !Object.hasOwn(properties, name)) rename(properties, pick(names), name);
    else
      Object.defineProperty(properties, name, {
        value: { type: 'string' },
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return `property ${JSON.stringify(name)}`;
  },
  function oddText(doc, pick) {
    const candidates = sites(doc).filter(
      (s) => s.key === 'description' || s.key === 'summary' || s.key === 'title',
    );
    if (candidates.length === 0) return undefined;
    const site = pick(candidates);
    const text = pick(ODD_TEXT);
    set(site, text);
    return `text ${site.path.join('/')} = ${JSON.stringify(text)}`;
  },
  function oddEnum(doc, pick) {
    const candidates = sites(doc).filter((s) => s.key === 'enum');
    if (candidates.length === 0) return undefined;
    const site = pick(candidates);
    const values = pick<Json>([
      [],
      [null],
      [1, '1'],
      [{}],
      [true, false],
      ['a', 'a'],
      [1.5, -0],
      ['*/', 'constructor', '__proto__'],
    ]);
    set(site, structuredClone(values));
    return `enum ${site.path.join('/')} = ${JSON.stringify(values)}`;
  },
  function nullable(doc, pick) {
    const candidates = sites(doc).filter(
      (s) =>
        s.key === 'schema' ||
        s.key === 'items' ||
        (s.path.at(-2) === 'properties' && isObject(get(s))),
    );
    if (candidates.length === 0) return undefined;
    const site = pick(candidates);
    const inner = get(site);
    const wrapped = pick<Json>([
      { allOf: [inner], nullable: true, readOnly: true, description: 'wrapped */' },
      { oneOf: [inner, { enum: [null] }] },
      { anyOf: [inner, { type: 'null' }] },
      { type: 'object', additionalProperties: { type: 'array', items: inner } },
    ]);
    set(site, wrapped);
    return `wrap ${site.path.join('/')}`;
  },
];

function schemaRef(name: string): string {
  return `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Sets one member called `key`, somewhere in the document, to one of `choices`. */
function replaceMember(
  doc: Json,
  pick: <T>(list: readonly T[]) => T,
  key: string,
  choices: readonly Json[],
): string | undefined {
  const candidates = sites(doc).filter((s) => s.key === key);
  if (candidates.length === 0) return undefined;
  const site = pick(candidates);
  const value = pick(choices);
  set(site, structuredClone(value));
  return `${site.path.join('/')} = ${JSON.stringify(value)}`;
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function schemaMap(doc: Json): { [key: string]: Json } | undefined {
  const components = isObject(doc) ? doc['components'] : undefined;
  const schemas = isObject(components) ? components['schemas'] : undefined;
  return isObject(schemas) ? schemas : undefined;
}

/** Damages the text itself, for the parsers' diagnostics. */
function damageText(text: string, rnd: () => number): { text: string; mutation: string } {
  const at = Math.floor(rnd() * text.length);
  const kind = Math.floor(rnd() * 4);
  if (kind === 0) return { text: text.slice(0, at), mutation: `truncate at ${at}` };
  if (kind === 1)
    return {
      text: `${text.slice(0, at)}${'{[:,"\t&*!|>'[Math.floor(rnd() * 12)]}${text.slice(at)}`,
      mutation: `insert at ${at}`,
    };
  if (kind === 2)
    return { text: `${text.slice(0, at)}${text.slice(at + 1)}`, mutation: `delete char ${at}` };
  return { text: `${text}\n${text.slice(0, at)}`, mutation: `append ${at} chars` };
}

/** Case `seed` of `base`: one to three mutations, written as JSON or YAML. */
export function mutate(base: unknown, seed: number): Mutant {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const doc = structuredClone(base) as Json;
  const mutations: string[] = [];
  const count = 1 + Math.floor(rnd() * 3);
  for (let attempt = 0; mutations.length < count && attempt < 10; attempt++) {
    const done = pick(MUTATIONS)(doc, pick, rnd);
    if (done !== undefined) mutations.push(done);
  }
  const format = rnd() < 0.5 ? 'json' : 'yaml';
  let text =
    format === 'json'
      ? JSON.stringify(doc, null, 2)
      : stringify(doc, { aliasDuplicateObjects: false });
  if (rnd() < 0.1) {
    const damaged = damageText(text, rnd);
    text = damaged.text;
    mutations.push(damaged.mutation);
  }
  return { text, format, mutations };
}
