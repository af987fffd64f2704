/** The command line's defaults and how paths appear in output; kept apart from the commands so the entry point loads neither. */
import { isAbsolute, relative, sep } from 'node:path';

export const DEFAULT_SPEC = 'spec/connect-api.yaml';
export const DEFAULT_OUT = 'generated';

/** A path as it should appear in headers: relative and with forward slashes, so output is the same on every machine. */
export function displayPath(path: string): string {
  const rel = isAbsolute(path) ? relative(process.cwd(), path) : path;
  return rel.split(sep).join('/');
}
