/**
 * Where our client's extra time goes on the small request: its own work before `fetch` is
 * called, the `fetch` call itself (which sees our timeout signal and headers), and its work
 * after the response arrives. Raw fetch is timed alongside, request for request.
 */
import { ClientCore, CLIENT_META, usersRetrieve } from '../../generated/src/index.js';
import { summarize, type Summary } from '../lib/stats.js';
import { BENCH_TOKEN, USER_ID } from './contender.js';

export interface Breakdown {
  readonly ours: { readonly before: Summary; readonly fetch: Summary; readonly after: Summary };
  readonly raw: { readonly fetch: Summary; readonly after: Summary };
}

const micros = (from: bigint, to: bigint): number => Number(to - from) / 1e3;

export async function smallRequestBreakdown(baseUrl: string, count: number): Promise<Breakdown> {
  let called = 0n;
  let answered = 0n;
  const timedFetch = async (url: string, init: RequestInit): Promise<Response> => {
    called = process.hrtime.bigint();
    const response = await fetch(url, init);
    answered = process.hrtime.bigint();
    return response;
  };
  const core = new ClientCore(
    { token: BENCH_TOKEN, baseUrl, validateResponses: 'off', fetch: timedFetch },
    CLIENT_META,
  );
  const url = `${baseUrl}/api/v1/users/${USER_ID}/`;
  const headers = { authorization: `Bearer ${BENCH_TOKEN}`, accept: 'application/json' };
  const ours = { before: [] as number[], fetch: [] as number[], after: [] as number[] };
  const raw = { fetch: [] as number[], after: [] as number[] };
  for (let i = 0; i < count; i++) {
    const started = process.hrtime.bigint();
    await usersRetrieve(core, USER_ID);
    const done = process.hrtime.bigint();
    const rawStarted = process.hrtime.bigint();
    const response = await fetch(url, { headers });
    const rawAnswered = process.hrtime.bigint();
    JSON.parse(await response.text());
    const rawDone = process.hrtime.bigint();
    // The first fifth warms up.
    if (i < count / 5) continue;
    ours.before.push(micros(started, called));
    ours.fetch.push(micros(called, answered));
    ours.after.push(micros(answered, done));
    raw.fetch.push(micros(rawStarted, rawAnswered));
    raw.after.push(micros(rawAnswered, rawDone));
  }
  return {
    ours: {
      before: summarize(ours.before),
      fetch: summarize(ours.fetch),
      after: summarize(ours.after),
    },
    raw: { fetch: summarize(raw.fetch), after: summarize(raw.after) },
  };
}
