/**
 * The package's README and api.md, with examples taken from the document itself.
 */
export { emitApiMarkdown } from './api-md.js';
export { emitReadme } from './readme.js';
