/**
 * A layer's `layer.json` checked member by member, as data: every problem is reported at its
 * JSON pointer, none thrown, so one run names all of them. Pure; generator/emit/templates/layers.ts reads
 * the file and the markdown it names.
 */
import type { LayerErrorField } from './layer.js';

/** The manifest as written, before its markdown is read. */
export interface LayerManifest {
  readonly keywords: readonly string[];
  readonly operation?: string;
  readonly errorFields: readonly LayerErrorField[];
  /** Paths of markdown files inside the layer's folder. */
  readonly docs: { readonly readme?: string; readonly api?: string };
  /** Whether the layer brings the fake server (its fake/, templates/<lib>/fake). */
  readonly fake: boolean;
}

export interface ManifestProblem {
  readonly pointer: string;
  readonly message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
/** A relative `.md` path that stays inside the folder: the docs ship with the layer. */
const isDocPath = (v: unknown): v is string =>
  isText(v) && v.endsWith('.md') && !v.startsWith('/') && !v.split(/[\\/]/).includes('..');

/**
 * `value` as a manifest, or the problems that keep it from being one. `exports` are the names
 * the layer's index (`indexFile`) exports: an error field's helper must be one of them,
 * since the README's example imports it from the package.
 */
export function checkManifest(
  value: unknown,
  exports: readonly string[],
  indexFile: string,
): { readonly manifest?: LayerManifest; readonly problems: readonly ManifestProblem[] } {
  const problems: ManifestProblem[] = [];
  const problem = (pointer: string, message: string) => problems.push({ pointer, message });
  /** The object's own members, each unknown one a problem. */
  const members = (object: Record<string, unknown>, at: string, known: readonly string[]) => {
    for (const key of Object.keys(object))
      if (!known.includes(key))
        problem(`${at}/${key}`, `unknown member; expected ${known.join(', ')}`);
    return (key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);
  };
  if (!isObject(value)) return { problems: [{ pointer: '', message: 'expected an object' }] };
  const get = members(value, '', [
    'description',
    'keywords',
    'operation',
    'errorFields',
    'docs',
    'fake',
  ]);

  const keywords = get('keywords') ?? [];
  if (!Array.isArray(keywords) || !keywords.every(isText))
    problem('/keywords', 'expected an array of non-empty strings');
  const operation = get('operation');
  if (operation !== undefined && !isText(operation))
    problem('/operation', 'expected the operationId the docs are about');

  const fields = get('errorFields') ?? [];
  if (!Array.isArray(fields)) problem('/errorFields', 'expected an array');
  const errorFields: LayerErrorField[] = [];
  for (const [i, field] of (Array.isArray(fields) ? (fields as unknown[]) : []).entries()) {
    const at = `/errorFields/${i}`;
    if (!isObject(field)) {
      problem(at, 'expected an object with status, helper and comment');
      continue;
    }
    const member = members(field, at, ['status', 'helper', 'comment']);
    const [status, helper, comment] = [member('status'), member('helper'), member('comment')];
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
      problem(`${at}/status`, 'expected an error status, 400 to 599');
    if (!isText(helper))
      problem(`${at}/helper`, 'expected the name of a function the layer exports');
    else if (!exports.includes(helper))
      problem(`${at}/helper`, `'${helper}' is not exported by ${indexFile}`);
    // It becomes a `//` comment in a code sample, so it is one line.
    if (!isText(comment) || /[\r\n]/.test(comment))
      problem(`${at}/comment`, 'expected one line of text');
    errorFields.push({ status, helper, comment } as LayerErrorField);
  }

  const docs = get('docs') ?? {};
  if (!isObject(docs)) problem('/docs', 'expected an object with readme and api');
  const doc = isObject(docs) ? members(docs, '/docs', ['readme', 'api']) : () => undefined;
  const [readme, api] = [doc('readme'), doc('api')];
  for (const [key, path] of [
    ['readme', readme],
    ['api', api],
  ] as const)
    if (path !== undefined && !isDocPath(path))
      problem(`/docs/${key}`, "expected the path of a .md file inside the layer's folder");

  const fake = get('fake') ?? false;
  if (typeof fake !== 'boolean')
    problem(
      '/fake',
      'expected true when the layer brings the fake server (its fake/, templates/<lib>/fake)',
    );

  if (problems.length > 0) return { problems };
  return {
    manifest: {
      keywords: keywords as string[],
      ...(operation !== undefined && { operation: operation as string }),
      errorFields,
      docs: {
        ...(readme !== undefined && { readme: readme as string }),
        ...(api !== undefined && { api: api as string }),
      },
      fake: fake as boolean,
    },
    problems,
  };
}
