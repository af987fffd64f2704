/**
 * IR → the response shapes of the fake server's contract (`ResponseShape` of
 * templates/connect/fake/loosen.ts): for each success body, what its contract leaves open, so the
 * fake's loose mode can answer with the loosest values the contract still allows. Shapes
 * are the read view: read-only members kept, enums and constants open.
 */
import type { IrType } from '../../ir/types.js';
import { isConstant, REQUEST_ONLY_FORMATS } from '../../ir/views.js';
import { visibleProperties, type SchemaIndex } from '../common/type-expr.js';

/** An identifier or expression in the printed value. */
export interface CodeRef {
  readonly code: string;
}

/** A value of the printed contract, as data (`printContractValue` writes it out). */
export type ContractValue =
  | string
  | number
  | boolean
  | null
  | CodeRef
  | readonly ContractValue[]
  | { readonly [key: string]: ContractValue | undefined };

export class ShapeBuilder {
  /** Named schemas' shapes, filled as success bodies refer to them. */
  readonly named = new Map<string, ContractValue>();

  constructor(private readonly index: SchemaIndex) {}

  /** `unionMember`: the type is a union member's own schema, whose constants tell the members apart and stay as they are. */
  shape(type: IrType, unionMember = false): ContractValue {
    switch (type.kind) {
      case 'ref': {
        const target = this.index.get(type.name);
        if (!target) return { kind: 'other' };
        if (target.type.kind === 'enum') return this.shape(target.type);
        if (!this.named.has(type.name)) {
          // Claim the name first: a schema that refers to itself ends here.
          this.named.set(type.name, { kind: 'other' });
          this.named.set(type.name, this.shape(target.type, this.index.isUnionMember(type.name)));
        }
        return { kind: 'ref', name: type.name };
      }
      case 'string':
        // Only a string is promised when neither a pattern nor a format says more; lengths are kept by the loosening.
        return {
          kind: 'string',
          plain:
            type.pattern === undefined &&
            (type.format === undefined || !REQUEST_ONLY_FORMATS.has(type.format)),
        };
      case 'enum':
        return typeof type.values[0] === 'string' ? { kind: 'enum' } : { kind: 'other' };
      case 'literal':
        return typeof type.value === 'string' ? { kind: 'enum' } : { kind: 'other' };
      case 'array':
        return { kind: 'array', items: this.shape(type.items) };
      case 'object': {
        const properties = visibleProperties(type, 'read').map((p) => ({
          name: p.name,
          required: p.required,
          shape: unionMember && isConstant(p.type) ? { kind: 'other' } : this.shape(p.type),
        }));
        const map = type.additional !== false && type.additional.kind !== 'unknown';
        return {
          kind: 'object',
          properties,
          ...(map ? { values: this.shape(type.additional as IrType) } : {}),
          closed: type.additional === false,
        };
      }
      case 'union': {
        // `T | null` can be null; other unions are left as they are (which member a value loosens to is not certain).
        const nonNull = type.members.filter((m) => m.kind !== 'null');
        if (nonNull.length === 1 && nonNull.length < type.members.length)
          return { kind: 'nullable', inner: this.shape(nonNull[0]!) };
        return { kind: 'other' };
      }
      default:
        return { kind: 'other' };
    }
  }
}
