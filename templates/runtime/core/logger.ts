/**
 * Warnings reach the developer unless they say otherwise: by default the client logs warnings
 * and errors to the console (a response that does not match its type, a hook that threw),
 * since a mismatch nobody sees is one nobody fixes; debug and info lines are opt-in.
 * `logger` routes the lines elsewhere, `logLevel: 'off'` silences them. Every message passes
 * the client's scrubber first, and a logger that throws is ignored: logging must never
 * break a request.
 */
import type { SecretScrubber } from '../internal/redact.js';

/** The least severe level that is logged; `'off'` logs nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

/** Any subset of the console's methods; `console` itself fits. */
export interface Logger {
  /** Each attempt and its outcome. */
  debug?(message: string, ...details: unknown[]): void;
  /** Retries and other recoveries. */
  info?(message: string, ...details: unknown[]): void;
  /** Response validation issues, hooks that threw. */
  warn?(message: string, ...details: unknown[]): void;
  /** Failed calls. */
  error?(message: string, ...details: unknown[]): void;
}

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];

export function isLogLevel(value: unknown): value is LogLevel {
  return (LOG_LEVELS as readonly unknown[]).includes(value);
}

/** The logger the runtime calls: filtered by level, scrubbed, and safe to call. */
export class RuntimeLogger {
  readonly #sink: Logger | undefined;
  /** The index in `LOG_LEVELS` of the least severe level logged. */
  readonly #rank: number;
  readonly #scrubber: SecretScrubber;
  readonly #seen = new Set<string>();
  readonly #prefix: string;

  /** `name` (the package's) starts every line, so a shared log shows where a warning came from. */
  constructor(scrubber: SecretScrubber, logger?: Logger, level?: LogLevel, name = 'client') {
    this.#scrubber = scrubber;
    this.#prefix = `[${name}] `;
    // `globalThis.console`, not `console`: a runtime without one must not throw here.
    this.#sink = logger ?? (globalThis.console as Logger | undefined);
    this.#rank = this.#sink ? LOG_LEVELS.indexOf(level ?? 'warn') : 4;
  }

  /**
   * True the first time this client asks about `key`: for warnings that would otherwise
   * repeat on every call and flood the output. Past 256 keys it answers false, so memory
   * stays bounded.
   */
  first(key: string): boolean {
    const seen = this.#seen;
    return !seen.has(key) && seen.size < 256 && !!seen.add(key);
  }

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return LOG_LEVELS.indexOf(level) >= this.#rank;
  }

  debug(message: string, details?: object): void {
    this.#emit('debug', message, details);
  }
  info(message: string, details?: object): void {
    this.#emit('info', message, details);
  }
  warn(message: string, details?: object): void {
    this.#emit('warn', message, details);
  }
  error(message: string, details?: object): void {
    this.#emit('error', message, details);
  }

  #emit(level: Exclude<LogLevel, 'off'>, message: string, details?: object): void {
    if (!this.enabled(level)) return;
    const sink = this.#sink;
    try {
      const text = this.#prefix + this.#scrubber.text(message);
      // Enabled means there is a sink.
      if (details === undefined) sink![level]?.(text);
      else sink![level]?.(text, this.#scrubber.value(details));
    } catch {
      // A broken logger must not turn a successful call into a failure.
    }
  }

  toJSON(): string {
    return 'RuntimeLogger';
  }
}
