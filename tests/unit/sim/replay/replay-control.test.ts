import 'fake-indexeddb/auto';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../../src/api/envelope.ts';
import { ScaledClock } from '../../../../src/sim/clock.ts';
import { encodeFeed, feedToBase64 } from '../../../../src/sim/feeds/feed-format.ts';
import { assetIndex } from '../../../../src/sim/feeds/assets.ts';
import { pairPrice } from '../../../../src/sim/feeds/reference-source.ts';
import { openMarketFeature } from '../../../../src/sim/market/market-feature.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import { resumeClock, resumeTime } from '../../../../src/sim/replay/resume-time.ts';
import { shippedFeed, SHIPPED_FEEDS } from '../../../../src/sim/replay/shipped-feeds.ts';
import { Routes, type CallContext } from '../../../../src/sim/routes.ts';
import type { SettingValue } from '../../../../src/sim/store/database.ts';
import { RecordingHub, START } from '../market/market-fixture.ts';

const ctx: CallContext = { now: 0, lang: 'en', token: '', t: (key) => key };

function memorySettings() {
  const values = new Map<string, SettingValue>();
  return {
    values,
    getSetting: async (key: string) => values.get(key),
    setSetting: async (key: string, value: SettingValue) => {
      values.set(key, structuredClone(value));
    },
  };
}

let dbCount = 0;

/** One simulator market as the worker opens it: a scaled clock on a fake wall clock, kept settings. */
async function open(settings: ReturnType<typeof memorySettings>, start: number, feeds: string) {
  const wall = { now: 1_000_000 };
  const clock = new ScaledClock({ realNow: () => wall.now, start });
  const routes = new Routes();
  const feature = await openMarketFeature({
    routes,
    hub: new RecordingHub(() => false),
    clock,
    settings,
    market: { pairs: PAIRS.filter((pair) => pair.id === 1 || pair.id === 64), historyDays: 1 },
    feeds: { name: feeds },
  });
  const call = async (path: string, payload: Record<string, unknown> = {}) =>
    (await routes.get(path)!(payload, ctx)) as Envelope;
  /** Real time passes; the market catches up as the worker's ticker would. */
  const pass = (realMs: number) => {
    for (let done = 0; done < realMs; done += 1_000) {
      wall.now += Math.min(1_000, realMs - done);
      feature.market.advanceToNow();
    }
  };
  return { clock, feature, call, pass, wall };
}

const BTC = assetIndex('BTC');
const btcPrice = (feature: Awaited<ReturnType<typeof open>>['feature'], t: number) =>
  feature.market.pairs[0]!.referenceTicks(t);

