/** Requests as transactions: a failed one leaves no change in any store, and they run in turn. */
import { describe, expect, it } from 'vitest';
import { createState, FakeClock, snapshotState } from '../../templates/connect/fake/state.js';
import { Transactions } from '../../templates/fake/transactions.js';

const NOW = new Date('2026-03-01T08:00:00Z');

function freshState() {
  return createState(1, new FakeClock(() => NOW));
}

/** A promise the test settles itself, to hold a transaction open without a timer. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('Transactions', () => {
  it('undoes every change of a request that throws, in every store', async () => {
    const state = freshState();
    const kept = state.users.create({ email: 'kept@example.com' });
    const station = state.stations.all.find((s) => s.evses.some((e) => e.status === 'AVAILABLE'))!;
    const evse = station.evses.find((e) => e.status === 'AVAILABLE')!;
    let lost = '';
    let secret = '';
    const failed = new Transactions(() => snapshotState(state)).run(async () => {
      lost = state.users.create({ email: 'lost@example.com' }).id;
      state.users.update(kept.id, { email: 'changed@example.com', locale: 'de' });
      state.users.setBilling(kept.id, { line1: 'Main St 1', postal_code: '10115' });
      const paymentMethod = state.payments.add(kept.id);
      secret = state.payments.createSetupIntent(kept.id);
      state.charging.start({ userId: kept.id, station, evse, paymentMethod });
      throw new Error('the answer cannot be given');
    });
    await expect(failed).rejects.toThrow('the answer cannot be given');
    expect(state.users.list()).toEqual([kept]);
    expect(() => state.users.get(lost)).toThrow(/No User/);
    expect(kept).toMatchObject({ email: 'kept@example.com', locale: 'en', billing: undefined });
    expect(state.payments.list(kept.id)).toEqual([]);
    expect(() => state.payments.confirmSetupIntent(secret)).toThrow(/setup intent/);
    expect(state.charging.sessions(kept.id)).toEqual([]);
    expect(evse.status).toBe('AVAILABLE');
  });

  it('keeps the changes of a request that succeeds', async () => {
    const state = freshState();
    const user = await new Transactions(() => snapshotState(state)).run(async () =>
      state.users.create({ email: 'a@example.com' }),
    );
    expect(state.users.list()).toEqual([user]);
  });

  it('runs requests one at a time, in the order they came, also after a failure', async () => {
    const state = freshState();
    const transactions = new Transactions(() => snapshotState(state));
    const steps: string[] = [];
    const held = gate();
    const started = gate();
    const first = transactions.run(async () => {
      steps.push('first starts');
      started.open();
      await held.opened;
      steps.push('first fails');
      throw new Error('first');
    });
    const second = transactions.run(async () => {
      steps.push('second runs');
    });
    await started.opened;
    expect(steps).toEqual(['first starts']);
    held.open();
    await expect(first).rejects.toThrow('first');
    await second;
    expect(steps).toEqual(['first starts', 'first fails', 'second runs']);
  });
});
