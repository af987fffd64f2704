/**
 * Schemas outside `components.schemas` that refer back to themselves (a schema's own
 * `definitions` or `$defs`, a schema inside a path) cannot be inlined: the inlining would
 * never end. They are hoisted into named types instead, declared beside the components, so
 * the recursion goes through the name. Only recursive ones are hoisted; any other schema
 * outside the components is still inlined where it is used, as before.
 */
import { HTTP_METHODS } from '../shared/document/methods.js';
import { splitPointer } from '../shared/document/pointer.js';
import type { IrDocs, IrType } from './types.js';
import { pascalCase } from './names.js';

export interface HoistedSchema {
  /** The JSON pointer, the schema's id in the IR: of the schema, `/components/schemas/Report/definitions/reportComponent`. */
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
 * (a schema in a path's request body takes the path's name: `/trees` → `Trees`). The plan
 * makes it unique, claiming in the order the builder met the schemas, so output is stable.
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
  /** Pointers of the hoisted schemas, in the order their recursion was found. */
  private readonly found = new Set<string>();
  /** Pointer → the finished schema, once its outermost conversion has ended. */
  private readonly done = new Map<string, HoistedSchema>();

  /** The id refs use for the schema at `pointer`, if it is hoisted. */
  idOf(pointer: string): string | undefined {
    return this.found.has(pointer) ? pointer : undefined;
  }

  /** Hoists the schema at `pointer` (once) and gives its id, the pointer itself. */
  hoist(pointer: string): string {
    this.found.add(pointer);
    return pointer;
  }

  /** Records the type of a hoisted schema, from the conversion that found its recursion. */
  define(pointer: string, type: IrType, docs: IrDocs): void {
    if (this.found.has(pointer) && !this.done.has(pointer))
      this.done.set(pointer, { pointer, type, docs });
  }

  /** Every hoisted schema, in the order its recursion was found. */
  all(): HoistedSchema[] {
    return [...this.found].flatMap((pointer) => {
      const schema = this.done.get(pointer);
      return schema ? [schema] : [];
    });
  }
}