describe('the replay control (sim/replay*)', () => {
  it('plays a shipped feed, seeks into its crash, pauses, steps, runs at x0.5 exactly, and a reload resumes it', async () => {
    const settings = memorySettings();
    const feeds = `replay-test-${dbCount++}`;
    const { clock, feature, call, pass } = await open(settings, START, feeds);
    const live = await call('sim/replay');
    expect(live).toMatchObject({ code: 1, data: { source: 'live', feed: null, paused: 0, speed: 1 } });
    expect((live.data as { feeds: { name: string }[] }).feeds.map((feed) => feed.name)).toEqual(
      SHIPPED_FEEDS.map((feed) => feed.name),
    );

    const chosen = await call('sim/replay_source', { source: 'feed', feed: 'crash-rebound' });
    expect(chosen).toMatchObject({
      code: 1,
      data: {
        source: 'feed',
        feed: 'crash-rebound',
        symbol: 'BTC/USDT',
        duration: 6 * 3_600_000,
        position: 0,
      },
    });
    const anchor = btcPrice(feature, clock.now());
    // Seek to the bottom of the crash (it falls from 1 h 30 min to 2 h): BTC jumps to the feed's level there.
    const feed = await shippedFeed('crash-rebound')!.load();
    const bottom = 120 * 60_000;
    const seeked = await call('sim/replay_control', { action: 'seek', ms: bottom });
    expect(seeked).toMatchObject({ code: 1, data: { position: bottom, seek_at: clock.now() } });
    const recorded = feed.prices[bottom / 5_000]! / feed.prices[0]!;
    expect(recorded).toBeLessThan(0.8);
    expect(btcPrice(feature, clock.now()) / anchor).toBeCloseTo(recorded, 6);

    // x0.5: two real seconds are one simulated second, exactly.
    expect(await call('sim/set_speed', { speed: 0.5 })).toMatchObject({ code: 1, data: { speed: 0.5 } });
    const before = clock.now();
    pass(10_000);
    expect(clock.now() - before).toBe(5_000);
    expect(feature.replay!.positionNow()).toBe(bottom + 5_000);

    // Pause: real time passes, simulated time and the feed stand still; step moves both by a second.
    expect(await call('sim/replay_control', { action: 'pause' })).toMatchObject({ data: { paused: 1 } });
    const paused = clock.now();
    pass(30_000);
    expect(clock.now()).toBe(paused);
    await call('sim/replay_control', { action: 'step' });
    expect(clock.now()).toBe(paused + 1_000);
    expect(feature.market.time()).toBe(paused + 1_000);
    // A stepped pause is kept at once, not at the worker's next two-second save.
    expect(settings.values.get('sim_now')).toBe(paused + 1_000);
    await call('sim/replay_control', { action: 'step', ms: 60_000 });
    expect(feature.replay!.positionNow()).toBe(bottom + 5_000 + 61_000);

    // A reload: the worker opens at the saved time (the pause holds it), and everything is restored.
    const saved = clock.now();
    const reopenedAt = await resumeTime(settings, saved, saved + 3_600_000);
    expect(reopenedAt).toBe(saved);
    const again = await open(settings, reopenedAt, feeds);
    expect(await again.call('sim/replay')).toMatchObject({
      data: { source: 'feed', feed: 'crash-rebound', paused: 1, speed: 0.5, position: bottom },
    });
    expect(again.feature.replay!.positionNow()).toBe(bottom + 66_000);
    expect(btcPrice(again.feature, saved) / btcPrice(feature, saved)).toBeCloseTo(1, 10);
    // The reopened market opens on the kept replay: its book stands at the crash level at once.
    const bid = again.feature.market.pairs[0]!.book.bestBid();
    expect(bid / btcPrice(again.feature, saved)).toBeGreaterThan(0.99);
    expect(bid / btcPrice(again.feature, saved)).toBeLessThan(1.001);
    again.pass(5_000);
    expect(again.clock.now()).toBe(saved);
    await again.call('sim/replay_control', { action: 'play' });
    again.pass(4_000);
    expect(again.clock.now()).toBe(saved + 2_000);
  });

  it('refuses what it cannot do, and changes nothing then', async () => {
    const settings = memorySettings();
    const { call, clock } = await open(settings, START, `replay-test-${dbCount++}`);
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      ['sim/replay_control', { action: 'seek', ms: 1_000 }, 'replayNoFeed'],
      ['sim/replay_source', { source: 'feed', feed: 'no-such-feed' }, 'feedUnknown'],
      ['sim/replay_source', { source: 'feed', feed: 'file:never-dropped' }, 'feedUnknown'],
      ['sim/replay_source', { source: 'live', seed: -1 }, 'seedInvalid'],
      ['sim/replay_source', { source: 'live', seed: 1.5 }, 'seedInvalid'],
      ['sim/replay_control', { action: 'step', ms: 0 }, 'stepOutOfRange'],
      ['sim/replay_control', { action: 'step', ms: 3_600_001 }, 'stepOutOfRange'],
      ['sim/replay_control', { action: 'rewind' }, 'replayBadAction'],
    ];
    for (const [path, payload, key] of refusals) {
      expect(await call(path, payload), `${path} ${JSON.stringify(payload)}`).toEqual({
        code: 0,
        msg: key,
        data: [],
      });
    }
    await call('sim/replay_source', { source: 'feed', feed: 'btc-usdt-sample' });
    for (const ms of [-1, 3_600_000, 12.5, Number.NaN]) {
      expect(await call('sim/replay_control', { action: 'seek', ms })).toMatchObject({
        code: 0,
        msg: 'seekOutOfRange',
      });
    }
    expect(await call('sim/replay')).toMatchObject({
      data: { source: 'feed', feed: 'btc-usdt-sample', position: 0 },
    });
    expect(clock.now()).toBe(START);
  });

  it('takes a dropped feed file, and refuses a broken one with a clear reason', async () => {
    const settings = memorySettings();
    const feeds = `replay-test-${dbCount++}`;
    const { call } = await open(settings, START, feeds);
    const good = encodeFeed({
      header: { symbol: 'BIB/USDT', source: 'test', priceDecimals: 4 },
      times: Float64Array.from([0, 60_000, 120_000]),
      prices: Float64Array.from([1.25, 1.5, 1.1]),
    });
    const tampered = Uint8Array.from(good);
    tampered[12] = tampered[12]! ^ 0xff;
    const header = (json: object, ticks: number[]) => {
      const text = new TextEncoder().encode(JSON.stringify(json));
      const length = [text.length & 0xff, (text.length >> 8) & 0xff, 0, 0];
      return gzipSync(Uint8Array.from([0x54, 0x53, 0x46, 0x44, 1, ...length, ...text, ...ticks]));
    };
    const bomb = Uint8Array.from(good);
    bomb.set([0, 0, 0, 0x40], bomb.length - 4);
    const broken: Array<[string, string]> = [
      [btoa('not a feed at all'), 'feedInvalid'],
      [feedToBase64(gzipSync(new TextEncoder().encode('TSFD but not really'))), 'feedInvalid'],
      [feedToBase64(tampered), 'feedInvalid'],
      [feedToBase64(bomb), 'feedTooLarge'],
      // A header that claims a billion ticks in a few bytes is refused before anything is allocated.
      [
        feedToBase64(
          header({ symbol: 'BTC/USDT', source: 'x', priceDecimals: 2, start: 0, count: 1e9 }, [1, 2, 3, 4]),
        ),
        'feedInvalid',
      ],
      [
        feedToBase64(
          header({ symbol: 'FOO/BAR', source: 'x', priceDecimals: 2, start: 0, count: 2 }, [0, 2, 10, 2]),
        ),
        'feedUnknownPair',
      ],
      ['!!!', 'feedInvalid'],
      ['A'.repeat(4_000_004), 'feedTooLarge'],
    ];
    for (const [data, key] of broken) {
      expect(await call('sim/replay_file', { name: 'x.feed.gz', data }), key).toEqual({
        code: 0,
        msg: key,
        data: [],
      });
    }
    expect(await call('sim/replay')).toMatchObject({ data: { source: 'live' } });

    const dropped = await call('sim/replay_file', { name: 'my thin/alt.feed.gz', data: feedToBase64(good) });
    expect(dropped).toMatchObject({
      code: 1,
      data: { source: 'feed', feed: 'file:my-thin-alt', symbol: 'BIB/USDT', duration: 120_000 },
    });
    expect((dropped.data as { feeds: { name: string; kind: string }[] }).feeds.at(-1)).toEqual({
      name: 'file:my-thin-alt',
      symbol: 'BIB/USDT',
      duration: 120_000,
      kind: 'file',
    });
  });

  it('sets the live generator seed without a jump, and keeps it', async () => {
    const settings = memorySettings();
    const { feature, call, clock, pass } = await open(settings, START, `replay-test-${dbCount++}`);
    const seed = feature.market.generator.seed;
    const before = btcPrice(feature, clock.now());
    expect(await call('sim/replay_source', { source: 'live', seed: 7 })).toMatchObject({
      code: 1,
      data: { source: 'live', seed: 7 },
    });
    expect(btcPrice(feature, clock.now()) / before).toBeCloseTo(1, 12);
    pass(3_000);
    const later = clock.now() + 3_600_000;
    expect(btcPrice(feature, later)).not.toBeCloseTo(pairPrice(feature.market.generator, BTC, -1, later), 2);
    expect(settings.values.get('sim.replay')).toMatchObject({ kind: 'live', seed: 7 });
    await call('sim/replay_source', { source: 'live', seed });
    pass(2_000);
    const t = clock.now() + 3_600_000;
    expect(btcPrice(feature, t) / 100 / pairPrice(feature.market.generator, BTC, -1, t)).toBeCloseTo(1, 12);
  });
});

