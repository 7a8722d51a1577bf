import { describe, expect, it } from 'vitest';
import { ScaledClock } from '../../../../src/sim/clock.ts';
import { openMarketFeature } from '../../../../src/sim/market/market-feature.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import { Routes, type CallContext } from '../../../../src/sim/routes.ts';
import { RecordingHub, START } from '../market/market-fixture.ts';

const ctx: CallContext = { now: 0, lang: 'en', token: '', t: (key) => key };

// No fake-indexeddb here: this is the Node server (`npm run server`), which has no IndexedDB.
describe('the replay on the Node server', () => {
  it('offers the shipped feeds, and says that it keeps no dropped files', async () => {
    const routes = new Routes();
    await openMarketFeature({
      routes,
      hub: new RecordingHub(() => false),
      clock: new ScaledClock({ realNow: () => 0, start: START }),
      market: { pairs: PAIRS.filter((pair) => pair.id === 1), historyDays: 1 },
    });
    const state = await routes.get('sim/replay')!({}, ctx);
    expect(state).toMatchObject({ code: 1, data: { source: 'live' } });
    expect((state.data as { feeds: unknown[] }).feeds).toHaveLength(4);
    expect(await routes.get('sim/replay_file')!({ name: 'x.feed.gz', data: 'AA' }, ctx)).toEqual({
      code: 0,
      msg: 'feedFilesUnavailable',
      data: [],
    });
    expect(await routes.get('sim/replay_source')!({ source: 'feed', feed: 'calm-day' }, ctx)).toMatchObject({
      code: 1,
      data: { feed: 'calm-day' },
    });
  });
});
