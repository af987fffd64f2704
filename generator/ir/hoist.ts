/**
 * Schemas outside `components.schemas` that refer back to themselves (a schema's own
 * `definitions` or `$defs`, a schema inside a path) cannot be inlined: the inlining would
 * never end. They are hoisted into named types instead, declared beside the components, so
 * the recursion goes through the name. Only recursive ones are hoisted; any other schema
 * outside the components is still inlined where it is used, as before.
 */
import { HTTP_METHODS } from '../document/methods.js';
import { splitPointer } from '../document/pointer.js';
import type { IrDocs, IrType } from './types.js';
import { pascalCase, guardNames, type NameRegistry } from './names.js';

export interface HoistedSchema {
  readonly name: string;
  /** The JSON pointer of the schema, `/components/schemas/Report/definitions/reportComponent`. */
  readonly pointer: string;
  readonly type: IrType;
  readonly docs: IrDocs;
}

/** Pointer tokens that say where a schema sits, not what it is; they make poor names. */
const STRUCTURAL = new Set([
  'components',
  'schemas',
  'definitions',
  '$defs',
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'schema',
  'content',
  'paths',
  'parameters',
  'requestBody',
  'requestBodies',
  'responses',
  'headers',
  ...HTTP_METHODS,
]);

/**
 * The name a hoisted schema wants: its own key (`reportComponent` → `ReportComponent`), the
 * last token of its pointer that is neither a keyword, a method, a media type nor a position
 * (a schema in a path's request body takes the path's name: `/trees` → `Trees`). The registry makes it
 * unique, and names are claimed in the order the builder meets them, so output is stable.
 */
export function hoistedNameFor(pointer: string): string {
  const tokens = splitPointer(pointer) ?? [];
  const meaningful = tokens.filter(
    // A key under `content` is a media type (`application/json`), not a name.
    (t, i) => !STRUCTURAL.has(t) && !/^\d+$/.test(t) && tokens[i - 1] !== 'content',
  );
  return pascalCase(meaningful.at(-1) ?? 'Schema');
}

export class Hoisting {
  /** Pointer → name, claimed when the recursion is found. */
  private readonly names = new Map<string, string>();
  /** Pointer → the finished schema, once its outermost conversion has ended. */
  private readonly done = new Map<string, HoistedSchema>();

  constructor(private readonly registry: NameRegistry) {}

  /** The name of the schema at `pointer`, if it is hoisted. */
  nameOf(pointer: string): string | undefined {
    return this.names.get(pointer);
  }

  /** Hoists the schema at `pointer` (once) and gives its name. */
  hoist(pointer: string): string {
    let name = this.names.get(pointer);
    if (name === undefined) {
      name = this.registry.claim(hoistedNameFor(pointer), guardNames);
      this.names.set(pointer, name);
    }
    return name;
  }

  /** Records the type of a hoisted schema, from the conversion that found its recursion. */
  define(pointer: string, type: IrType, docs: IrDocs): void {
    const name = this.names.get(pointer);
    if (name !== undefined && !this.done.has(pointer))
      this.done.set(pointer, { name, pointer, type, docs });
  }

  /** Every hoisted schema, in the order their names were claimed. */
  all(): HoistedSchema[] {
    return [...this.names.keys()].flatMap((pointer) => {
      const schema = this.done.get(pointer);
      return schema ? [schema] : [];
    });
  }
}
