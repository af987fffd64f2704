/**
 * Warnings reach the developer unless they say otherwise: by default the client logs warnings
 * and errors to the console (a response that does not match its type, a hook that threw),
 * since a mismatch nobody sees is one nobody fixes; debug and info lines are opt-in.
 * `logger` routes the lines elsewhere, `logLevel: 'off'` silences them. Every message passes
 * the client's scrubber first, and a logger that throws is ignored: logging must never
 * break a request.
 */
import type { SecretScrubber } from './redact.js';

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

/** How many distinct keys `first` remembers; past that it answers false, so memory stays bounded. */
const MAX_KEYS = 256;

const RANK: Readonly<Record<LogLevel, number>> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  off: 100,
};

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'off'];

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}

/** The logger the runtime calls: filtered by level, scrubbed, and safe to call. */
export class RuntimeLogger {
  readonly #sink: Logger | undefined;
  readonly #rank: number;
  readonly #scrubber: SecretScrubber;
  readonly #seen = new Set<string>();
  readonly #prefix: string;

  /** `name` (the package's) starts every line, so a shared log shows where a warning came from. */
  constructor(scrubber: SecretScrubber, logger?: Logger, level?: LogLevel, name = 'client') {
    this.#scrubber = scrubber;
    this.#prefix = `[${name}] `;
    const sink = logger ?? (typeof console !== 'undefined' ? console : undefined);
    this.#sink = sink;
    this.#rank = sink === undefined ? RANK.off : RANK[level ?? 'warn'];
  }

  /**
   * True the first time this client asks about `key`: for warnings that would otherwise
   * repeat on every call and flood the output.
   */
  first(key: string): boolean {
    if (this.#seen.has(key) || this.#seen.size >= MAX_KEYS) return false;
    this.#seen.add(key);
    return true;
  }

  enabled(level: Exclude<LogLevel, 'off'>): boolean {
    return RANK[level] >= this.#rank;
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
    const method = this.#sink?.[level];
    if (typeof method !== 'function') return;
    try {
      const text = `${this.#prefix}${this.#scrubber.text(message)}`;
      if (details === undefined) method.call(this.#sink, text);
      else method.call(this.#sink, text, this.#scrubber.value(details));
    } catch {
      // A broken logger must not turn a successful call into a failure.
    }
  }

  toJSON(): string {
    return 'RuntimeLogger';
  }
}
