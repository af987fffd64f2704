/**
 * Every request runs as a transaction: it either changes the state and is answered, or
 * leaves nothing behind. The answer belongs to the transaction: the server checks it against
 * the spec and writes it as JSON text before the transaction ends, so a change the fake
 * cannot answer for (an answer that breaks the spec, or cannot be written) is undone together
 * with its 500, instead of breaking every later answer that shows it.
 *
 * Undoing is a snapshot of the state, taken before the request runs and put back when
 * anything throws. That covers any handler, whatever it changes (reads included: the spec's
 * `GET …/setup-intents/` makes one), without each keeping its own undo steps. A snapshot is
 * only exact when nothing else changed in the meantime, so requests run one at a time, in the
 * order they came, as with a database's single writer. Handlers compute without waiting (a
 * slow answer waits after its transaction, see `answerAfter`), so a request is held back only
 * while another is being computed, never for a timer.
 */
import { snapshotState, type FakeState } from './state.js';

export class Transactions {
  /** Settles when the last transaction queued so far has ended, however it ended. */
  #last: Promise<unknown> = Promise.resolve();

  constructor(private readonly state: FakeState) {}

  /** Runs `request` after the transactions before it; when it throws, its changes are undone. */
  run<T>(request: () => Promise<T>): Promise<T> {
    const ended = this.#last.then(async () => {
      const restore = snapshotState(this.state);
      try {
        return await request();
      } catch (error) {
        restore();
        throw error;
      }
    });
    this.#last = ended.catch(() => undefined);
    return ended;
  }
}
