/**
 * Writes the body of a guard's `check` function: straight-line tests that return
 * `undefined` for a valid value and a failure naming the path otherwise. Inline objects
 * and complex union members are hoisted into private functions so every check stays flat.
 *
 * Each emitted test reads `value` (or a local bound from it) once per branch; nothing is
 * allocated unless the value is invalid.
 */
import type { CodeBlockWriter } from 'ts-morph';
import type { IrArrayType, IrNumberType, IrObjectType, IrStringType, IrType, View } from '../ir/types.js';
import { NameRegistry, pascalCase, propertyAccess } from '../ir/names.js';
import { isConstant, REQUEST_ONLY_FORMATS } from '../ir/views.js';
import { visibleProperties, type SchemaIndex } from './type-expr.js';
import { enumGuardName } from './enums.js';

/** A failure expression wrapped with the keys between the value checked and the function's root. */
type Wrap = (failure: string) => string;

export interface HoistedCheck {
  readonly name: string;
  readonly write: (w: CodeBlockWriter) => void;
}

/** Runtime helpers a guards module calls; the emitter imports only those used. */
export type GuardHelper = 'at' | 'fail' | 'isRecord' | 'isDateTimeString' | 'isDateString' | 'isDecimalString';

export function checkFunctionName(typeName: string): string {
  return `check${typeName}`;
}

/**
 * The check of an operation's success body when that body is not a named schema (a list of
 * partners, say): the guards module emits it, the operation's descriptor points at it.
 */
export function responseCheckName(operationFunctionName: string): string {
  return `check${pascalCase(operationFunctionName)}Response`;
}

/** Whether an operation's success body needs a check of its own, rather than a schema's. */
export function needsResponseCheck(successType: IrType | undefined): successType is IrType {
  return successType !== undefined && successType.kind !== 'ref' && successType.kind !== 'unknown';
}

export class GuardCodeWriter {
  readonly hoisted: HoistedCheck[] = [];
  readonly helpers = new Set<GuardHelper>();
  readonly enumGuards = new Set<string>();
  readonly patterns: { name: string; source: string }[] = [];
  private readonly names: NameRegistry;
  private depth = 0;

  constructor(
    private readonly index: SchemaIndex,
    taken: Iterable<string>,
  ) {
    this.names = new NameRegistry(taken);
  }

  /** Whether a named schema is a direct member of a union (see `writeFunctionBody`). */
  isUnionMember(name: string): boolean {
    return this.index.isUnionMember(name);
  }

  /**
   * Statements of a complete check function over `value`. `unionMember`: the schema is a
   * member of a union, so its constant properties stay exact in responses (they tell the
   * members apart).
   */
  writeFunctionBody(w: CodeBlockWriter, type: IrType, view: View, hoistPrefix: string, unionMember = false): void {
    // Locals are numbered per function, so a change to one schema does not renumber others.
    this.depth = 0;
    if (type.kind === 'object') this.writeObject(w, type, view, hoistPrefix, unionMember);
    else if (type.kind === 'intersection') {
      // allOf: the value must pass every member's check. Checking the intersection itself
      // here would hoist it again, endlessly.
      type.members.forEach((member, i) => this.writeCheck(w, member, 'value', (f) => f, view, `${hoistPrefix}Part${i + 1}`, ''));
      w.writeLine('return undefined;');
    } else {
      this.writeCheck(w, type, 'value', (f) => f, view, hoistPrefix, '');
      w.writeLine('return undefined;');
    }
  }

