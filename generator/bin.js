#!/usr/bin/env node
// `connect-codegen`, as npm links it and as the npm scripts run it: the generator compiled
// ahead of time (`build.js`: rebuilt only when a source changed), so no TypeScript is compiled
// at run time. Imports resolve from this file's location, not the working directory, so the
// command runs from anywhere; paths given on the command line stay relative to the working
// directory.
import { loadCli } from './build.js';
import { enableCompileCache } from './compile-cache.js';

enableCompileCache();

const { runCli } = await loadCli();
await runCli(process.argv.slice(2));
