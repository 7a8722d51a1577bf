import { describe, expect, it } from 'vitest';
import { CandleSeries, LIVE_DAYS_KEPT } from '../../../src/sim/market/candle-series.ts';
import { DAY_MS, MINUTE_MS } from '../../../src/sim/market/periods.ts';
import {
  cachedServerLanguages,
  loadServerMessages,
  serverLanguage,
} from '../../../src/sim/server-messages.ts';
import { MAX_CHANNELS_PER_SOCKET, SocketHub } from '../../../src/sim/socket-hub.ts';

describe('server messages', () => {
  it('answer an unknown lang in English and cache at most one table per locale file', async () => {
    const english = await loadServerMessages('en');
    expect(Object.keys(english).length).toBeGreaterThan(10);
    for (let i = 0; i < 2_000; i++) {
      expect(await loadServerMessages(`x-${i}`)).toBe(english);
    }
    expect(await loadServerMessages('constructor')).toBe(english);
    expect(serverLanguage('__proto__')).toBe('en');
    expect(serverLanguage('fr')).toBe('fr');
    expect((await loadServerMessages('fr')) === english).toBe(false);
    expect(cachedServerLanguages()).toBeLessThanOrEqual(13);
  });
});

describe('socket channels', () => {
  function session(hub: SocketHub) {
    const sent: string[] = [];
    const socket = hub.open((text) => sent.push(text));
    const sub = (params: unknown) => socket.receive(JSON.stringify({ type: 'sub', params }));
    return { sent, socket, sub };
  }

  it('refuses malformed channel names', () => {
    const hub = new SocketHub(() => null);
    const { sub } = session(hub);
    const junk = [
      'x'.repeat(100_000),
      'market_depth.btc/usdt',
      'KLINE.BTC/USDT/1min',
      '',
      'A B',
      'DAY_MARKET\n',
    ];
    for (const name of junk) sub(name);
    for (const name of junk) expect(hub.hasSubscribers(name), name.slice(0, 20)).toBe(false);
    expect(hub.channelCount()).toBe(0);
    sub('MARKET_DEPTH.BTC/USDT');
    sub('DAY_MARKET');
    expect(hub.hasSubscribers('MARKET_DEPTH.BTC/USDT')).toBe(true);
    expect(hub.hasSubscribers('DAY_MARKET')).toBe(true);
  });

  it('caps the channels one socket holds, and unsub frees room', () => {
    const hub = new SocketHub(() => null);
    const { sub, socket, sent } = session(hub);
    for (let i = 0; i < 10_000; i++) sub(`KLINE.C${i}/USDT`);
    expect(hub.channelCount()).toBe(MAX_CHANNELS_PER_SOCKET);
    // Each sub is answered (issue 18): accepted up to the cap, refused after it.
    expect(sent.slice(MAX_CHANNELS_PER_SOCKET - 1, MAX_CHANNELS_PER_SOCKET + 1)).toEqual([
      '{"type":"sub_result","msg":"ok"}',
      '{"type":"sub_result","msg":"too many channels"}',
    ]);
    sent.length = 0;
    expect(hub.hasSubscribers(`KLINE.C${MAX_CHANNELS_PER_SOCKET}/USDT`)).toBe(false);
    socket.receive(JSON.stringify({ type: 'unsub', params: 'KLINE.C0/USDT' }));
    sub('DAY_MARKET');
    hub.publish('DAY_MARKET', { type: 'DAY_MARKET' });
    expect(sent).toEqual(['{"type":"sub_result","msg":"ok"}', '{"type":"DAY_MARKET"}']);
    socket.close();
    expect(hub.channelCount()).toBe(0);
  });
});

describe('live one-minute bars', () => {
  const START = Date.UTC(2026, 10, 1, 9, 30);
  const HISTORY = Date.UTC(2026, 9, 1);

  /** A series fed one live trade every minute for `days` days; synthesised minutes trade at 1. */
  function liveSeries(days: number) {
    const series = new CandleSeries({
      historyStart: HISTORY,
      liveStart: START,
      synthesize: (minute, sink) => sink(minute * MINUTE_MS, 1, 1, 0),
    });
    const priceAt = (minute: number) => 1000 + ((minute * 7919) % 500);
    const startMinute = START / MINUTE_MS;
    for (let minute = startMinute; minute < startMinute + days * 1440; minute++) {
      series.addLive(minute * MINUTE_MS + 1_000, priceAt(minute), 2);
    }
    return { series, priceAt, end: START + days * DAY_MS };
  }

  it('keep the days a one-minute chart can ask for, and no more', () => {
    const { series } = liveSeries(30);
    expect(series.residentDays()).toBeLessThanOrEqual(LIVE_DAYS_KEPT + 1);
  });

  it('keep day bars exact and minute bars of the kept days exact after dropping old ones', () => {
    const { series: full } = liveSeries(3);
    const { series, priceAt, end } = liveSeries(12);
    // The first days' day bars (folded before their minutes were dropped) match a series that kept
    // everything.
    const first = full.bars('1day', HISTORY, START + 2 * DAY_MS, START + 3 * DAY_MS - MINUTE_MS);
    const again = series.bars('1day', HISTORY, START + 2 * DAY_MS, end);
    expect(again.slice(0, first.length - 1)).toEqual(first.slice(0, -1));
    // The last 3.5 days of one-minute bars are the live trades.
    const from = end - 5_000 * MINUTE_MS;
    const minutes = series.bars('1min', from, end, end);
    expect(minutes.length).toBeGreaterThanOrEqual(4_999);
    for (const bar of minutes) expect(bar.close).toBe(priceAt(bar.time / MINUTE_MS));
  });
});
