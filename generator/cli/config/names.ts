/** The config file's names, looked for in the working directory in this order; apart so the command line's entry point loads no reader. */
export const CONFIG_FILES = [
  'connect-codegen.config.json',
  'connect-codegen.config.mjs',
  'connect-codegen.config.js',
] as const;
