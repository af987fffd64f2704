/**
 * What an operation handler gets: the state, and the request already checked against the
 * contract. A handler returns the success body (undefined for an empty one) and throws an
 * `ApiFailure` for anything else; the server adds the status the spec declares.
 */
import type { FakePermission } from './auth.js';
import type { BodyValues } from './body.js';
import type { QueryValues } from './params.js';
import type { FakeState } from './state.js';

export interface HandlerContext {
  readonly state: FakeState;
  readonly path: Readonly<Record<string, string>>;
  readonly query: QueryValues;
  /** The checked body; `{}` when the operation takes one and none was sent. */
  readonly body: BodyValues;
  /** The request's absolute URL as the client addressed it, for links back to this server. */
  readonly url: URL;
  readonly permissions: ReadonlySet<FakePermission>;
  /**
   * Holds the answer back this many milliseconds after the change is committed, as a slow
   * service would; other requests go on meanwhile and see the change.
   */
  answerAfter(ms: number): void;
}

export type Handler = (context: HandlerContext) => unknown;

export function pathParameter(context: HandlerContext, name: string): string {
  const value = context.path[name];
  if (value === undefined) throw new Error(`the route has no path parameter ${name}`);
  return value;
}
