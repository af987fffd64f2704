/** The package README: named after the package, with install, reference and a row per operation. */
import { describe, expect, it } from 'vitest';
import { emitReadme } from '../../generator/emit/docs/readme.js';
import { irOf, operation } from '../support/ir-values.js';

function readme(...functionNames: string[]): string[] {
  const ir = irOf(
    [],
    functionNames.map((functionName) => operation({ functionName, methodName: functionName })),
  );
  const file = emitReadme(ir, 'HEADER');
  if (file.kind !== 'text') throw new Error('the README is text');
  expect(file.path).toBe('README.md');
  return file.content.split('\n');
}

describe('emitReadme', () => {
  it('opens with the header comment and the package name, and has Install and Reference sections', () => {
    const lines = readme('thingsList');
    expect(lines.slice(0, 3)).toEqual(['<!-- HEADER -->', '', '# test-api-client']);
    expect(lines).toEqual(
      expect.arrayContaining([
        '## Install',
        'cd <this folder> && npm install && npm pack',
        '## Reference',
      ]),
    );
  });

  it('tells how to build and install the package from its folder first; the registry once it is published there', () => {
    const ir = irOf([]);
    const file = emitReadme({ ...ir, info: { ...ir.info, packageName: '@acme/pets-client' } }, 'H');
    if (file.kind !== 'text') throw new Error('the README is text');
    const install = file.content.slice(
      file.content.indexOf('## Install'),
      file.content.indexOf('\n## ', file.content.indexOf('## Install') + 1),
    );
    // npm pack names a scoped package's tarball without the `@`, its `/` made a `-`.
    expect(install).toContain(
      '```sh\ncd <this folder> && npm install && npm pack\ncd <your app> && npm install <this folder>/acme-pets-client-<version>.tgz\n```',
    );
    expect(install).toContain('depend on `"@acme/pets-client": "*"`');
    // A name no registry may know yet is never the first thing to run.
    expect(install.indexOf('`npm install @acme/pets-client`')).toBeGreaterThan(
      install.indexOf('npm pack'),
    );
    expect(install).toContain(
      '`npm install @acme/pets-client` works once the package is published to a registry under that name',
    );
  });

  it('lists each operation once in the reference table', () => {
    const rows = (lines: string[]) =>
      lines.slice(lines.indexOf('## Reference')).filter((l) => l.startsWith('| `'));
    expect(rows(readme('thingsList'))).toHaveLength(1);
    expect(rows(readme('thingsList', 'thingsCount'))).toHaveLength(2);
  });
});
