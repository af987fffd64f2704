#!/usr/bin/env node
// `connect-codegen` as the installed package runs it. `pack.ts` copies this file to the
// package's `generator/bin.js` (the place `setup-merge` names to git), beside the prebuilt
// bundle in `dist/bundle/`: an install needs neither esbuild nor TypeScript to start, and
// nothing is compiled on the user's machine. The repository's own `generator/bin.js` builds
// that bundle from the sources instead.
import { enableCompileCache } from './compile-cache.js';

enableCompileCache();

const { runCli } = await import('../dist/bundle/connect-codegen.js');
await runCli(process.argv.slice(2));
