/** The baseline (fetch + JSON.parse, what a careful hand-written call does) and our generated client. */
import {
  ClientCore,
  CLIENT_META,
  stationsAround,
  usersRetrieve,
  type PaginatedStationList,
  type User,
} from '../../generated/src/index.js';
import { AROUND, BENCH_TOKEN, USER_ID, type Contender } from './contender.js';

export function rawFetch(baseUrl: string): Contender {
  const headers = { authorization: `Bearer ${BENCH_TOKEN}`, accept: 'application/json' };
  const get = async (url: string): Promise<unknown> => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return JSON.parse(await response.text());
  };
  const aroundUrl = `${baseUrl}/api/v1/stations/around/?latitude=${AROUND.latitude}&longitude=${AROUND.longitude}`;
  return {
    name: 'fetch + JSON.parse',
    small: async () =>
      ((await get(`${baseUrl}/api/v1/users/${encodeURIComponent(USER_ID)}/`)) as User).id,
    page: async () => ((await get(aroundUrl)) as PaginatedStationList).results.length,
  };
}

export function ourClient(baseUrl: string, validateResponses: 'off' | 'strict'): Contender {
  // ClientCore with the standalone functions: the tree-shakable way to use the package.
  const core = new ClientCore({ token: BENCH_TOKEN, baseUrl, validateResponses }, CLIENT_META);
  return {
    name: `connect client, validation ${validateResponses === 'off' ? 'off' : 'on (strict)'}`,
    small: async () => (await usersRetrieve(core, USER_ID)).id,
    page: async () => (await stationsAround(core, AROUND)).results.length,
  };
}
