#!/usr/bin/env node
// `connect-codegen` as npm links it: runs the TypeScript command line through tsx (a
// devDependency) until the generator is compiled ahead of time. Both imports resolve from
// this file's location, not the working directory, so the command runs from anywhere; paths
// given on the command line stay relative to the working directory.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('./cli.ts');
await runCli(process.argv.slice(2));
