/**
 * Observation hooks: what the client is sending and receiving, for metrics and tracing.
 * Hooks see redacted headers only, and cannot change the request. A hook that throws (or
 * returns a promise that rejects) is reported through the logger and otherwise ignored:
 * instrumentation must not be able to fail a call.
 */
import { describeCause, type SdkError } from './sdk-error.js';
import type { RuntimeLogger } from './logger.js';

/** An attempt about to be sent. */
export interface RequestHookEvent {
  /** The spec's operationId. */
  readonly operationId: string;
  /** The HTTP method, upper case. */
  readonly method: string;
  /** Without credentials. */
  readonly url: string;
  /** What was sent, lower-case names, `Authorization` and other credentials redacted. */
  readonly headers: Readonly<Record<string, string>>;
  /** Counting from 1. */
  readonly attempt: number;
}

/** An attempt that got a response. */
export interface ResponseHookEvent extends RequestHookEvent {
  /** The response's HTTP status. */
  readonly status: number;
  /** From sending to the response headers, in milliseconds. */
  readonly durationMs: number;
}

/** An attempt that failed. */
export interface ErrorHookEvent extends RequestHookEvent {
  /** The error the attempt ended with (the call may still succeed on a retry). */
  readonly error: SdkError;
  /** Whether the client will send the request again after this failure. */
  readonly willRetry: boolean;
}

/** A response body that does not match its declared type (reported, not thrown, in `'warn'` mode). */
export interface ValidationIssueEvent {
  /** The spec's operationId. */
  readonly operationId: string;
  /** The HTTP method, upper case. */
  readonly method: string;
  /** The request URL without credentials. */
  readonly url: string;
  /** The generated type the body should have matched. */
  readonly responseType: string | undefined;
  /** JSON path of the mismatch, for example `$.results[0].status`. */
  readonly path: string;
  /** What the spec says belongs at `path`. */
  readonly expected: string;
  /** What arrived there instead. */
  readonly found: string;
  /** The whole finding as one line, as it is logged. */
  readonly message: string;
}

/** Observation hooks; every one is optional. A hook that throws is logged and ignored. */
export interface ClientHooks {
  /** Before each attempt is sent. */
  onRequest?(event: RequestHookEvent): void | Promise<void>;
  /** When an attempt got a response, whatever its status. */
  onResponse?(event: ResponseHookEvent): void | Promise<void>;
  /** When an attempt failed (error status, connection error, timeout, abort) or a body was unusable. */
  onError?(event: ErrorHookEvent): void | Promise<void>;
  /** With `validateResponses: 'warn'`, for each response that does not match its type. */
  onValidationIssue?(event: ValidationIssueEvent): void | Promise<void>;
}

type EventOf<K extends keyof ClientHooks> = Parameters<NonNullable<ClientHooks[K]>>[0];

/** Calls a hook as a method of `hooks` (so hooks written as class methods keep their `this`). */
export function callHook<K extends keyof ClientHooks>(
  logger: RuntimeLogger,
  hooks: ClientHooks,
  name: K,
  event: EventOf<K>,
): void {
  const hook = hooks[name] as ((event: EventOf<K>) => void | PromiseLike<void>) | undefined;
  if (typeof hook !== 'function') return;
  const report = (error: unknown): void =>
    logger.warn(`hook ${name} threw and was ignored: ${describeCause(error)}`);
  try {
    const result = hook.call(hooks, event);
    if (typeof result?.then === 'function') result.then(undefined, report);
  } catch (error) {
    report(error);
  }
}
