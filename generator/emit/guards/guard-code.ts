/**
 * Writes the body of a guard's `check` function: straight-line tests that return
 * `undefined` for a valid value and a failure naming the path otherwise. Inline objects
 * and complex union members are hoisted into private functions so every check stays flat.
 *
 * Each emitted test reads `value` (or a local bound from it) once per branch; nothing is
 * allocated unless the value is invalid.
 */
import type { CodeBlockWriter } from 'ts-morph';
import type { IrArrayType, IrObjectType, IrStringType, IrType, View } from '../../ir/types.js';
import { camelCase, NameRegistry, pascalCase, propertyAccess } from '../../ir/names.js';
import {
  always,
  and,
  call,
  compare,
  not,
  or,
  renderCondition,
  typeOf,
  type Condition,
} from './condition.js';
import { isConstant } from '../../ir/views.js';
import { describeArray, describeNumber, describeString, listValues } from './guard-messages.js';
import { visibleProperties, type SchemaIndex } from '../common/type-expr.js';
import { enumGuardName } from '../types/enums.js';

/** A failure expression wrapped with the keys between the value checked and the function's root. */
type Wrap = (failure: string) => string;

export interface HoistedCheck {
  readonly name: string;
  readonly write: (w: CodeBlockWriter) => void;
}

/** Runtime helpers a guards module calls; the emitter imports only those used. */
export type GuardHelper =
  'at' | 'fail' | 'isRecord' | 'isDateTimeString' | 'isDateString' | 'isDecimalString';

export function checkFunctionName(typeName: string): string {
  return `check${typeName}`;
}

/**
 * The check of an operation's success body when that body is not a named schema (a list of
 * partners, say): the guards module emits it, the operation's descriptor points at it.
 */
export function responseCheckName(operationFunctionName: string): string {
  return checkFunctionName(responseTypeName(operationFunctionName));
}

/** What an operation's own success-body check is named after: `ListPartnersResponse`. */
export function responseTypeName(operationFunctionName: string): string {
  return `${pascalCase(operationFunctionName)}Response`;
}

/** What one item of an operation's streamed answer is called in messages and its check: `CreateChatStreamItem`. */
export function streamItemTypeName(operationFunctionName: string): string {
  return `${pascalCase(operationFunctionName)}StreamItem`;
}

/** Whether an operation's success body needs a check of its own, rather than a schema's. */
export function needsResponseCheck(successType: IrType | undefined): successType is IrType {
  return successType !== undefined && successType.kind !== 'ref' && successType.kind !== 'unknown';
}

/** Where a check is written: the value, how it is read and named, and how failures are wrapped. */
export interface CheckSite {
  readonly type: IrType;
  /** The expression holding the value, read once per test. */
  readonly expr: string;
  readonly wrap: Wrap;
  readonly view: View;
  /** The name an inline object or union member hoisted from here is given (`StationEvses`). */
  readonly hoistName: string;
  /** What the value is, in camelCase (`evses`, `evsesItem`); locals holding it are named after it. `''` at a function's root. */
  readonly label: string;
  /** `' or null'` when a null was allowed before this check, so the failure says so. */
  readonly orNull?: string;
}

/** Names a check function never gives a local: the helpers it may call and its parameter. */
const LOCAL_RESERVED: readonly string[] = [
  'value',
  'key',
  'at',
  'fail',
  'isRecord',
  'isDateTimeString',
  'isDateString',
  'isDecimalString',
  'Array',
  'Number',
  'Object',
  'undefined',
];

