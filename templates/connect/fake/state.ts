/**
 * Everything a fake server remembers, created from the seed: the station set, the users
 * with their payment methods and sessions, the id source and the clock.
 */
import { ChargingStore } from './charging-store.js';
import { PaymentStore } from './payments-store.js';
import { SeededRandom } from '../../fake/random.js';
import { generateStations } from './station-factory.js';
import { StationIndex } from './station-search.js';
import { UserStore } from './users-store.js';

/** The real clock plus whatever a test added with `advanceTime`. */
export class FakeClock {
  #offsetMs = 0;

  constructor(private readonly source: () => Date = () => new Date()) {}

  now(): Date {
    return new Date(this.source().getTime() + this.#offsetMs);
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0)
      throw new RangeError(`advanceTime takes a number of milliseconds >= 0, got ${ms}`);
    this.#offsetMs += ms;
  }
}

export interface FakeState {
  readonly clock: FakeClock;
  readonly startedAt: Date;
  readonly stations: StationIndex;
  readonly users: UserStore;
  readonly payments: PaymentStore;
  readonly charging: ChargingStore;
  /** How long charging start takes to answer. */
  readonly startDelayMs: number;
  /** How `stations.tile` reads its `x` and `y` lists; `grid` when unset. */
  readonly tileLists?: TileListReading;
}

/** The two readings of `stations.tile`'s lists the contract allows (see FakeConnectApiOptions). */
export type TileListReading = 'grid' | 'pairs';

export function createState(seed: number | string, clock: FakeClock, startDelayMs = 0): FakeState {
  const startedAt = clock.now();
  return {
    ...records(seed, clock),
    clock,
    startedAt,
    stations: new StationIndex(generateStations(seed, startedAt)),
    startDelayMs,
  };
}

/**
 * `state` as its seed made it, on `clock`: users, payment methods and sessions gone, ids drawn
 * from the seed's start again, and the stations' EVSE statuses put back by `restoreStations`
 * (their snapshot taken when the state was made). The stations themselves are kept: drawing
 * them again would give the same ones, and takes about a tenth of a second.
 */
export function resetState(
  state: FakeState,
  seed: number | string,
  clock: FakeClock,
  restoreStations: () => void,
): FakeState {
  restoreStations();
  return { ...state, ...records(seed, clock), clock };
}

/** What requests fill in, empty, with the id source the seed starts. */
function records(seed: number | string, clock: FakeClock) {
  const ids = new SeededRandom(`ids:${seed}`);
  const now = () => clock.now();
  return {
    users: new UserStore(ids),
    payments: new PaymentStore(ids, now),
    charging: new ChargingStore(ids, now),
  };
}

/**
 * What puts everything a request can change back as it is now (see transactions.ts). The id
 * source is left alone, as a database leaves its sequences: an id a failed request drew is not
 * handed out again. A store added to `FakeState` that can change joins this list.
 */
export function snapshotState(state: FakeState): () => void {
  const restores = [
    state.users.snapshot(),
    state.payments.snapshot(),
    state.charging.snapshot(),
    state.stations.snapshot(),
  ];
  return () => {
    for (const restore of restores) restore();
  };
}
