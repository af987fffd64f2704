/**
 * The client module's observable surface: the client class named after the API, one class
 * per resource, and the metadata constant. Kept to declared names, so it holds while the
 * client's insides change.
 */
import { describe, expect, it } from 'vitest';
import {
  CLIENT_META,
  clientClassName,
  emitClient,
} from '../../generator/emit/operations/client.js';
import { exportedNames, sourceOf } from '../support/emitted.js';
import { irOf, operation } from '../support/ir-values.js';
import { planIr } from '../../generator/plan/index.js';

describe('emitClient', () => {
  it('exports the client class, named after the API, with a property per top-level resource', () => {
    const op = operation({ functionName: 'thingsList' });
    const { ir, plan } = planIr(irOf([], [op]), []);
    const file = sourceOf(emitClient(ir, plan, 'src/client.ts'));
    const client = clientClassName(ir);
    expect(client).toBe('TestClient');
    expect(exportedNames(file)).toEqual(expect.arrayContaining([client, CLIENT_META]));
    const resource = 'ThingsResource';
    expect(
      file
        .getClassOrThrow(resource)
        .getMethods()
        .map((m) => m.getName()),
    ).toEqual(['list']);
    expect(
      file
        .getClassOrThrow(client)
        .getProperties()
        .map((p) => p.getName()),
    ).toContain('things');
  });
});
