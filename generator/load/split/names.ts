/**
 * Names for what the bundler hoists into `components`, chosen from where the target is, so
 * that they read well and stay the same from run to run:
 *
 * - the last token of the ref's fragment (`./schemas.yaml#/Station`,
 *   `./common.yaml#/components/schemas/Station` → `Station`), or, with no fragment, the file's
 *   name without its extension (`./schemas/charging-session.yaml` → `charging-session`): the
 *   file name rather than a `title`, because files are what authors name after components;
 * - a root component that is only a `$ref` to a file (`Station: {$ref: ./Station.yaml}`) gives
 *   its own name to that target;
 * - a name that the root document already uses, or that several targets want, is qualified by
 *   what sets each target apart, nearest first: the fragment's earlier tokens, the file's name,
 *   then its folders (`common-Station`, `v2-common-Station`), and only then a number. Every
 *   target that wants the name is qualified, so no target wins by the order files were read.
 *
 * Component names may only hold `A-Z a-z 0-9 . _ -` (OpenAPI), so anything else becomes `-`.
 */
import { basename, dirname, extname, relative, sep } from 'node:path';
import { splitPointer } from '../../shared/document/pointer.js';
import { COMPONENT_KINDS, type ComponentKind } from '../../shared/document/components.js';

export interface HoistTarget {
  readonly key: string;
  readonly kind: ComponentKind;
  /** Absolute path of the file. */
  readonly file: string;
  /** Pointer of the target in that file. */
  readonly pointer: string;
}

/** Tokens that only say "this is a component": no help telling two targets apart. */
const GENERIC = new Set<string>(['components', 'definitions', '$defs', ...COMPONENT_KINDS]);

/**
 * A name for every target: `claimed` names (from root components) first, then the rest.
 * `taken` holds the root's own component names per kind.
 */
export function nameTargets(
  targets: readonly HoistTarget[],
  claimed: ReadonlyMap<string, string>,
  taken: (kind: ComponentKind) => ReadonlySet<string>,
  rootDir: string,
): Map<string, string> {
  const names = new Map<string, string>(claimed);
  for (const kind of COMPONENT_KINDS) {
    const used = new Set(taken(kind));
    const open = targets
      .filter((t) => t.kind === kind && !claimed.has(t.key))
      .map((t) => ({ target: t, candidates: candidates(t, rootDir) }))
      .sort(
        (a, b) =>
          compare(a.target.file, b.target.file) || compare(a.target.pointer, b.target.pointer),
      );
    const wanted = new Map<string, number>();
    for (const {
      candidates: [plain],
    } of open)
      wanted.set(plain!, (wanted.get(plain!) ?? 0) + 1);
    for (const { target, candidates: list } of open) {
      const plain = list[0]!;
      const shared = used.has(plain) || (wanted.get(plain) ?? 0) > 1;
      const name =
        (shared ? list.slice(1) : list).find((c) => !used.has(c)) ?? numbered(plain, used);
      used.add(name);
      names.set(target.key, name);
    }
  }
  return names;
}

/** The plain name, then ever more qualified ones. */
function candidates(target: HoistTarget, rootDir: string): string[] {
  const tokens = splitPointer(target.pointer) ?? [];
  const fileName = basename(target.file, extname(target.file));
  const folders = relative(rootDir, dirname(target.file))
    .split(sep)
    .filter((f) => f !== '' && f !== '.' && f !== '..');
  const plain = tokens.length > 0 ? tokens[tokens.length - 1]! : fileName;
  const qualifiers = [
    ...tokens
      .slice(0, -1)
      .filter((t) => !GENERIC.has(t))
      .reverse(),
    ...(tokens.length > 0 ? [fileName] : []),
    ...folders.reverse(),
  ];
  const list = [plain];
  for (let n = 1; n <= qualifiers.length; n += 1)
    list.push([...qualifiers.slice(0, n).reverse(), plain].join('-'));
  return [...new Set(list.map(componentName))];
}

function numbered(plain: string, used: ReadonlySet<string>): string {
  let n = 2;
  while (used.has(`${componentName(plain)}-${n}`)) n += 1;
  return `${componentName(plain)}-${n}`;
}

function componentName(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'unnamed';
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
