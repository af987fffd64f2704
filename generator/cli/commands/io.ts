/** Where commands print, so tests can capture output without touching process streams. */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: CommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Exit codes: 0 success, 1 invalid input or stale output, 2 usage error. */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;
