import { formatDiagnostic, hasErrors } from '../diagnostics.js';
import { validateSpec } from '../pipeline.js';
import { EXIT, type CommandIo } from './io.js';
import { resolveGenerate, type GenerateFlags } from './settings.js';

export async function runValidate(
  options: Pick<GenerateFlags, 'spec' | 'config' | 'refRoot' | 'maxFileSize' | 'maxTotalSize'>,
  io: CommandIo,
): Promise<number> {
  // The spec comes from the flag, else from the config file, as for `generate`.
  const settled = await resolveGenerate(options);
  for (const d of settled.diagnostics) io.err(formatDiagnostic(d));
  if (!settled.resolved) {
    io.err(
      `${settled.diagnostics.filter((d) => d.severity === 'error').length} error(s) in the config.`,
    );
    return EXIT.invalid;
  }
  const { spec, settings } = settled.resolved;
  const diagnostics = await validateSpec(spec, undefined, settings.read);
  for (const d of diagnostics) io.err(formatDiagnostic(d));
  if (hasErrors(diagnostics)) {
    io.err(`${spec}: ${diagnostics.filter((d) => d.severity === 'error').length} error(s).`);
    return EXIT.invalid;
  }
  io.out(`${spec} is valid.`);
  return EXIT.ok;
}