export class GuardCodeWriter {
  readonly hoisted: HoistedCheck[] = [];
  readonly helpers = new Set<GuardHelper>();
  readonly enumGuards = new Set<string>();
  /** The module's regular expressions; `flags` is `u` unless the IR says the pattern compiles only without it. */
  readonly patterns: { name: string; source: string; flags: 'u' | '' }[] = [];
  private readonly names: NameRegistry;
  private locals = new NameRegistry(LOCAL_RESERVED);

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
  writeFunctionBody(
    w: CodeBlockWriter,
    type: IrType,
    view: View,
    hoistPrefix: string,
    unionMember = false,
  ): void {
    // Locals are named after the property they hold, per function, so adding a property
    // adds lines for it alone and renames nothing else.
    this.locals = new NameRegistry(LOCAL_RESERVED);
    const root = { expr: 'value', wrap: (f: string) => f, view, label: '' };
    if (type.kind === 'object') this.writeObject(w, type, view, hoistPrefix, unionMember);
    else if (type.kind === 'intersection') {
      // allOf: the value must pass every member's check. Checking the intersection itself
      // here would hoist it again, endlessly.
      type.members.forEach((member, i) =>
        this.writeCheck(w, {
          ...root,
          type: member,
          hoistName: `${hoistPrefix}Part${i + 1}`,
          label: `part${i + 1}`,
        }),
      );
      w.writeLine('return undefined;');
    } else {
      this.writeCheck(w, { ...root, type, hoistName: hoistPrefix });
      w.writeLine('return undefined;');
    }
  }

  /** A local's name, unique in the function and never one of the module's names. */
  private local(wanted: string): string {
    let name = this.locals.claim(wanted);
    while (this.names.has(name)) name = this.locals.claim(wanted);
    return name;
  }

  private writeObject(
    w: CodeBlockWriter,
    type: IrObjectType,
    view: View,
    prefix: string,
    unionMember: boolean,
  ): void {
    this.helpers.add('isRecord').add('fail');
    w.writeLine(`if (!isRecord(value)) return fail(${JSON.stringify('object')}, value);`);
    for (const property of visibleProperties(type, view)) {
      const key = JSON.stringify(property.name);
      const label = camelCase(property.name);
      let expr = propertyAccess('value', property.name);
      if (INHERITED.has(property.name)) {
        // `value.constructor` of a plain `{}` is Object, not undefined: read own members only.
        expr = this.local(`${label}Own`);
        w.writeLine(`const ${expr} = Object.hasOwn(value, ${key}) ? value[${key}] : undefined;`);
      }
      const wrap: Wrap = (f) => {
        this.helpers.add('at');
        return `at(${f}, ${key})`;
      };
      // A constant read in the write view is the exact value.
      const propertyView = unionMember && isConstant(property.type) ? 'write' : view;
      const site: CheckSite = {
        type: property.type,
        expr,
        wrap,
        view: propertyView,
        hoistName: `${prefix}${pascalCase(property.name)}`,
        label,
      };
      if (property.required) this.writeCheck(w, site);
      else if (property.type.kind !== 'unknown') {
        w.write(`if (${expr} !== undefined)`).block(() => this.writeCheck(w, site));
      }
    }
    if (type.additional !== false && type.additional.kind !== 'unknown') {
      const additional = type.additional;
      const declared = visibleProperties(type, view).map((p) => p.name);
      // `for…in` with an own-member test visits exactly `Object.keys(value)`, in the same
      // order, but V8 turns the test into a map check and allocates no key array: on a page
      // of price maps, `for (const key of Object.keys(value))` cost about a sixth of the check.
      // `Object.hasOwn` is not optimised that way (Node 20), so the prototype's method it is.
      w.write('for (const key in value)').block(() => {
        w.writeLine('if (!Object.prototype.hasOwnProperty.call(value, key)) continue;');
        if (declared.length > 0)
          w.writeLine(
            `if (${renderCondition(or(declared.map((n) => compare('key', '===', JSON.stringify(n)))))}) continue;`,
          );
        this.helpers.add('at');
        this.writeCheck(w, {
          type: additional,
          expr: 'value[key]',
          wrap: (f) => `at(${f}, key)`,
          view,
          hoistName: `${prefix}Value`,
          label: 'additional',
        });
      });
    }
    w.writeLine('return undefined;');
  }

