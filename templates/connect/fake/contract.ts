/**
 * What the fake server knows of the spec, as plain data: per operation its method, path
 * template, query parameters, body and success response. The generator writes one of these
 * from the spec (`testing/index.ts` of the package), wiring in the generated request guards
 * and enum value lists, so the fake checks requests exactly as the spec says and the
 * templates themselves stay independent of any one spec.
 */
import { at, fail, type Check } from '../../runtime/core/guard.js';
import type { OperationDescriptor, ParameterDescriptor } from '../../runtime/core/operation.js';
import type { ResponseShape } from './loosen.js';

/** How one query value (a scalar parameter, or one item of an array parameter) is read. */
export type ValueSchema =
  | {
      readonly kind: 'string';
      readonly enum?: readonly string[];
      readonly minLength?: number;
      readonly maxLength?: number;
    }
  | { readonly kind: 'integer' | 'number'; readonly minimum?: number; readonly maximum?: number }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'any' };

export type ParameterSchema = ValueSchema | { readonly kind: 'array'; readonly items: ValueSchema };

/**
 * A query parameter: the client's own description of it (name, `required`, `explode`, the
 * very value the generated descriptor carries), plus what the fake needs to read its value.
 */
export interface ParameterContract extends ParameterDescriptor {
  readonly schema: ParameterSchema;
  /** The spec's default, applied when the parameter is left out. */
  readonly default?: string | number | boolean;
}

/** JSON kinds a body field may hold; form bodies carry text, and this says how to read it back. */
export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export interface FieldContract {
  readonly name: string;
  readonly kinds: readonly FieldKind[];
  /** A string format the guards leave alone but the fake checks, as the real service does. */
  readonly format?: 'email';
}

export interface BodyContract {
  readonly required: boolean;
  /** The generated guard of the request body type, when the body has a named schema. */
  readonly check?: Check;
  /** Top-level properties of the body, for reading form and multipart bodies. */
  readonly fields: readonly FieldContract[];
}

/** What the spec says of one operation: how the fake routes, checks and answers it. */
export interface OperationContract extends Pick<OperationDescriptor, 'id' | 'method' | 'path'> {
  /**
   * The query parameters the operation declares, in spec order. Any other is ignored, as
   * the real service (Django REST Framework) ignores it.
   */
  readonly query: readonly ParameterContract[];
  /** Absent when the operation takes no body (a body sent anyway is ignored). */
  readonly body?: BodyContract;
  /** The first 2xx status the spec declares. */
  readonly successStatus: number;
  /** The generated guard of the success body, used by the fake to check its own answers. */
  readonly successCheck?: Check;
  /** What the contract leaves open in the success body, for the loose mode. */
  readonly successShape?: ResponseShape;
}

/** The whole API as the fake server needs it, generated from the spec. */
export interface ApiContract {
  /** Every operation of the spec, in spec order. */
  readonly operations: readonly OperationContract[];
  /** Shapes of the named schemas the success shapes refer to. */
  readonly shapes?: Readonly<Record<string, ResponseShape>>;
}

/** A check for a JSON array whose items pass `item`; the generator uses it for array responses. */
export function arrayOf(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return fail('array', value);
    for (let i = 0; i < value.length; i++) {
      const failure = item(value[i]);
      if (failure !== undefined) return at(failure, i);
    }
    return undefined;
  };
}
