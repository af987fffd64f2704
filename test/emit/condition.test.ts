import { describe, expect, it } from 'vitest';
import {
  and,
  call,
  compare,
  not,
  or,
  renderCondition,
  typeOf,
} from '../../generator/emit/guards/condition.js';

describe('guard conditions', () => {
  it.each([
    [
      'a type test flips its operator',
      not(typeOf('value.id', 'string')),
      'typeof value.id !== "string"',
    ],
    [
      'an equality flips',
      not(compare('checkX(value)', '===', 'undefined')),
      'checkX(value) !== undefined',
    ],
    ['an inequality flips back', not(compare('value', '!==', 'null')), 'value === null'],
    [
      'an ordering is wrapped, not turned around (NaN is neither)',
      not(compare('(x as number)', '>=', '1')),
      '!((x as number) >= 1)',
    ],
    [
      'a call gets a bare !',
      not(call('Array.isArray', 'value.evses')),
      '!Array.isArray(value.evses)',
    ],
    [
      'a compound is wrapped whole',
      not(and([typeOf('x', 'string'), compare('(x as string).length', '<=', '3')])),
      '!(typeof x === "string" && (x as string).length <= 3)',
    ],
    ['negating twice gives the condition back', not(not(call('isA', 'x'))), 'isA(x)'],
    [
      'an || inside an && keeps its parentheses',
      and([
        compare('x', '!==', 'null'),
        or([compare('x', '===', '"a"'), compare('x', '===', '"b"')]),
      ]),
      'x !== null && (x === "a" || x === "b")',
    ],
    [
      'an expression text that looks like a type test is not reparsed',
      not(call('typeof_', 'x === "y"')),
      '!typeof_(x === "y")',
    ],
  ])('%s', (_, condition, want) => {
    expect(renderCondition(condition)).toBe(want);
  });
});
