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
  /** Its place in the client: `['users', 'billingDetails']` and `update`. */
  readonly resourcePath: readonly string[];
  readonly methodName: string;
  /** The operation's descriptor, the plain data the runtime reads. */
  readonly descriptor: string;
  /** Only names the path parameters' check (`check<path>`); no type is declared under it. */
  readonly path?: string;
  readonly query?: string;
  readonly headers?: string;
  readonly cookies?: string;
  readonly body?: string;
  /** Its TanStack Query options (the `./query` entry point); none for a method neither read nor written (HEAD, OPTIONS). */
  readonly queryOptions?: QueryOptionSymbols;
}

/**
 * An operation's names in the `./query` entry point, each only where it applies: key and options for a
 * read (GET), infinite ones for a paginated read whose page parameter is known, mutation options
 * for a write, streamed ones for a read or write that can answer a stream.
 */
export interface QueryOptionSymbols {
  /** The type of what a call rejects with, which TanStack infers as `error` (`UsersRetrieveError`). */
  readonly error: string;
  readonly key?: string;
  readonly options?: string;
  readonly infiniteKey?: string;
  readonly infiniteOptions?: string;
  /** For an operation that can answer a stream: the key and options of its streamed query. */
  readonly streamedKey?: string;
  readonly streamedOptions?: string;
  readonly mutationOptions?: string;
  /** The type of a mutation's variables; none when the call takes no arguments. */
  readonly variables?: string;
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
  /** The form validators of the `forms` entry point (`plan/forms.ts`). */
  readonly forms: FormSymbols;
  /** The constant holding the root of every query key (`connectApiQueryKey`, in the `./query` entry point). */
  readonly queryKeyRoot: string;
}

/** What identifies an operation across the stages: `GET /users/{id}`. */
export function operationKey(op: { readonly method: string; readonly path: string }): string {
  return `${op.method} ${op.path}`;
}

/** What identifies a resource: its path from the client, `users.billingDetails`. */
export function resourceKey(path: readonly string[]): string {
  return path.join('.');
}

/** The parts of a request a validator checks, in the order the client and `api.md` list them. */
export const FORM_PARTS = ['path', 'query', 'headers', 'cookies', 'body'] as const;
export type FormPart = (typeof FORM_PARTS)[number];

/** The names of the form validators (the `forms` entry point), decided by `plan/forms.ts`. */
export interface FormSymbols {
  /** The validator of each schema some request body is, by the schema's id in the IR. */
  readonly schemas: ReadonlyMap<string, string>;
  /**
   * An operation's validators by `operationKey`, one per part it has; a body of a named schema
   * is that schema's validator.
   */
  readonly operations: ReadonlyMap<string, Readonly<Partial<Record<FormPart, string>>>>;
}
