/**
 * What an operation takes, read from the IR alone: its parameters as the one object a caller
 * passes, and whether its path parameters need a check of their own. The plan (which names the
 * checks) and the emitters (which write them) both read it.
 */
import type { IrObjectType, IrOperation, IrParameter } from './types.js';

/** The parameters as the object the caller passes (`{ page_size: 0 }`); undeclared keys are the URL encoder's business. */
export function parameterObject(parameters: readonly IrParameter[]): IrObjectType {
  return {
    kind: 'object',
    properties: parameters.map((p) => ({
      name: p.name,
      type: p.type,
      required: p.required,
      readOnly: false,
      writeOnly: false,
    })),
    additional: { kind: 'unknown' },
  };
}

/**
 * Whether path parameters say more than the URL builder already checks (present, a string or
 * finite number, not empty, `.` or `..`): a plain string adds nothing, so it gets no check.
 */
export function pathNeedsCheck(op: IrOperation): boolean {
  return op.pathParameters.some((p) => {
    const t = p.type;
    return !(
      t.kind === 'string' &&
      t.format === undefined &&
      t.minLength === undefined &&
      t.maxLength === undefined &&
      t.pattern === undefined
    );
  });
}
