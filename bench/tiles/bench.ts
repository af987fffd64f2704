/**
 * 6. Map tiles: the scripted 50-view session over Berlin (session.ts) against the fake in
 * this process, played with the viewport loader and the naive way (one call per tile per
 * view, all at once), the two taking turns round by round from a cold start. Requests and
 * bytes are counted at the client's fetch; a view's time runs from asking for it until its
 * last tile is in.
 */
import { createConnectCore } from '../../generated/src/index.js';
import { startFakeConnectApi } from '../../generated/src/connect/fake/index.js';
import { row, target, type SectionResult } from '../lib/report.js';
import { summarize } from '../lib/stats.js';
import { meteredFetch, runSession, sessionViews, type Strategy, type ViewCost } from './session.js';

export interface TileBenchOptions {
  /** Times each way plays the whole session. */
  readonly rounds: number;
}

export async function benchTiles(options: TileBenchOptions): Promise<SectionResult> {
  const api = await startFakeConnectApi({ seed: 1 });
  const views = sessionViews();
  const runs: Record<Strategy, ViewCost[][]> = { naive: [], loader: [] };
  try {
    for (let round = 0; round < options.rounds; round++) {
      const order: Strategy[] = round % 2 === 0 ? ['naive', 'loader'] : ['loader', 'naive'];
      for (const strategy of order) {
        const meter = { requests: 0, bytes: 0 };
        const client = createConnectCore({
          baseUrl: api.url,
          token: api.tokens[0],
          fetch: meteredFetch(meter),
        });
        runs[strategy].push(await runSession(strategy, client, meter, views));
      }
    }
  } finally {
    await api.close();
  }
  const total = (s: Strategy, key: 'requests' | 'bytes') =>
    runs[s][0]!.reduce((sum, view) => sum + view[key], 0);
  /** Per view, the median over rounds of its time. */
  const perView = (s: Strategy) =>
    views.map((_, i) => summarize(runs[s].map((round) => round[i]!.ms)).median);
  const sessionMs = (s: Strategy) =>
    summarize(runs[s].map((round) => round.reduce((sum, v) => sum + v.ms, 0)));
  const [naiveViews, loaderViews] = [perView('naive'), perView('loader')];
  const slower = views.map((_, i) => i).filter((i) => loaderViews[i]! > naiveViews[i]!);
  const requestRatio = total('naive', 'requests') / total('loader', 'requests');
  const single = (n: number) => summarize([n]);
  return {
    title: 'map tiles: 50-view session',
    rows: [
      row('naive: requests', single(total('naive', 'requests')), ''),
      row('loader: requests', single(total('loader', 'requests')), '', {
        summary: single(requestRatio),
        against: 'fewer than naive',
      }),
      row('naive: bytes received', single(total('naive', 'bytes') / 1024), 'KiB'),
      row('loader: bytes received', single(total('loader', 'bytes') / 1024), 'KiB'),
      row('naive: time per view', summarize(naiveViews), 'ms'),
      row('loader: time per view', summarize(loaderViews), 'ms'),
      row('naive: whole session', sessionMs('naive'), 'ms'),
      row('loader: whole session', sessionMs('loader'), 'ms'),
    ],
    targets: [
      target(
        'the loader sends at least 5× fewer requests than one call per tile per view',
        requestRatio >= 5,
        `${total('naive', 'requests')} naive requests / ${total('loader', 'requests')} = ${requestRatio.toFixed(1)}×`,
      ),
      target(
        'no view is slower with the loader than the naive way',
        slower.length === 0,
        slower.length === 0
          ? `all ${views.length} views, medians over ${options.rounds} rounds`
          : `slower: views ${slower.join(', ')}`,
      ),
    ],
    notes: [
      `The session: ${views.length} views of a 1024 × 768 map over Berlin at zooms 11–13 (pans of 200 pixels, zooms in and out, returns to places seen), played ${options.rounds} times each way from a cold start, the two ways taking turns.`,
      'Naive: every tile of every view is its own `stations.tile` call, all sent at once. Loader: `createTileLoader` with its defaults (cache, one row or column per request, four requests at a time).',
      'Requests and bytes (content-length of answers) are counted at the fetch the client is given; a view is complete when its last tile is in.',
    ],
  };
}
