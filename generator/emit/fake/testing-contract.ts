/**
 * IR → the fake server's contract (`ApiContract` of templates/connect/fake/contract.ts) as a
 * value to print: per operation its route, query parameters with their types, enums and
 * bounds, the body's guard and field kinds, and the success body's guard. Route and
 * parameters come from the operation's model (`operation-model.ts`): each query parameter is
 * the client descriptor's own description of it, plus its schema. Enum lists and guards are
 * referenced by name from the generated modules, never copied.
 */
import type { IrOperation, IrType } from '../../ir/types.js';
import { enumValuesName } from '../types/enums.js';
import { checkFunctionName } from '../guards/guard-code.js';
import { operationModel, type ParameterModel } from '../operations/operation-model.js';
import { ShapeBuilder, type CodeRef, type ContractValue } from './testing-shapes.js';
import { visibleProperties, type SchemaIndex } from '../common/type-expr.js';

/** What the printed contract refers to, for the module's imports. */
export interface ContractImports {
  readonly guards: Set<string>;
  readonly enums: Set<string>;
  arrayOf: boolean;
}

const ref = (code: string): CodeRef => ({ code });

export class ContractBuilder {
  readonly imports: ContractImports = { guards: new Set(), enums: new Set(), arrayOf: false };
  /** Shapes of the success bodies, for the fake's loose mode. */
  readonly shapes: ShapeBuilder;

  constructor(private readonly index: SchemaIndex) {
    this.shapes = new ShapeBuilder(index);
  }

  operation(op: IrOperation): ContractValue {
    const model = operationModel(op);
    const successCheck = this.successCheck(op.successType);
    return {
      id: model.id,
      method: model.method,
      path: model.path,
      query: model.parameters.query.map((p) => this.parameter(p)),
      body: model.body ? this.body(model.body.type, model.body.required) : undefined,
      successStatus: model.successStatuses[0] ?? 200,
      successCheck,
      successShape: op.successType ? this.shapes.shape(op.successType) : undefined,
    };
  }

  /** The parameter's wire description, the same value as in the client's descriptor, plus how to read its value. */
  private parameter(parameter: ParameterModel): ContractValue {
    const resolved = this.resolve(parameter.type);
    const schema =
      resolved.kind === 'array'
        ? { kind: 'array', items: this.valueSchema(resolved.items) }
        : this.valueSchema(parameter.type);
    const fallback = parameter.default;
    const scalarDefault =
      typeof fallback === 'string' || typeof fallback === 'number' || typeof fallback === 'boolean'
        ? fallback
        : undefined;
    return { ...parameter.wire, schema, default: scalarDefault };
  }

  private valueSchema(type: IrType): ContractValue {
    const resolved = this.resolve(type);
    if (
      type.kind === 'ref' &&
      resolved.kind === 'enum' &&
      resolved.values.every((v) => typeof v === 'string')
    ) {
      const name = enumValuesName(type.name);
      this.imports.enums.add(name);
      return { kind: 'string', enum: ref(name) };
    }
    switch (resolved.kind) {
      case 'string':
        return { kind: 'string', minLength: resolved.minLength, maxLength: resolved.maxLength };
      case 'number':
        return {
          kind: resolved.integer ? 'integer' : 'number',
          minimum: resolved.minimum,
          maximum: resolved.maximum,
        };
      case 'boolean':
        return { kind: 'boolean' };
      case 'enum':
        return resolved.values.every((v) => typeof v === 'string')
          ? { kind: 'string', enum: resolved.values }
          : { kind: 'number' };
      case 'literal':
        return typeof resolved.value === 'string'
          ? { kind: 'string', enum: [resolved.value] }
          : { kind: 'any' };
      default:
        return { kind: 'any' };
    }
  }

  private body(type: IrType, required: boolean): ContractValue {
    const check =
      type.kind === 'ref' ? checkFunctionName(this.index.typeName(type.name, 'write')) : undefined;
    if (check) this.imports.guards.add(check);
    const resolved = this.resolve(type);
    const fields =
      resolved.kind === 'object'
        ? visibleProperties(resolved, 'write').map((p) => ({
            name: p.name,
            kinds: [...new Set(this.kinds(p.type))].sort(),
            format: this.isEmail(p.type) ? 'email' : undefined,
          }))
        : [];
    return { required, check: check ? ref(check) : undefined, fields };
  }

  /** The JSON kinds a value of `type` can have, for reading form fields back. */
  private kinds(type: IrType, seen = new Set<string>()): string[] {
    switch (type.kind) {
      case 'ref': {
        if (seen.has(type.name)) return ['object'];
        const target = this.index.get(type.name);
        return target ? this.kinds(target.type, new Set([...seen, type.name])) : ['string'];
      }
      case 'string':
      case 'boolean':
      case 'null':
      case 'object':
      case 'array':
        return [type.kind];
      case 'number':
        return [type.integer ? 'integer' : 'number'];
      case 'enum':
        return type.values.map((v) => (typeof v === 'string' ? 'string' : 'number'));
      case 'literal':
        return [
          typeof type.value === 'string'
            ? 'string'
            : typeof type.value === 'number'
              ? 'number'
              : 'boolean',
        ];
      case 'union':
        return type.members.flatMap((m) => this.kinds(m, seen));
      case 'intersection':
        return ['object'];
      case 'unknown':
        return ['string', 'number', 'boolean', 'null', 'object', 'array'];
    }
  }

  private isEmail(type: IrType): boolean {
    if (type.kind === 'string') return type.format === 'email';
    if (type.kind === 'union') return type.members.some((m) => this.isEmail(m));
    return false;
  }

  private successCheck(type: IrType | undefined): ContractValue | undefined {
    if (type?.kind === 'ref') {
      const check = checkFunctionName(this.index.typeName(type.name, 'read'));
      this.imports.guards.add(check);
      return ref(check);
    }
    if (type?.kind === 'array' && type.items.kind === 'ref') {
      const check = checkFunctionName(this.index.typeName(type.items.name, 'read'));
      this.imports.guards.add(check);
      this.imports.arrayOf = true;
      return ref(`arrayOf(${check})`);
    }
    return undefined;
  }

  /** Follows refs to a schema's own type (enums stay as they are, for their value list). */
  private resolve(type: IrType, depth = 0): IrType {
    if (type.kind !== 'ref' || depth > 16) return type;
    const target = this.index.get(type.name);
    return target ? this.resolve(target.type, depth + 1) : type;
  }
}

/** Prints a contract value as a TypeScript expression; `undefined` members are left out. */
export function printContractValue(value: ContractValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if ('code' in value && typeof value.code === 'string') return value.code;
  if (Array.isArray(value)) return `[${value.map(printContractValue).join(', ')}]`;
  const entries = Object.entries(value as Record<string, ContractValue | undefined>).filter(
    (e): e is [string, ContractValue] => e[1] !== undefined,
  );
  const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  return `{ ${entries.map(([k, v]) => `${key(k)}: ${printContractValue(v)}`).join(', ')} }`;
}
