/**
 * The conditions a guard tests, as a small expression tree rendered once. Negation works on
 * the tree (`typeof x === "string"` becomes `typeof x !== "string"`, `!==` flips to `===`),
 * so no emitter has to read generated text back to invert it.
 *
 * Leaves hold TypeScript expressions the guard writer built (`value.id`, `(x as number)`);
 * the tree only combines them.
 */

export type CompareOperator = '===' | '!==' | '<' | '<=' | '>' | '>=';

export type Condition =
  /** Always true: a member that accepts anything. */
  | { readonly kind: 'always' }
  | {
      readonly kind: 'typeof';
      readonly expr: string;
      readonly type: string;
      readonly equal: boolean;
    }
  | {
      readonly kind: 'compare';
      readonly left: string;
      readonly op: CompareOperator;
      readonly right: string;
    }
  /** `fn(arg)`, a call returning a boolean. */
  | { readonly kind: 'call'; readonly fn: string; readonly arg: string }
  | { readonly kind: 'not'; readonly operand: Condition }
  | { readonly kind: 'and' | 'or'; readonly operands: readonly Condition[] };

export const always: Condition = { kind: 'always' };

export function typeOf(expr: string, type: string): Condition {
  return { kind: 'typeof', expr, type, equal: true };
}

export function compare(left: string, op: CompareOperator, right: string): Condition {
  return { kind: 'compare', left, op, right };
}

export function call(fn: string, arg: string): Condition {
  return { kind: 'call', fn, arg };
}

/** `a && b`; a single operand stands alone. */
export function and(operands: readonly Condition[]): Condition {
  return operands.length === 1 ? operands[0]! : { kind: 'and', operands };
}

/** `a || b`; a single operand stands alone. */
export function or(operands: readonly Condition[]): Condition {
  return operands.length === 1 ? operands[0]! : { kind: 'or', operands };
}

/**
 * The condition that holds when `condition` does not. A type test or an (in)equality flips
 * in place; a compound or an ordering is wrapped in `!( … )`, since `!(x >= 1)` and `x < 1`
 * differ when `x` is not a number.
 */
export function not(condition: Condition): Condition {
  switch (condition.kind) {
    case 'typeof':
      return { ...condition, equal: !condition.equal };
    case 'compare':
      if (condition.op === '===') return { ...condition, op: '!==' };
      if (condition.op === '!==') return { ...condition, op: '===' };
      return { kind: 'not', operand: condition };
    case 'not':
      return condition.operand;
    default:
      return { kind: 'not', operand: condition };
  }
}

/** The condition as TypeScript. Mixed `&&` and `||` are parenthesised, so precedence is never left to the reader. */
export function renderCondition(condition: Condition): string {
  switch (condition.kind) {
    case 'always':
      return 'true';
    case 'typeof':
      return `typeof ${condition.expr} ${condition.equal ? '===' : '!=='} ${JSON.stringify(condition.type)}`;
    case 'compare':
      return `${condition.left} ${condition.op} ${condition.right}`;
    case 'call':
      return `${condition.fn}(${condition.arg})`;
    case 'not':
      return condition.operand.kind === 'call'
        ? `!${renderCondition(condition.operand)}`
        : `!(${renderCondition(condition.operand)})`;
    case 'and':
    case 'or':
      return condition.operands
        .map((operand) =>
          operand.kind === 'and' || operand.kind === 'or'
            ? `(${renderCondition(operand)})`
            : renderCondition(operand),
        )
        .join(condition.kind === 'and' ? ' && ' : ' || ');
  }
}