  private writeObject(w: CodeBlockWriter, type: IrObjectType, view: View, prefix: string, unionMember: boolean): void {
    this.helpers.add('isRecord').add('fail');
    w.writeLine(`if (!isRecord(value)) return fail(${JSON.stringify('object')}, value);`);
    for (const property of visibleProperties(type, view)) {
      const key = JSON.stringify(property.name);
      let access = propertyAccess('value', property.name);
      if (INHERITED.has(property.name)) {
        // `value.constructor` of a plain `{}` is Object, not undefined: read own members only.
        access = `own${this.depth++}`;
        w.writeLine(`const ${access} = Object.hasOwn(value, ${key}) ? value[${key}] : undefined;`);
      }
      const wrap: Wrap = (f) => {
        this.helpers.add('at');
        return `at(${f}, ${key})`;
      };
      const hoistName = `${prefix}${pascalCase(property.name)}`;
      // A constant read in the write view is the exact value.
      const propertyView = unionMember && isConstant(property.type) ? 'write' : view;
      if (property.required) this.writeCheck(w, property.type, access, wrap, propertyView, hoistName, '');
      else if (property.type.kind !== 'unknown') {
        w.write(`if (${access} !== undefined)`).block(() => this.writeCheck(w, property.type, access, wrap, propertyView, hoistName, ''));
      }
    }
    if (type.additional !== false && type.additional.kind !== 'unknown') {
      const additional = type.additional;
      const declared = visibleProperties(type, view).map((p) => p.name);
      w.write('for (const key of Object.keys(value))').block(() => {
        if (declared.length > 0) w.writeLine(`if (${declared.map((n) => `key === ${JSON.stringify(n)}`).join(' || ')}) continue;`);
        this.helpers.add('at');
        this.writeCheck(w, additional, 'value[key]', (f) => `at(${f}, key)`, view, `${prefix}Value`, '');
      });
    }
    w.writeLine('return undefined;');
  }

  /** Writes statements that return a wrapped failure when `expr` does not match `type`. */
  private writeCheck(w: CodeBlockWriter, type: IrType, expr: string, wrap: Wrap, view: View, hoistName: string, orNull: string): void {
    switch (type.kind) {
      case 'unknown':
        return;
      case 'ref':
        if (this.index.isEnum(type.name)) return this.writeFailIf(w, negate(this.validExpr(type, expr, view, hoistName)), this.expected(type, view) + orNull, expr, wrap);
        return this.writeDelegate(w, this.refCheck(type.name, view), expr, wrap);
      case 'object':
      case 'intersection':
        return this.writeDelegate(w, this.hoist(type, view, hoistName), expr, wrap);
      case 'array':
        return this.writeArray(w, type, expr, wrap, view, hoistName, orNull);
      case 'union': {
        const nonNull = type.members.filter((m) => m.kind !== 'null');
        if (nonNull.length === 1 && nonNull.length < type.members.length) {
          const inner = nonNull[0]!;
          if (isPrimitive(inner)) return this.writeFailIf(w, `${expr} !== null && ${negate(this.validExpr(inner, expr, view, hoistName))}`, `${this.expected(inner, view)} or null`, expr, wrap);
          w.write(`if (${expr} !== null)`).block(() => this.writeCheck(w, inner, expr, wrap, view, hoistName, ' or null'));
          return;
        }
        const valid = type.members.map((m, i) => this.validExpr(m, expr, view, `${hoistName}Option${i + 1}`));
        return this.writeFailIf(w, negate(valid.join(' || ')), type.members.map((m) => this.expected(m, view)).join(' or '), expr, wrap);
      }
      default:
        return this.writeFailIf(w, negate(this.validExpr(type, expr, view, hoistName)), this.expected(type, view) + orNull, expr, wrap);
    }
  }

  private writeFailIf(w: CodeBlockWriter, condition: string, expected: string, expr: string, wrap: Wrap): void {
    this.helpers.add('fail');
    w.writeLine(`if (${condition}) return ${wrap(`fail(${JSON.stringify(expected)}, ${expr})`)};`);
  }

  private writeDelegate(w: CodeBlockWriter, fn: string, expr: string, wrap: Wrap): void {
    w.writeLine(`const f${this.depth} = ${fn}(${expr});`);
    w.writeLine(`if (f${this.depth} !== undefined) return ${wrap(`f${this.depth}`)};`);
    this.depth++;
  }

