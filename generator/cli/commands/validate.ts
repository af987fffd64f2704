import { listDiagnostics, withWarnings } from '../../shared/diagnostics.js';
import { validateSpec } from '../../pipeline.js';
import { EXIT, type CommandIo } from './io.js';
import { resolveGenerate, type GenerateFlags } from './settings.js';

export async function runValidate(
  options: Pick<GenerateFlags, 'spec' | 'config' | 'refRoot' | 'maxFileSize' | 'maxTotalSize'> & {
    /** Print every warning, not only the first of each kind. */
    readonly verbose?: boolean;
  },
  io: CommandIo,
): Promise<number> {
  const verbose = options.verbose ?? false;
  // The spec comes from the flag, else from the config file, as for `generate`.
  const settled = await resolveGenerate(options);
  if (!settled.resolved) {
    const listing = listDiagnostics(settled.diagnostics, verbose);
    for (const line of listing.lines) io.err(line);
    io.err(withWarnings(`${listing.errors} error(s) in the config.`, listing));
    return EXIT.invalid;
  }
  const { spec, settings } = settled.resolved;
  const diagnostics = await validateSpec(spec, undefined, settings.read);
  // The config's warnings and the spec's are listed and counted together.
  const listing = listDiagnostics([...settled.diagnostics, ...diagnostics], verbose);
  for (const line of listing.lines) io.err(line);
  if (listing.errors > 0) {
    io.err(withWarnings(`${spec}: ${listing.errors} error(s).`, listing));
    return EXIT.invalid;
  }
  io.out(withWarnings(`${spec} is valid.`, listing));
  return EXIT.ok;
}
