/**
 * A schema named like a platform type the client names itself: GitHub's description has a
 * `Blob` schema (a git blob) beside calls that download bytes (`Blob` results). Both meet in
 * the client module (the bytes call in another tag's module than the schema's); the output
 * must still type-check under strict.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateText, typeCheck, writeOutput } from '../robustness/harness.js';
import { useScratchDir } from '../support/scratch.js';

const DOCUMENT = `
openapi: 3.1.0
info: { title: Blobs, version: '1' }
paths:
  /blobs/{sha}:
    get:
      operationId: getBlob
      tags: [git]
      parameters:
        - { name: sha, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: the git blob
          content:
            application/json: { schema: { $ref: '#/components/schemas/Blob' } }
  /blobs/{sha}/raw:
    get:
      operationId: getRawBlob
      tags: [meta]
      parameters:
        - { name: sha, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: the bytes
          content:
            application/octet-stream: { schema: { type: string, format: binary } }
components:
  schemas:
    Blob:
      type: object
      required: [sha, content]
      properties:
        sha: { type: string }
        content: { type: string }
`;

const scratch = useScratchDir('connect-codegen-blob-schema-');

describe('a schema named Blob beside a binary result', () => {
  it('type-checks under strict', async () => {
    const outcome = await generateText('blobs.yaml', DOCUMENT);
    if (outcome.kind !== 'generated')
      throw new Error(outcome.diagnostics.map((d) => d.message).join('\n'));
    const dir = scratch();
    const written = await writeOutput(dir, outcome.files);
    const errors = typeCheck(written.filter((f) => f.startsWith(join(dir, 'src'))));
    expect(errors).toEqual([]);
  });
});