describe('where a reloaded simulator resumes', () => {
  const settings = (values: Record<string, SettingValue>) => ({
    getSetting: async (key: string) => values[key],
    setSetting: async () => undefined,
  });
  it('follows the wall clock at x1 and faster, and holds a paused, slowed or replaying exchange', async () => {
    expect(await resumeTime(settings({}), 5_000, 9_000)).toBe(9_000);
    expect(await resumeTime(settings({}), 12_000, 9_000)).toBe(12_000);
    expect(await resumeTime(settings({}), undefined, 9_000)).toBe(9_000);
    expect(await resumeTime(null, 5_000, 9_000)).toBe(9_000);
    expect(await resumeTime(settings({ 'sim.paused': true }), 5_000, 9_000)).toBe(5_000);
    expect(await resumeTime(settings({ 'sim.speed': 0.5 }), 5_000, 9_000)).toBe(5_000);
    expect(await resumeTime(settings({ 'sim.replay': { kind: 'feed' } }), 5_000, 9_000)).toBe(5_000);
    expect(await resumeTime(settings({ 'sim.replay': { kind: 'live' } }), 5_000, 9_000)).toBe(9_000);
  });

  it('opens the clock already paused and at the kept speed, so nothing runs before the replay control takes over', async () => {
    expect(await resumeClock(settings({ 'sim.paused': true, 'sim.speed': 0.5 }), 5_000, 9_000)).toEqual({
      start: 5_000,
      paused: true,
      speed: 0.5,
    });
    expect(await resumeClock(settings({ 'sim.speed': 99 }), 5_000, 9_000)).toEqual({
      start: 9_000,
      paused: false,
    });
    expect(await resumeClock(null, 5_000, 9_000)).toEqual({ start: 9_000, paused: false });
    let real = 100_000;
    const clock = new ScaledClock({
      realNow: () => real,
      ...(await resumeClock(settings({ 'sim.paused': true }), 5_000, 9_000)),
    });
    real += 1_500;
    expect(clock.now()).toBe(5_000);
  });
});
