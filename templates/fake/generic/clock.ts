/**
 * The clock a streamed answer's events wait on (`streams` option of the fake): by default none,
 * and every event goes at once. `steppedClock()` lets a test release them one at a time and know,
 * without a sleep, that the fake is holding the next one back.
 */

/** One event of a streamed answer, as the fake is about to send it. */
export interface FakeStreamEvent {
  /** The operation's id. */
  readonly operation: string;
  /** The event's number in its stream, from 1; an `id:` of a server-sent event. */
  readonly number: number;
  /** How many events the stream has. */
  readonly count: number;
}

/** What the fake waits on before it sends each event of a stream. */
export interface StreamClock {
  /**
   * Resolves when the event may be sent; a rejection cuts the stream off there, as a dropped
   * connection would. `signal` aborts when the client has gone, so a waiter can be let go.
   */
  wait(event: FakeStreamEvent, signal: AbortSignal): Promise<void> | void;
}

/** A clock that moves only when told: `tick()` lets one event go. */
export interface SteppedClock extends StreamClock {
  /** Lets the next `count` events go (default 1), now or as soon as the fake asks. */
  tick(count?: number): void;
  /** Resolves with the event the fake waits to send: the moment it holds one back. */
  waiting(): Promise<FakeStreamEvent>;
}

interface Waiter {
  readonly event: FakeStreamEvent;
  readonly release: () => void;
}

export function steppedClock(): SteppedClock {
  let credit = 0;
  const held: Waiter[] = [];
  const watchers: ((event: FakeStreamEvent) => void)[] = [];
  const releaseHeld = () => {
    while (credit > 0 && held.length > 0) {
      credit--;
      held.shift()!.release();
    }
  };
  return {
    wait(event, signal) {
      if (credit > 0) {
        credit--;
        return;
      }
      return new Promise<void>((resolve) => {
        const waiter: Waiter = { event, release: resolve };
        held.push(waiter);
        // A stream the client gave up on no longer takes a tick meant for the next one.
        signal.addEventListener('abort', () => {
          const at = held.indexOf(waiter);
          if (at >= 0) held.splice(at, 1);
        });
        for (const watcher of watchers.splice(0)) watcher(event);
      });
    },
    tick(count = 1) {
      credit += count;
      releaseHeld();
    },
    waiting() {
      const first = held[0];
      if (first !== undefined) return Promise.resolve(first.event);
      return new Promise((resolve) => watchers.push(resolve));
    },
  };
}
