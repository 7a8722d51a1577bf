import fc from 'fast-check';
import { Subject, type Observable } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createChannelRegistry } from '../../../src/streams/channels.ts';
import { loadFrameSchemas } from '../../../src/streams/lazy-payloads.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import type { ChannelSource } from '../../../src/streams/market.ts';
import { foldBars } from '../../../src/views/pages/trade/chart-bars.ts';
import type { ChartBar } from '../../../src/views/pages/trade/chart-option.ts';
import { depthFeed$, klineFeed$, tapeFeed$, type DealSnapshot } from '../../../src/streams/trade-feeds.ts';

/** A socket whose channels the test pushes frames into. */
function fakeSocket() {
  const channels = new Map<string, Subject<Frame>>();
  const source: ChannelSource = {
    channel: (name) => {
      let subject = channels.get(name);
      if (!subject) {
        subject = new Subject<Frame>();
        channels.set(name, subject);
      }
      return subject as Observable<Frame>;
    },
  };
  const push = (name: string, frame: Frame) => channels.get(name)?.next(frame);
  return { source, push };
}

const level = (price: string) => ({ index: 0, price, number: '1', amount: price });
const trade = (time: number, price = '1') => ({ time, price, number: '1', way: 2 as const });
const deal = (trades: ReturnType<typeof trade>[]): DealSnapshot => ({
  quotation: { currency_match_id: 1, close: '1', change: '0', high: '1', low: '1', volume: '1' },
  depth: { in: [level('99')], out: [level('101')] },
  tx_completes: trades,
});

// The frame schemas load lazily (issue 19); in, they decode synchronously as these tests expect.
beforeAll(() => loadFrameSchemas());

describe('trade screen feeds', () => {
  it('depth: the snapshot until the first push, then every push with its seq', () => {
    const socket = fakeSocket();
    const deal$ = new Subject<DealSnapshot>();
    const seen: Array<{ bid: string | undefined; seq: number | null }> = [];
    const subscription = depthFeed$(socket.source, 'BTC/USDT', deal$).subscribe(({ value, seq }) =>
      seen.push({ bid: value.in[0]?.price, seq }),
    );
    deal$.next(deal([]));
    socket.push('MARKET_DEPTH.BTC/USDT', {
      type: 'MARKET_DEPTH',
      symbol: 'BTC/USDT',
      seq: 7,
      depth: { in: [level('98')], out: [] },
    });
    // A late snapshot no longer overrides the live book; a malformed frame is dropped.
    deal$.next(deal([]));
    socket.push('MARKET_DEPTH.BTC/USDT', { type: 'MARKET_DEPTH', symbol: 'BTC/USDT', depth: { in: 'x' } });
    subscription.unsubscribe();
    expect(seen).toEqual([
      { bid: '99', seq: null },
      { bid: '98', seq: 7 },
    ]);
  });

  it('tape: pushes before the snapshot are kept only if newer; at most 30, newest first', () => {
    const socket = fakeSocket();
    const deal$ = new Subject<DealSnapshot>();
    let latest: readonly { time: string | number }[] = [];
    let latestSeq: number | null = null;
    const subscription = tapeFeed$(socket.source, 'BTC/USDT', deal$).subscribe(({ value, seq }) => {
      latest = value;
      latestSeq = seq;
    });
    const push = (times: number[], seq?: number) =>
      socket.push('GLOBAL_TX.BTC/USDT', {
        type: 'GLOBAL_TX',
        symbol: 'BTC/USDT',
        ...(seq ? { seq } : {}),
        completes: times.map((t) => trade(t)),
      });
    push([50, 40]);
    deal$.next(deal([trade(45), trade(30)]));
    expect(latest.map((t) => t.time)).toEqual([50, 45, 30]);
    push(
      Array.from({ length: 40 }, (_, i) => 1000 - i),
      12,
    );
    expect(latest).toHaveLength(30);
    expect(latest[0]?.time).toBe(1000);
    expect(latestSeq).toBe(12);
    subscription.unsubscribe();
  });

  it('kline: only the period shown reaches the chart, from its own channel or the bare one', () => {
    // The real registry: frames are routed by channelOf, as the socket routes them.
    const sent: string[] = [];
    const registry = createChannelRegistry((message) => {
      if (message.type === 'sub') sent.push(message.params);
    });
    const bars: number[] = [];
    const subscription = klineFeed$(registry, 'BTC/USDT', '5min').subscribe((bar) => bars.push(bar.time));
    // Its own channel on Tessera's server; the bare one for servers that send every period there.
    expect(sent).toEqual(['KLINE.BTC/USDT.5min', 'KLINE.BTC/USDT']);
    const bar = (period: string, time: number) => ({
      type: 'KLINE',
      symbol: 'BTC/USDT',
      kline: { time, open: '1', high: '1', low: '1', close: '1', volume: '1', period },
    });
    registry.dispatch(bar('1min', 1));
    registry.dispatch(bar('5min', 2));
    registry.dispatch(bar('1day', 3));
    subscription.unsubscribe();
    expect(bars).toEqual([2]);

    // The default period's chart holds the bare channel only: it carries the 1-minute bars.
    sent.length = 0;
    const minutes: number[] = [];
    const minute = klineFeed$(registry, 'BTC/USDT', '1min').subscribe((each) => minutes.push(each.time));
    expect(sent).toEqual(['KLINE.BTC/USDT']);
    registry.dispatch(bar('1min', 4));
    registry.dispatch(bar('5min', 5));
    minute.unsubscribe();
    expect(minutes).toEqual([4]);
  });

  it('folding live candles keeps the bars sorted by time, one per time, the latest state winning', () => {
    const candle = (time: number, close: number): ChartBar => ({
      time,
      open: 1,
      high: 1,
      low: 1,
      close,
      volume: 1,
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 })),
        fc.array(fc.record({ time: fc.integer({ min: 0, max: 60 }), close: fc.nat() })),
        (initial, updates) => {
          const bars = [...new Set(initial)].sort((a, b) => a - b).map((time) => candle(time, -1));
          foldBars(
            bars,
            updates.map((update) => candle(update.time, update.close)),
          );
          const times = bars.map((bar) => bar.time);
          expect(times).toEqual([...new Set(times)].sort((a, b) => a - b));
          for (const update of updates) {
            const last = [...updates].reverse().find((other) => other.time === update.time)!;
            expect(bars.find((bar) => bar.time === update.time)?.close).toBe(last.close);
          }
        },
      ),
    );
  });
});
