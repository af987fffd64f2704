/**
 * The plan: the package's symbol table. Every name the package exports is decided here once,
 * from the IR (which names nothing) and the names the hand-written parts already export, and
 * the emitters only render it. Plain data, so a test can rename one entry and emit again.
 */

/** The declarations a schema gets: its type, and the request-side one when the views are split. */
export interface SchemaSymbols {
  readonly type: string;
  readonly request?: string;
}

/**
 * An operation's names: the standalone function, the client method, and the types and checks
 * its module declares besides them (each only where the operation has that part).
 */
export interface OperationSymbols {
  readonly functionName: string;
  readonly methodName: string;
  /** The operation's descriptor, the plain data the runtime reads. */
  readonly descriptor: string;
  /** Only names the path parameters' check (`check<path>`); no type is declared under it. */
  readonly path?: string;
  readonly query?: string;
  readonly headers?: string;
  readonly cookies?: string;
  readonly body?: string;
}

export interface Plan {
  /** The client class, named after the document's title. */
  readonly client: string;
  /** By the schema's id in the IR (its JSON pointer). */
  readonly schemas: ReadonlyMap<string, SchemaSymbols>;
  /** By `operationKey`: method and path, which no two operations share. */
  readonly operations: ReadonlyMap<string, OperationSymbols>;
  /** Resource classes by resource path (`users.billingDetails`). */
  readonly resources: ReadonlyMap<string, string>;
  /** The module under `src/` that holds each resource's operations, by resource path. */
  readonly operationModules: ReadonlyMap<string, string>;
}

/** What identifies an operation across the stages: `GET /users/{id}`. */
export function operationKey(op: { readonly method: string; readonly path: string }): string {
  return `${op.method} ${op.path}`;
}

/** What identifies a resource: its path from the client, `users.billingDetails`. */
export function resourceKey(path: readonly string[]): string {
  return path.join('.');
}
