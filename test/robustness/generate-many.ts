/**
 * Runs the real command line (`connect-codegen generate`) for several documents in one
 * process, for the determinism test, which starts it under different time zones and
 * locales. Usage: `tsx test/robustness/generate-many.ts <outRoot> <spec>...`; each spec's
 * package goes to `<outRoot>/<index>`. Exits with the first non-zero exit code.
 */
import { join } from 'node:path';
import { main } from '../../generator/cli/cli.js';

const [outRoot, ...specs] = process.argv.slice(2);
let exitCode = 0;
for (const [index, spec] of specs.entries()) {
  const code = await main([
    'generate',
    '--spec',
    spec,
    '--out',
    join(outRoot ?? '.', String(index)),
  ]);
  if (code !== 0 && exitCode === 0) exitCode = code;
}
process.exitCode = exitCode;
