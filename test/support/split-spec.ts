/**
 * Splits a single-file spec over folders the way teams keep theirs, to prove that loading the
 * split copy gives the same document: each path item in `paths/<slug>.yaml`, the first
 * operation of every other path in `paths/operations/` (an operation as a ref, two folders
 * down), each schema in `schemas/<Name>.yaml`, each parameter in `parameters/<Name>.json`
 * (JSON beside YAML), each response in `responses/<Name>.yaml`; refs between them are
 * relative to the file they are written in (`../schemas/Station.yaml`, `./Station.yaml`).
 * Files are named after their components, so the hoisted names are the original ones.
 * A test helper rather than a user tool: teams that split their spec already have it split.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { stringify } from 'yaml';

type Json = Record<string, unknown>;

const FOLDERS: Readonly<Record<string, { dir: string; ext: string }>> = {
  schemas: { dir: 'schemas', ext: 'yaml' },
  parameters: { dir: 'parameters', ext: 'json' },
  responses: { dir: 'responses', ext: 'yaml' },
  requestBodies: { dir: 'request-bodies', ext: 'yaml' },
};

/** Writes the split copy of `document` under `outDir`; returns the root file's path. */
export async function splitSpec(document: Json, outDir: string): Promise<string> {
  const files = new Map<string, unknown>();
  const fileOf = (kind: string, name: string) =>
    FOLDERS[kind] ? `${FOLDERS[kind].dir}/${name}.${FOLDERS[kind].ext}` : undefined;
  /** `value` with its local refs to split kinds made relative to `from` (a path under outDir). */
  const relink = (value: unknown, from: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => relink(v, from));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, member]) => {
        const match =
          key === '$ref' && typeof member === 'string'
            ? /^#\/components\/([^/]+)\/([^/]+)$/.exec(member)
            : null;
        const target = match ? fileOf(match[1]!, match[2]!) : undefined;
        if (target === undefined) return [key, relink(member, from)];
        const path = relative(dirname(from), target);
        return [key, path.startsWith('.') ? path : `./${path}`];
      }),
    );
  };

  const root: Json = { ...document };
  const components: Json = { ...(document.components as Json) };
  for (const [kind, entries] of Object.entries(components)) {
    if (!FOLDERS[kind]) continue;
    const refs: Json = {};
    for (const [name, value] of Object.entries(entries as Json)) {
      const file = fileOf(kind, name)!;
      files.set(file, relink(value, file));
      refs[name] = { $ref: `./${file}` };
    }
    components[kind] = refs;
  }
  root.components = components;

  const paths: Json = {};
  Object.entries(document.paths as Json).forEach(([template, item], index) => {
    const slug = template
      .replace(/^\/api\/v1\//, '')
      .replace(/[{}]/g, '')
      .replace(/\/+$/, '');
    const file = `paths/${slug.replace(/\//g, '-')}.yaml`;
    const pathItem = { ...(item as Json) };
    const method = Object.keys(pathItem).find((k) =>
      ['get', 'post', 'put', 'patch', 'delete'].includes(k),
    );
    if (index % 2 === 1 && method !== undefined) {
      const operationFile = `paths/operations/${slug.replace(/\//g, '-')}-${method}.yaml`;
      files.set(operationFile, relink(pathItem[method], operationFile));
      pathItem[method] = { $ref: `./${relative('paths', operationFile)}` };
    }
    files.set(file, relink(pathItem, file));
    paths[template] = { $ref: `./${file}` };
  });
  root.paths = paths;
  files.set('openapi.yaml', relink(root, 'openapi.yaml'));

  for (const [file, value] of files) {
    const path = join(outDir, file);
    await mkdir(dirname(path), { recursive: true });
    const text = file.endsWith('.json')
      ? `${JSON.stringify(value, null, 2)}\n`
      : stringify(value, { aliasDuplicateObjects: false, lineWidth: 0 });
    await writeFile(path, text);
  }
  return join(outDir, 'openapi.yaml');
}
