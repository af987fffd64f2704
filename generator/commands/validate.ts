import { formatDiagnostic, hasErrors } from '../diagnostics.js';
import { validateSpec } from '../pipeline.js';
import { displayPath } from './paths.js';
import { EXIT, type CommandIo } from './io.js';

export async function runValidate(
  options: { readonly spec: string },
  io: CommandIo,
): Promise<number> {
  const spec = displayPath(options.spec);
  const diagnostics = await validateSpec(spec);
  for (const d of diagnostics) io.err(formatDiagnostic(d));
  if (hasErrors(diagnostics)) {
    io.err(`${spec}: ${diagnostics.filter((d) => d.severity === 'error').length} error(s).`);
    return EXIT.invalid;
  }
  io.out(`${spec} is valid.`);
  return EXIT.ok;
}
