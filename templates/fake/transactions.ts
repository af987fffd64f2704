/**
 * Every request a fake answers runs as a transaction: it either changes the state and is
 * answered, or leaves nothing behind. The answer belongs to the transaction: a fake checks it
 * against the spec (and writes it) before the transaction ends, so a change the fake cannot
 * answer for (an answer that breaks the spec, or cannot be written) is undone together with
 * its 500, instead of breaking every later answer that shows it.
 *
 * Undoing is a snapshot of the state, taken before the request runs and put back when it
 * fails. That covers any handler, whatever it changes (reads included), without each keeping
 * its own undo steps. A snapshot is only exact when nothing else changed in the meantime, so
 * requests run one at a time, in the order they came, as with a database's single writer.
 * Handlers compute without waiting (a slow answer waits after its transaction), so a request
 * is held back only while another is being computed, never for a timer.
 */

/** Takes a snapshot of everything a request may change; calling the result puts it back. */
export type Snapshot = () => () => void;

export class Transactions {
  /** Settles when the last transaction queued so far has ended, however it ended. */
  #last: Promise<unknown> = Promise.resolve();

  constructor(private readonly snapshot: Snapshot) {}

  /**
   * Runs `request` after the transactions before it. When it throws, or `failed` says its
   * result is a failure, its changes are undone.
   */
  run<T>(request: () => Promise<T>, failed: (result: T) => boolean = () => false): Promise<T> {
    const ended = this.#last.then(async () => {
      const restore = this.snapshot();
      let result: T;
      try {
        result = await request();
      } catch (error) {
        restore();
        throw error;
      }
      if (failed(result)) restore();
      return result;
    });
    this.#last = ended.catch(() => undefined);
    return ended;
  }
}
