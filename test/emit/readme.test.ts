/** The package README: named after the package, with install, reference and a row per operation. */
import { describe, expect, it } from 'vitest';
import { emitReadme } from '../../generator/emit/readme.js';
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
      expect.arrayContaining(['## Install', 'npm install test-api-client', '## Reference']),
    );
  });

  it('lists each operation once in the reference table', () => {
    const rows = (lines: string[]) =>
      lines.slice(lines.indexOf('## Reference')).filter((l) => l.startsWith('| `'));
    expect(rows(readme('thingsList'))).toHaveLength(1);
    expect(rows(readme('thingsList', 'thingsCount'))).toHaveLength(2);
  });
});
