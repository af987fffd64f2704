/** The plan stage's entry: IR → plan → the IR with the plan's names bound in. */
import type { Ir, IrOperation } from '../ir/types.js';
import { reservedNames } from './reserved.js';
import { applyPlan } from './apply.js';
import { planPackage } from './plan.js';
import { operationKey, type OperationSymbols, type Plan } from './types.js';

export interface Planned {
  /** The IR with every name the plan decided. */
  readonly ir: Ir;
  readonly plan: Plan;
}

/**
 * Plans the package of a built IR and binds the names.
 * @param reserved what the hand-written parts export (`reservedNames`; the runtime's, and the
 * layer's when the document asks for one).
 */
export function planIr(ir: Ir, reserved: readonly string[] = reservedNames(ir.info.lib)): Planned {
  const plan = planPackage(ir, reserved);
  return { ir: applyPlan(ir, plan), plan };
}

/** The plan's names of each operation of a bound IR, by the operation, as the emitters look them up. */
export function operationSymbolsOf(ir: Ir, plan: Plan): Map<IrOperation, OperationSymbols> {
  return new Map(
    ir.operations.map((op) => {
      const symbols = plan.operations.get(operationKey(op));
      if (!symbols) throw new Error(`the plan names no operation '${operationKey(op)}'`);
      return [op, symbols];
    }),
  );
}