  /** Writes statements that return a wrapped failure when `site.expr` does not match `site.type`. */
  private writeCheck(w: CodeBlockWriter, site: CheckSite): void {
    const { type, expr, view, hoistName } = site;
    const orNull = site.orNull ?? '';
    switch (type.kind) {
      case 'unknown':
        return;
      case 'ref':
        if (this.index.isEnum(type.name))
          return this.writeFailIf(
            w,
            not(this.validExpr(type, expr, view, hoistName)),
            this.expected(type, view) + orNull,
            site,
          );
        return this.writeDelegate(w, this.refCheck(type.name, view), site);
      case 'object':
      case 'intersection':
        return this.writeDelegate(w, this.hoist(type, view, hoistName), site);
      case 'array':
        return this.writeArray(w, type, site);
      case 'union': {
        // A member that is anything lets every value through (the IR folds such unions, but a
        // union made elsewhere may still hold one): a test would be `… || true`.
        if (type.members.some((m) => m.kind === 'unknown')) return;
        const nonNull = type.members.filter((m) => m.kind !== 'null');
        if (nonNull.length === 1 && nonNull.length < type.members.length) {
          const inner = nonNull[0]!;
          if (isPrimitive(inner))
            return this.writeFailIf(
              w,
              and([
                compare(expr, '!==', 'null'),
                not(this.validExpr(inner, expr, view, hoistName)),
              ]),
              `${this.expected(inner, view)} or null`,
              site,
            );
          w.write(`if (${expr} !== null)`).block(() =>
            this.writeCheck(w, { ...site, type: inner, orNull: ' or null' }),
          );
          return;
        }
        const valid = type.members.map((m, i) =>
          this.validExpr(m, expr, view, `${hoistName}Option${i + 1}`),
        );
        return this.writeFailIf(
          w,
          not(or(valid)),
          type.members.map((m) => this.expected(m, view)).join(' or '),
          site,
        );
      }
      default:
        return this.writeFailIf(
          w,
          not(this.validExpr(type, expr, view, hoistName)),
          this.expected(type, view) + orNull,
          site,
        );
    }
  }

  private writeFailIf(
    w: CodeBlockWriter,
    condition: Condition,
    expected: string,
    site: CheckSite,
  ): void {
    this.helpers.add('fail');
    w.writeLine(
      `if (${renderCondition(condition)}) return ${site.wrap(`fail(${JSON.stringify(expected)}, ${site.expr})`)};`,
    );
  }

  private writeDelegate(w: CodeBlockWriter, fn: string, site: CheckSite): void {
    const failure = this.local(site.label === '' ? 'failure' : `${site.label}Failure`);
    w.writeLine(`const ${failure} = ${fn}(${site.expr});`);
    w.writeLine(`if (${failure} !== undefined) return ${site.wrap(failure)};`);
  }

  private writeArray(w: CodeBlockWriter, type: IrArrayType, site: CheckSite): void {
    const { items, minItems, maxItems } = type;
    const { expr, wrap, label } = site;
    this.writeFailIf(w, not(call('Array.isArray', expr)), `array${site.orNull ?? ''}`, site);
    const length = `(${expr} as unknown[]).length`;
    const bounds = [
      ...(minItems !== undefined && minItems > 0 ? [compare(length, '<', String(minItems))] : []),
      ...(maxItems !== undefined ? [compare(length, '>', String(maxItems))] : []),
    ];
    if (bounds.length > 0) this.writeFailIf(w, or(bounds), describeArray(minItems, maxItems), site);
    if (items.kind === 'unknown') return;
    const list = this.local(label === '' ? 'list' : label);
    const i = this.local(label === '' ? 'index' : `${label}Index`);
    // The cast is for nested lists: `list[i]` is checked above but, indexed by a variable, not narrowed.
    w.writeLine(`const ${list} = ${expr} as readonly unknown[];`);
    w.write(`for (let ${i} = 0; ${i} < ${list}.length; ${i}++)`).block(() => {
      this.helpers.add('at');
      this.writeCheck(w, {
        type: items,
        expr: `${list}[${i}]`,
        wrap: (f) => wrap(`at(${f}, ${i})`),
        view: site.view,
        hoistName: `${site.hoistName}Item`,
        label: label === '' ? 'item' : `${label}Item`,
      });
    });
  }

