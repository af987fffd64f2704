/** `core.ts`: one exported factory named after the API (`Test API` → `createTestCore`), taking client options and returning a `ClientCore`. */
import { describe, expect, it } from 'vitest';
import {
  coreFactoryName,
  emitCoreFactory,
  smallBundleOperation,
} from '../../generator/emit/operations/core-factory.js';
import { exportedNames, importsOf, sourceOf } from '../support/emitted.js';
import { irOf, operation, str } from '../support/ir-values.js';

const list = operation({ functionName: 'thingsList' });
const retrieve = operation({
  functionName: 'thingsRetrieve',
  methodName: 'retrieve',
  path: '/things/{id}/',
  pathParameters: [
    { name: 'id', identifier: 'id', location: 'path', required: true, type: str, explode: true },
  ],
});

describe('emitCoreFactory', () => {
  it('exports createXCore(options: ClientOptions = {}): ClientCore, and nothing else', () => {
    const ir = irOf([], [list, retrieve]);
    const file = sourceOf(emitCoreFactory(ir, 'src/core.ts'));
    const name = coreFactoryName(ir);
    expect(name).toBe('createTestCore');
    expect(exportedNames(file)).toEqual([name]);
    const factory = file.getFunctionOrThrow(name);
    expect(
      factory
        .getParameters()
        .map((p) => [p.getName(), p.getTypeNode()?.getText(), p.getInitializer()?.getText()]),
    ).toEqual([['options', 'ClientOptions', '{}']]);
    expect(factory.getReturnTypeNode()?.getText()).toBe('ClientCore');
  });

  it('imports no operation, so a bundler keeps only the ones a program calls', () => {
    const file = sourceOf(emitCoreFactory(irOf([], [list, retrieve]), 'src/core.ts'));
    expect(importsOf(file)).toEqual({
      './runtime/index.js': ['ClientCore', 'type ClientOptions'],
      './client.js': ['CLIENT_META'],
    });
  });

  it('shows a lookup by id in its example when there is one, else the first operation, else no example', () => {
    expect(smallBundleOperation(irOf([], [list, retrieve]))).toBe(retrieve);
    expect(smallBundleOperation(irOf([], [list]))).toBe(list);
    const bare = sourceOf(emitCoreFactory(irOf([]), 'src/core.ts')).getFunctionOrThrow(
      'createTestCore',
    );
    expect(bare.getJsDocs().flatMap((d) => d.getTags().map((t) => t.getTagName()))).toEqual([]);
    const withExample = sourceOf(
      emitCoreFactory(irOf([], [list]), 'src/core.ts'),
    ).getFunctionOrThrow('createTestCore');
    expect(withExample.getJsDocs().flatMap((d) => d.getTags().map((t) => t.getTagName()))).toEqual([
      'example',
    ]);
  });
});
