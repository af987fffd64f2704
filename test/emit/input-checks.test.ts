/** Which argument checks an operation gets, each named after the type it checks. */
import { describe, expect, it } from 'vitest';
import {
  inputCheckDeclarations,
  inputCheckRefs,
} from '../../generator/emit/guards/input-checks.js';
import { pathNeedsCheck } from '../../generator/ir/inputs.js';
import { SchemaIndex } from '../../generator/emit/common/type-expr.js';
import type { IrParameter } from '../../generator/ir/types.js';
import {
  int,
  irOf,
  object,
  operation,
  prop,
  ref,
  schema,
  str,
  namesOf,
} from '../support/ir-values.js';

const param = (
  name: string,
  location: IrParameter['location'],
  type: IrParameter['type'],
  required = false,
): IrParameter => ({ name, identifier: name, location, required, type, explode: true });
const thing = schema('Thing', object([prop('name', str)]));

describe('input checks', () => {
  it('checks a plain string path parameter nowhere, a constrained one always', () => {
    expect(
      pathNeedsCheck(
        operation({ functionName: 'a', pathParameters: [param('id', 'path', str, true)] }),
      ),
    ).toBe(false);
    expect(
      pathNeedsCheck(
        operation({
          functionName: 'b',
          pathParameters: [param('id', 'path', { kind: 'string', format: 'uuid' }, true)],
        }),
      ),
    ).toBe(true);
    expect(
      pathNeedsCheck(
        operation({ functionName: 'c', pathParameters: [param('n', 'path', int, true)] }),
      ),
    ).toBe(true);
  });

  it('declares a query check and refers to the body schema’s own guard', () => {
    const op = operation({
      functionName: 'thingsCreate',
      method: 'POST',
      queryParameters: [param('limit', 'query', int)],
      body: { type: ref('Thing'), required: true, encodings: ['json'] },
    });
    const ir = irOf([thing], [op]);
    const names = namesOf(ir, ['Thing']).get(op)!;
    expect(inputCheckDeclarations(op, names).map((d) => d.name)).toEqual([`check${names.query}`]);
    expect(inputCheckRefs(op, names, new SchemaIndex(ir))).toEqual({
      checks: [
        ['query', `check${names.query}`],
        ['body', 'checkThing'],
      ],
      bodyRequired: true,
    });
  });

  it('has nothing to check for an operation without arguments', () => {
    const op = operation({ functionName: 'thingsList' });
    const ir = irOf([], [op]);
    expect(inputCheckRefs(op, namesOf(ir, []).get(op)!, new SchemaIndex(ir))).toBeUndefined();
  });
});