  private writeArray(w: CodeBlockWriter, type: IrArrayType, expr: string, wrap: Wrap, view: View, hoistName: string, orNull: string): void {
    const { items, minItems, maxItems } = type;
    this.writeFailIf(w, `!Array.isArray(${expr})`, `array${orNull}`, expr, wrap);
    const bounds = [minItems !== undefined && minItems > 0 ? `(${expr} as unknown[]).length < ${minItems}` : '', maxItems !== undefined ? `(${expr} as unknown[]).length > ${maxItems}` : ''].filter((b) => b.length > 0);
    if (bounds.length > 0) this.writeFailIf(w, bounds.join(' || '), describeArray(minItems, maxItems), expr, wrap);
    if (items.kind === 'unknown') return;
    const level = this.depth++;
    const list = `a${level}`;
    const i = `i${level}`;
    // The cast is for nested lists: `a0[i0]` is checked above but, indexed by a variable, not narrowed.
    w.writeLine(`const ${list} = ${expr} as readonly unknown[];`);
    w.write(`for (let ${i} = 0; ${i} < ${list}.length; ${i}++)`).block(() => {
      this.helpers.add('at');
      this.writeCheck(w, items, `${list}[${i}]`, (f) => wrap(`at(${f}, ${i})`), view, `${hoistName}Item`, '');
    });
  }

  /** A boolean expression that is true when `expr` matches `type`. */
  private validExpr(type: IrType, expr: string, view: View, hoistName: string): string {
    switch (type.kind) {
      case 'unknown':
        return 'true';
      case 'null':
        return `${expr} === null`;
      case 'boolean':
        return `typeof ${expr} === "boolean"`;
      case 'literal':
        // A constant in a response is open, like a response enum: its JSON type is what is promised.
        if (view === 'read') return `typeof ${expr} === ${JSON.stringify(typeof type.value)}`;
        return `${expr} === ${JSON.stringify(type.value)}`;
      case 'string':
        return [`typeof ${expr} === "string"`, ...this.stringConstraints(type, expr, view)].join(' && ');
      case 'number': {
        const base = type.integer ? `Number.isInteger(${expr})` : `typeof ${expr} === "number"`;
        const bounds = [
          type.minimum !== undefined ? `(${expr} as number) >= ${type.minimum}` : '',
          type.maximum !== undefined ? `(${expr} as number) <= ${type.maximum}` : '',
          type.exclusiveMinimum !== undefined ? `(${expr} as number) > ${type.exclusiveMinimum}` : '',
          type.exclusiveMaximum !== undefined ? `(${expr} as number) < ${type.exclusiveMaximum}` : '',
        ].filter((b) => b.length > 0);
        return [base, ...bounds].join(' && ');
      }
      case 'enum':
        // Responses may carry values added after generation; only requests are held to the list.
        if (view === 'read') return openEnumCheck(type.values, expr);
        return `(${type.values.map((v) => `${expr} === ${JSON.stringify(v)}`).join(' || ')})`;
      case 'ref': {
        const target = this.index.get(type.name);
        if (target?.type.kind === 'enum') {
          if (view === 'read') return openEnumCheck(target.type.values, expr);
          this.enumGuards.add(enumGuardName(type.name));
          return `${enumGuardName(type.name)}(${expr})`;
        }
        return `${this.refCheck(type.name, view)}(${expr}) === undefined`;
      }
      default:
        return `${this.hoist(type, view, hoistName)}(${expr}) === undefined`;
    }
  }

  private stringConstraints(type: IrStringType, expr: string, view: View): string[] {
    const s = `(${expr} as string)`;
    const out: string[] = [];
    if (type.minLength !== undefined) out.push(`${s}.length >= ${type.minLength}`);
    if (type.maxLength !== undefined) out.push(`${s}.length <= ${type.maxLength}`);
    // Formats are asserted on what we send only; a declared pattern binds both directions.
    const format = view === 'write' ? type.format : undefined;
    const formatCheck = format === 'date-time' ? 'isDateTimeString' : format === 'date' ? 'isDateString' : format === 'decimal' ? 'isDecimalString' : undefined;
    if (formatCheck) {
      this.helpers.add(formatCheck);
      out.push(`${formatCheck}(${s})`);
    }
    if (type.pattern !== undefined) {
      const name = this.names.claim(`PATTERN_${this.patterns.length + 1}`);
      this.patterns.push({ name, source: type.pattern });
      out.push(`${name}.test(${s})`);
    }
    return out;
  }

  private refCheck(name: string, view: View): string {
    return checkFunctionName(this.index.typeName(name, view));
  }

  private hoist(type: IrType, view: View, hoistName: string): string {
    const name = this.names.claim(checkFunctionName(hoistName));
    this.hoisted.push({ name, write: (w) => this.writeFunctionBody(w, type, view, hoistName) });
    return name;
  }