  /** A condition that is true when `expr` matches `type`. */
  private validExpr(type: IrType, expr: string, view: View, hoistName: string): Condition {
    switch (type.kind) {
      case 'unknown':
        return always;
      case 'null':
        return compare(expr, '===', 'null');
      case 'boolean':
        return typeOf(expr, 'boolean');
      case 'literal':
        // A constant in a response is open, like a response enum: its JSON type is what is promised.
        if (view === 'read') return typeOf(expr, typeof type.value);
        return compare(expr, '===', JSON.stringify(type.value));
      case 'string': {
        const text = and([typeOf(expr, 'string'), ...this.stringConstraints(type, expr, view)]);
        // A request's string of bytes may be a file (see typeExpression).
        return view === 'write' && type.format === 'binary'
          ? or([compare(`${expr} instanceof globalThis.Blob`, '===', 'true'), text])
          : text;
      }
      case 'number': {
        const n = `(${expr} as number)`;
        const bounds = [
          ...(type.minimum !== undefined ? [compare(n, '>=', String(type.minimum))] : []),
          ...(type.maximum !== undefined ? [compare(n, '<=', String(type.maximum))] : []),
          ...(type.exclusiveMinimum !== undefined
            ? [compare(n, '>', String(type.exclusiveMinimum))]
            : []),
          ...(type.exclusiveMaximum !== undefined
            ? [compare(n, '<', String(type.exclusiveMaximum))]
            : []),
        ];
        return and([
          type.integer ? call('Number.isInteger', expr) : typeOf(expr, 'number'),
          ...bounds,
        ]);
      }
      case 'enum':
        // Responses may carry values added after generation; only requests are held to the list.
        if (view === 'read') return openEnumCheck(type.values, expr);
        return or(type.values.map((v) => compare(expr, '===', JSON.stringify(v))));
      case 'ref': {
        const target = this.index.get(type.name);
        if (target?.type.kind === 'enum') {
          if (view === 'read') return openEnumCheck(target.type.values, expr);
          this.enumGuards.add(enumGuardName(type.name));
          return call(enumGuardName(type.name), expr);
        }
        return compare(`${this.refCheck(type.name, view)}(${expr})`, '===', 'undefined');
      }
      default:
        return compare(`${this.hoist(type, view, hoistName)}(${expr})`, '===', 'undefined');
    }
  }

  private stringConstraints(type: IrStringType, expr: string, view: View): Condition[] {
    const s = `(${expr} as string)`;
    const out: Condition[] = [];
    if (type.minLength !== undefined)
      out.push(compare(`${s}.length`, '>=', String(type.minLength)));
    if (type.maxLength !== undefined)
      out.push(compare(`${s}.length`, '<=', String(type.maxLength)));
    // Formats are asserted on what we send only; a declared pattern binds both directions.
    const format = view === 'write' ? type.format : undefined;
    const formatCheck =
      format === 'date-time'
        ? 'isDateTimeString'
        : format === 'date'
          ? 'isDateString'
          : format === 'decimal'
            ? 'isDecimalString'
            : undefined;
    if (formatCheck) {
      this.helpers.add(formatCheck);
      out.push(call(formatCheck, s));
    }
    if (type.pattern !== undefined) {
      const name = this.names.claim(`PATTERN_${this.patterns.length + 1}`);
      this.patterns.push({
        name,
        source: type.pattern,
        flags: type.patternWithoutUnicode ? '' : 'u',
      });
      out.push(call(`${name}.test`, s));
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
        if (target?.type.kind === 'enum')
          return view === 'read'
            ? typeof target.type.values[0]
            : `${type.name} (one of ${listValues(target.type.values)})`;
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
export const INHERITED: ReadonlySet<string> = new Set([
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

function isPrimitive(type: IrType): boolean {
  return ['string', 'number', 'boolean', 'literal', 'enum', 'null'].includes(type.kind);
}

function openEnumCheck(values: readonly (string | number)[], expr: string): Condition {
  return typeOf(expr, typeof values[0] === 'number' ? 'number' : 'string');
}
