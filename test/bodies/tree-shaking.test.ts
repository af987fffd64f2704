/**
 * Text and binary encoding live in runtime modules of their own, named by the descriptors
 * that need them: a bundle of a JSON operation carries none of that code, a download carries
 * only the decoder of bytes, a text call only the text functions.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateText, writeOutput } from '../robustness/harness.js';
import { useScratchDir } from '../support/scratch.js';
import { bundleOfOneCall } from '../support/generated-package.js';

const FIXTURE = 'test/fixtures/bodies/media.yaml';
const FUNCTIONS = ['encodeTextBody', 'decodeTextBody', 'encodeBinaryBody', 'decodeBinaryBody'];
const scratch = useScratchDir('connect-codegen-bodies-bundle-');
let dir: string;

beforeAll(async () => {
  const outcome = await generateText(FIXTURE, await readFile(FIXTURE, 'utf8'));
  if (outcome.kind !== 'generated') throw new Error('the fixture was refused');
  dir = scratch();
  await writeOutput(dir, outcome.files);
});

/** Which of the text and binary functions a bundle of one call holds (unminified, tree-shaken). */
async function bundled(operation: string): Promise<string[]> {
  const code = await bundleOfOneCall(dir, 'createMediaCore', operation);
  return FUNCTIONS.filter((name) => code.includes(`function ${name}(`));
}

describe('bundles of one call', () => {
  it.each([
    ['thingsCreate', []],
    ['tablesDescribe', []],
    ['imagesDownload', ['decodeBinaryBody']],
    ['filesUpload', ['encodeBinaryBody']],
    ['feedsPublish', ['encodeTextBody', 'decodeTextBody']],
  ])('%s carries %j', async (operation, expected) => {
    expect(await bundled(operation)).toEqual(expected);
  });
});
