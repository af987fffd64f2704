/**
 * The error types the spec lists under `error.type` of error responses, merged into the
 * runtime's `KnownErrorTypes` by module augmentation; no file when there are none.
 */
import { describe, expect, it } from 'vitest';
import { emitErrorTypes, findErrorTypes } from '../../generator/emit/types/error-types.js';
import type { IrType } from '../../generator/ir/types.js';
import { importsOf, sourceOf } from '../support/emitted.js';
import { irOf, nullable, object, operation, prop, ref, schema, str } from '../support/ir-values.js';

const errorBody = (type: IrType) =>
  object([prop('error', object([prop('type', type), prop('detail', str)]))]);
const enumOf = (...values: string[]): IrType => ({ kind: 'enum', values });

describe('findErrorTypes', () => {
  it('finds a named enum behind refs and nulls, in error responses only', () => {
    const errorType = schema('ErrorType', enumOf('not_found', 'throttled'));
    const body = schema('ErrorBody', errorBody(nullable(ref('ErrorType'))));
    const op = operation({
      functionName: 'thingsList',
      responses: [
        { status: 200, type: errorBody(enumOf('not_an_error')) },
        { status: 404, type: ref('ErrorBody') },
      ],
    });
    expect(findErrorTypes(irOf([errorType, body], [op]))).toEqual({
      kind: 'named',
      name: 'ErrorType',
    });
  });

  it('merges the values of inline enums across responses, and finds nothing without an error.type enum', () => {
    const a = operation({
      functionName: 'a',
      responses: [{ status: 400, type: errorBody(enumOf('invalid')) }],
    });
    const b = operation({
      functionName: 'b',
      responses: [{ status: 'default', type: errorBody(enumOf('invalid', 'conflict')) }],
    });
    expect(findErrorTypes(irOf([], [a, b]))).toEqual({
      kind: 'values',
      values: ['invalid', 'conflict'],
    });
    const plain = operation({
      functionName: 'c',
      responses: [{ status: 400, type: errorBody(str) }],
    });
    expect(findErrorTypes(irOf([], [plain]))).toBeUndefined();
    expect(emitErrorTypes(irOf([], [plain]), 'src/error-types.ts')).toBeUndefined();
  });
});

describe('emitErrorTypes', () => {
  it('augments the runtime errors module with KnownErrorTypes { readonly type: <the enum> }', () => {
    const errorType = schema('ErrorType', enumOf('not_found'));
    const op = operation({
      functionName: 'thingsList',
      responses: [{ status: 404, type: errorBody(ref('ErrorType')) }],
    });
    const file = sourceOf(emitErrorTypes(irOf([errorType], [op]), 'src/error-types.ts'));
    expect(importsOf(file)).toEqual({ './enums.js': ['type ErrorType'] });
    const augmentation = file.getModuleOrThrow("'./runtime/core/errors.js'");
    expect(augmentation.hasDeclareKeyword()).toBe(true);
    const known = augmentation.getInterfaceOrThrow('KnownErrorTypes');
    expect(
      known.getProperties().map((p) => [p.getName(), p.isReadonly(), p.getTypeNode()?.getText()]),
    ).toEqual([['type', true, 'ErrorType']]);
    // An export makes the file a module, so the declaration augments instead of declaring an ambient module.
    expect(file.getExportDeclarations()).toHaveLength(1);
  });

  it('writes inline values as a union of string literal types', () => {
    const op = operation({
      functionName: 'thingsList',
      responses: [{ status: 400, type: errorBody(enumOf('a', 'b"c')) }],
    });
    const file = sourceOf(emitErrorTypes(irOf([], [op]), 'src/error-types.ts'));
    const type = file
      .getModuleOrThrow("'./runtime/core/errors.js'")
      .getInterfaceOrThrow('KnownErrorTypes')
      .getPropertyOrThrow('type')
      .getType();
    expect(type.getUnionTypes().map((t) => t.getLiteralValue())).toEqual(['a', 'b"c']);
  });
});
