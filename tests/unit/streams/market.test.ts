import { NEVER, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadFrameSchemas } from '../../../src/streams/lazy-payloads.ts';
import type { ChannelName, Frame } from '../../../src/streams/frame.ts';
import { frameSampled } from '../../../src/streams/frame-sampled.ts';
import { quotes$, type ChannelSource } from '../../../src/streams/market.ts';

function testScheduler(): TestScheduler {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

/** A connection stand-in: one cold stream per channel name; records which names were asked for. */
function source(streams: Record<string, Observable<Frame>>): ChannelSource & { asked: ChannelName[] } {
  const asked: ChannelName[] = [];
  return {
    asked,
    channel(name) {
      asked.push(name);
      return streams[name] ?? NEVER;
    },
  };
}

// The frame schemas load lazily (issue 19); in, they decode synchronously as these tests expect.
beforeAll(() => loadFrameSchemas());

afterEach(() => {
  vi.restoreAllMocks();
});

describe('quotes$', () => {
  it('decodes DAY_MARKET frames into quotes, with currency_match_id beside or inside the quotation', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const q = { close: '100.5', change: '-1.2', high: '110', low: '90', volume: '12345.6' };
      const frames = {
        a: { type: 'DAY_MARKET', symbol: 'BTC/USDT', currency_match_id: 1, quotation: q },
        b: { type: 'DAY_MARKET', symbol: 'ETH/USDT', quotation: { ...q, currency_match_id: 2 } },
        // A server sending JSON numbers for decimals still yields strings (spec: decimal strings).
        c: { type: 'DAY_MARKET', symbol: 'LTC/USDT', currency_match_id: 3, quotation: { ...q, close: 7.25 } },
      };
      const connection = source({ DAY_MARKET: cold('a-b-c|', frames) });
      expectObservable(quotes$(connection)).toBe('a-b-c|', {
        a: { ...q, currency_match_id: 1, symbol: 'BTC/USDT' },
        b: { ...q, currency_match_id: 2, symbol: 'ETH/USDT' },
        c: { ...q, close: '7.25', currency_match_id: 3, symbol: 'LTC/USDT' },
      });
    });
  });

  it('drops malformed frames and keeps going', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    testScheduler().run(({ cold, expectObservable }) => {
      const q = { close: '1', change: '0', high: '1', low: '1', volume: '1' };
      const frames = {
        a: { type: 'DAY_MARKET', symbol: 'BTC/USDT', quotation: q }, // no currency_match_id anywhere
        b: {
          type: 'DAY_MARKET',
          symbol: 'BTC/USDT',
          currency_match_id: 1,
          quotation: { ...q, close: 'lots' },
        },
        c: { type: 'DAY_MARKET', symbol: 'BTC/USDT', currency_match_id: 1, quotation: q },
      };
      const connection = source({ DAY_MARKET: cold('abc|', frames) });
      expectObservable(quotes$(connection)).toBe('--c|', {
        c: { ...q, currency_match_id: 1, symbol: 'BTC/USDT' },
      });
    });
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('frameSampled', () => {
  it('emits at most the latest value once per animation frame', () => {
    testScheduler().run(({ animate, cold, expectObservable }) => {
      animate('----x----x----x----x');
      // a, b, c before the first paint: only c is painted. Nothing arrives before the third paint,
      // so it paints nothing; e completes the source while pending and is still delivered.
      const source$ = cold('-abc--d---------e|');
      expectObservable(frameSampled(source$)).toBe('----c----d---------(e|)');
    });
  });
});
