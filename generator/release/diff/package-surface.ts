/**
 * The public surface of a generated package: the API surface built from the IR (operations,
 * their parameters, bodies, statuses and fields, exported schema types), plus every other
 * name the package exports, read from its files. The first judges what the spec can change
 * with request/response rules; the second catches what only the generator can change —
 * a renamed enum member, guard, error class or runtime export.
 *
 * Names the IR surface already covers (schema types, operation functions) are left out of
 * the second part, so a renamed function is reported once, as the operation's move, and not
 * again as an export. Enum-like constants keep their entry: their members are not in the IR.
 */
import type { ExportedName } from '../../shared/module-exports.js';
import { code } from './phrase.js';
import type { SurfaceSource } from './snapshot.js';
import { buildSurface } from './surface.js';
import type { Surface, SurfaceEntry } from './surface-model.js';

export function buildPackageSurface(
  source: SurfaceSource,
  exports: readonly ExportedName[],
): Surface {
  const api = buildSurface(source);
  const covered = new Set([
    ...source.schemas.flatMap((s) => [
      s.name,
      ...(s.requestName !== undefined ? [s.requestName] : []),
    ]),
    ...source.operations.map((o) => o.functionName),
  ]);
  const extra = exports
    .filter((e) => !(e.entry === '.' && covered.has(e.name) && e.members === undefined))
    .map(exportEntry);
  return { version: api.version, entries: [...api.entries, ...extra] };
}

function exportEntry(name: ExportedName): SurfaceEntry {
  const from = name.entry === '.' ? [] : [' from ', code(name.entry)];
  return {
    key: `export ${name.entry} ${name.name}`,
    operation: '',
    subject: 'export',
    side: 'operation',
    location: ['export ', code(name.name), ...from],
    required: true,
    nullable: false,
    // The kinds as one shape: `const + type` for an enum; a change (a class that became a function) is reported as such.
    type: name.kinds.join(' + '),
    ...(name.members ? { values: name.members } : {}),
  };
}
