/**
 * The kinds of value a form node takes, for the interpreter (`validate.ts`): whether a value is
 * of the right kind at all (a union's issues come from the member of the value's kind), and how
 * to say the kind at the end of "must be …".
 */
import { isRecord } from './guard.js';
import type { FormNode } from './standard-schema.js';

/** Whether the value is of the kind the node takes, bounds and lengths aside. */
export function fits(node: FormNode, value: unknown, depth = 0): boolean {
  if (value === null && node.nullable) return true;
  switch (node.type) {
    case 'ref':
      return depth < 32 && fits(node.ref(), value, depth + 1);
    case 'any':
      return true;
    case 'null':
      return value === null;
    case 'boolean':
    case 'string':
      return typeof value === node.type;
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'enum':
      return node.values.some((v) => typeof v === typeof value);
    case 'array':
      return Array.isArray(value);
    case 'object':
    case 'all':
      return isRecord(value);
    case 'union':
      return node.members.some((member) => fits(member, value, depth + 1));
  }
}

/** The kind of value a node takes, as the end of "must be …". */
export function noun(node: FormNode, depth = 0): string {
  switch (node.type) {
    case 'ref':
      return depth < 32 ? noun(node.ref(), depth + 1) : 'an object';
    case 'any':
      return 'a value';
    case 'null':
      return 'empty';
    case 'boolean':
      return 'true or false';
    case 'string':
      return 'text';
    case 'number':
      return 'a number';
    case 'integer':
      return 'a whole number';
    case 'enum':
      return node.values.map(String).join(' or ');
    case 'array':
      return 'a list';
    case 'object':
    case 'all':
      return 'an object';
    case 'union':
      return node.members.map((member) => noun(member, depth + 1)).join(' or ');
  }
}
