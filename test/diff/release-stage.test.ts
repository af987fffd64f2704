/**
 * The release stage as a pipeline stage: given what the last run left (as values, no disk)
 * and the document the pipeline loaded, it decides the version and adds the record and the
 * changelog. The committed package is what it gives for the committed record.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generate } from '../../generator/pipeline.js';
import { readPreviousOutput } from '../../generator/release/previous.js';

const SPEC = 'spec/connect-api.yaml';
const COMMAND = 'npm run generate';

describe('the release stage', () => {
  it('starts a new history at the API version when nothing was recorded', async () => {
    const result = await generate({
      specPath: SPEC,
      command: COMMAND,
      release: { previous: {}, outLabel: 'out', markReleased: false },
    });
    expect(result.version).toBe('1.4.0');
    const paths = result.files?.map((f) => f.path) ?? [];
    expect(paths).toContain('api-surface.json');
    expect(paths).toContain('CHANGELOG.md');
    const manifest = JSON.parse(result.files!.find((f) => f.path === 'package.json')!.content) as {
      version: string;
    };
    expect(manifest.version).toBe('1.4.0');
  }, 60_000);

  it('gives the committed package back from the committed record', async () => {
    const previous = await readPreviousOutput('generated');
    const result = await generate({
      specPath: SPEC,
      command: COMMAND,
      release: { previous, outLabel: 'generated', markReleased: false },
    });
    const committed = JSON.parse(await readFile('generated/package.json', 'utf8')) as {
      version: string;
    };
    expect(result.version).toBe(committed.version);
    for (const path of ['api-surface.json', 'CHANGELOG.md', 'package.json']) {
      expect(result.files!.find((f) => f.path === path)!.content).toBe(
        await readFile(`generated/${path}`, 'utf8'),
      );
    }
  }, 60_000);

  it('leaves versioning out when the caller asks for no release', async () => {
    const result = await generate({ specPath: SPEC, command: COMMAND });
    expect(result.version).toBeUndefined();
    expect(result.files?.some((f) => f.path === 'CHANGELOG.md')).toBe(false);
  }, 60_000);
});
