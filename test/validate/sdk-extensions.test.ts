/** `info.x-sdk-*`: each optional, each refused with its line when it cannot be used. */
import { describe, expect, it } from 'vitest';
import { parseSource } from '../../generator/load/load.js';
import { validateDocument } from '../../generator/validate/index.js';
import { sdkExtensions } from '../../generator/validate/sdk-extensions.js';

function diagnosticsFor(infoLines: string): ReturnType<typeof sdkExtensions> {
  const text = `openapi: 3.1.0\ninfo:\n  title: Pets\n  version: '1'\n${infoLines}paths: {}\n`;
  const { document } = parseSource('pets.yaml', text);
  if (!document) throw new Error('did not parse');
  return sdkExtensions(document);
}

describe('info.x-sdk-* extensions', () => {
  it('accept well-formed values and their absence', () => {
    expect(diagnosticsFor('')).toEqual([]);
    expect(
      diagnosticsFor(
        '  x-sdk-token-env: PETS_TOKEN\n  x-sdk-client-header: x-pets-client\n  x-sdk-lib: connect\n  x-sdk-spec-revision: 2\n',
      ),
    ).toEqual([]);
  });

  it.each([
    ['x-sdk-token-env: 42', 'x-sdk-token-env', 'info.x-sdk-token-env must be a string, got number'],
    [
      'x-sdk-token-env: pets-token',
      'x-sdk-token-env',
      "info.x-sdk-token-env: 'pets-token' is not an environment variable name",
    ],
    [
      'x-sdk-client-header: [x-a]',
      'x-sdk-client-header',
      'info.x-sdk-client-header must be a string, got an array',
    ],
    [
      'x-sdk-client-header: "x pets"',
      'x-sdk-client-header',
      "info.x-sdk-client-header: 'x pets' is not a header name",
    ],
    [
      'x-sdk-client-header: Authorization',
      'x-sdk-client-header',
      "info.x-sdk-client-header: 'Authorization' is a header the client already sets",
    ],
    ['x-sdk-lib: stripe', 'x-sdk-lib', "info.x-sdk-lib: 'stripe' is not a layer the generator has"],
    ['x-sdk-lib: true', 'x-sdk-lib', 'info.x-sdk-lib must be a string, got boolean'],
    [
      "x-sdk-spec-revision: '2'",
      'x-sdk-spec-revision',
      'info.x-sdk-spec-revision must be a whole number from 1, got "2"',
    ],
    [
      'x-sdk-spec-revision: 0',
      'x-sdk-spec-revision',
      'info.x-sdk-spec-revision must be a whole number from 1, got 0',
    ],
    [
      'x-sdk-spec-revision: 1.5',
      'x-sdk-spec-revision',
      'info.x-sdk-spec-revision must be a whole number from 1, got 1.5',
    ],
  ])('refuses %s at its line', (line, name, message) => {
    const [found, ...more] = diagnosticsFor(`  ${line}\n`);
    expect(more).toEqual([]);
    expect(found).toMatchObject({
      code: 'invalid-sdk-extension',
      severity: 'error',
      pointer: `/info/${name}`,
      message,
      line: 5,
      column: expect.any(Number),
    });
    expect(found!.hint).toBeTruthy();
  });

  it('run with the other semantic rules', () => {
    const { document } = parseSource(
      'pets.yaml',
      "openapi: 3.1.0\ninfo:\n  title: Pets\n  version: '1'\n  x-sdk-lib: runtime\npaths: {}\n",
    );
    expect(validateDocument(document!).map((d) => d.code)).toContain('invalid-sdk-extension');
  });
});
