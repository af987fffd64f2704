// Everything hey-api generated: the SDK, its fetch client and the zod schemas.
export * from '../.work/hey-api/index.js';
export * from '../.work/hey-api/zod.gen.js';