  /** What a failure says was expected, in the words of the spec. */
  expected(type: IrType, view: View): string {
    switch (type.kind) {
      case 'string':
        return describeString(type, view);
      case 'number':
        return describeNumber(type);
      case 'literal':
        return view === 'read' ? typeof type.value : JSON.stringify(type.value);
      case 'enum':
        return view === 'read' ? typeof type.values[0] : `one of ${listValues(type.values)}`;
      case 'ref': {
        const target = this.index.get(type.name);
        if (target?.type.kind === 'enum') return view === 'read' ? typeof target.type.values[0] : `${type.name} (one of ${listValues(target.type.values)})`;
        return this.index.typeName(type.name, view);
      }
      case 'union':
        return type.members.map((m) => this.expected(m, view)).join(' or ');
      case 'intersection':
      case 'object':
        return 'object';
      default:
        return type.kind;
    }
  }
}

/** Members every object inherits from Object.prototype (listed, not computed, so output never depends on the Node version). */
const INHERITED: ReadonlySet<string> = new Set([
  '__proto__', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__', 'constructor',
  'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', 'toString', 'valueOf',
]);

/** `!(typeof x === "string")` reads better as `typeof x !== "string"`. */
function negate(condition: string): string {
  const typeTest = /^typeof ([\w.$\[\]"]+) === ("\w+")$/.exec(condition);
  if (typeTest) return `typeof ${typeTest[1]} !== ${typeTest[2]}`;
  if (/^[\w.$]+\([^()]*\)$/.test(condition)) return `!${condition}`;
  const undefinedTest = /^([\w.$]+\([^()]*\)) === undefined$/.exec(condition);
  if (undefinedTest) return `${undefinedTest[1]} !== undefined`;
  return `!(${condition})`;
}

function isPrimitive(type: IrType): boolean {
  return ['string', 'number', 'boolean', 'literal', 'enum', 'null'].includes(type.kind);
}

function openEnumCheck(values: readonly (string | number)[], expr: string): string {
  return `typeof ${expr} === ${JSON.stringify(typeof values[0] === 'number' ? 'number' : 'string')}`;
}

function listValues(values: readonly (string | number)[]): string {
  const shown = values.slice(0, 6).map((v) => JSON.stringify(v));
  return values.length > 6 ? `${shown.join(', ')}, … (${values.length} values)` : shown.join(', ');
}

/** `integer from 1 to 5`: the bounds belong in the message, or `rates: 6` reads "expected integer, got integer". */
function describeNumber(type: IrNumberType): string {
  const kind = type.integer ? 'integer' : 'number';
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = type;
  if (minimum !== undefined && maximum !== undefined) return `${kind} from ${minimum} to ${maximum}`;
  const bounds = [
    minimum !== undefined ? `at least ${minimum}` : '',
    exclusiveMinimum !== undefined ? `above ${exclusiveMinimum}` : '',
    maximum !== undefined ? `at most ${maximum}` : '',
    exclusiveMaximum !== undefined ? `below ${exclusiveMaximum}` : '',
  ].filter((b) => b.length > 0);
  return bounds.length > 0 ? `${kind} ${bounds.join(' and ')}` : kind;
}

/** `array of 1 to 3 items`. */
function describeArray(minItems: number | undefined, maxItems: number | undefined): string {
  if (minItems !== undefined && minItems > 0 && maxItems !== undefined) return `array of ${minItems} to ${maxItems} items`;
  if (maxItems !== undefined) return `array of at most ${maxItems} items`;
  return `array of at least ${minItems} items`;
}

function describeString(type: IrStringType, view: View): string {
  const parts: string[] = [];
  if (view === 'write' && type.format !== undefined && REQUEST_ONLY_FORMATS.has(type.format)) parts.push(`${type.format} string`);
  else parts.push('string');
  if (type.minLength !== undefined && type.maxLength !== undefined) parts.push(`of ${type.minLength} to ${type.maxLength} characters`);
  else if (type.maxLength !== undefined) parts.push(`of at most ${type.maxLength} characters`);
  else if (type.minLength !== undefined) parts.push(`of at least ${type.minLength} characters`);
  if (type.pattern !== undefined) parts.push(`matching ${type.pattern}`);
  return parts.join(' ');
}
