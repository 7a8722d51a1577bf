import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { statTicks, statusKilobytes } from '../../../bench/server-proc.ts';
import { EXPECTED_REFUSALS, messageKeyMatcher } from '../../../bench/server-refusals.ts';
import { frameType, newestTradeTime } from '../../../bench/server-sockets.ts';
import { fnv1a, percentile, perSecond, summarize } from '../../../bench/server-stats.ts';

/** The server benchmark's pure helpers (bench/server-*.ts): the figures it prints rest on them. */
describe('percentile (nearest rank)', () => {
  it('picks the smallest value with at least p % at or below it', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 51)).toBe(3);
  });

  it('is NaN without values and refuses p outside 0..100', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], -1)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('has at least p % of the values at or below it and fewer than p % strictly below', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 100 }),
        (values, p) => {
          const sorted = [...values].sort((a, b) => a - b);
          const value = percentile(sorted, p);
          expect(sorted).toContain(value);
          const atOrBelow = sorted.filter((other) => other <= value).length;
          const below = sorted.filter((other) => other < value).length;
          expect(atOrBelow * 100).toBeGreaterThanOrEqual(p * sorted.length);
          expect(below * 100).toBeLessThan(p * sorted.length);
        },
      ),
    );
  });
});

describe('summarize', () => {
  it('sorts numerically, leaves its input alone, and orders p50 <= p95 <= p99 <= max', () => {
    const values = [10, 9, 100, 1, 2];
    const summary = summarize(values);
    expect(values).toEqual([10, 9, 100, 1, 2]);
    expect(summary).toEqual({ count: 5, p50: 9, p95: 100, p99: 100, max: 100, mean: 24.4 });
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }),
        (list) => {
          const { p50, p95, p99, max, count } = summarize(list);
          expect(count).toBe(list.length);
          expect(p50 <= p95 && p95 <= p99 && p99 <= max).toBe(true);
          expect(max).toBe(Math.max(...list));
        },
      ),
    );
  });

  it('is empty without samples', () => {
    const summary = summarize([]);
    expect(summary.count).toBe(0);
    expect(summary.p50).toBeNaN();
    expect(summary.max).toBeNaN();
  });
});

describe('rates and frame names', () => {
  it('perSecond divides by the elapsed seconds, 0 for no time', () => {
    expect(perSecond(500, 2000)).toBe(250);
    expect(perSecond(5, 0)).toBe(0);
  });

  it('fnv1a matches the reference vectors and tells frames apart', () => {
    expect(fnv1a(Buffer.from(''))).toBe(0x811c9dc5);
    expect(fnv1a(Buffer.from('a'))).toBe(0xe40c292c);
    expect(fnv1a(Buffer.from('foobar'))).toBe(0xbf9cf968);
    expect(fnv1a(Buffer.from('{"type":"GLOBAL_TX","a":1}'))).not.toBe(
      fnv1a(Buffer.from('{"type":"GLOBAL_TX","a":2}')),
    );
  });

  it('frameType reads the type of a flat frame, "other" for anything else', () => {
    expect(frameType(Buffer.from('{"type":"MARKET_DEPTH","symbol":"BTC/USDT"}'))).toBe('MARKET_DEPTH');
    expect(frameType(Buffer.from('{"type":"pong"}'))).toBe('pong');
    expect(frameType(Buffer.from('{"symbol":"BTC/USDT","type":"GLOBAL_TX"}'))).toBe('other');
    expect(frameType(Buffer.from('{"type":"unterminated'))).toBe('other');
    expect(frameType(Buffer.from('pong'))).toBe('other');
  });

  it("newestTradeTime reads the first complete's time of a GLOBAL_TX frame", () => {
    const frame = {
      type: 'GLOBAL_TX',
      symbol: 'BTC/USDT',
      currency_match_id: 1,
      completes: [
        { time: 1_790_000_000_123, price: '1.00', number: '1', way: 2 },
        { time: 1_790_000_000_001, price: '1.00', number: '1', way: 1 },
      ],
    };
    expect(newestTradeTime(Buffer.from(JSON.stringify(frame)))).toBe(1_790_000_000_123);
    expect(newestTradeTime(Buffer.from('{"type":"GLOBAL_TX","completes":[]}'))).toBeNull();
    expect(newestTradeTime(Buffer.from('{"type":"GLOBAL_TX","completes":[{"time":"x"}]}'))).toBeNull();
  });
});

describe('messageKeyMatcher', () => {
  const key = messageKeyMatcher({
    spotOrderNotOpen: 'This order is already filled or cancelled',
    spotMinNumber: 'The quantity is below the minimum of {{min}}',
    loginLocked: 'Too many wrong passwords. Try again in {{ minutes }} min',
    dotted: 'Costs 1.5 (approx.)',
  });

  it('names a message by the template that made it, placeholders matching any text', () => {
    expect(key('This order is already filled or cancelled')).toBe('spotOrderNotOpen');
    expect(key('The quantity is below the minimum of 0.0001')).toBe('spotMinNumber');
    expect(key('Too many wrong passwords. Try again in 15 min')).toBe('loginLocked');
    expect(key('Costs 1.5 (approx.)')).toBe('dotted');
  });

  it('matches whole messages only, and treats template text literally', () => {
    expect(key('This order is already filled or cancelled!')).toBeNull();
    expect(key('Costs 105 (approx!)')).toBeNull();
    expect(key('Something else')).toBeNull();
  });

  it('names every expected refusal by a key the English server messages have (a renamed key is noticed)', () => {
    const english = JSON.parse(readFileSync('locales/en.json', 'utf8')) as { server: Record<string, string> };
    const match = messageKeyMatcher(english.server);
    for (const expected of EXPECTED_REFUSALS) {
      expect(english.server[expected], expected).toEqual(expect.any(String));
      if (!english.server[expected]!.includes('{{')) expect(match(english.server[expected]!)).toBe(expected);
    }
  });
});

describe('/proc readings', () => {
  it('statTicks adds utime and stime, counting fields after the last parenthesis', () => {
    const fields = Array.from({ length: 50 }, (_, index) => String(index + 3));
    // Fields 3.. after the name: utime (14) = "14", stime (15) = "15".
    expect(statTicks(`1234 (node) ${fields.join(' ')}`)).toBe(29);
    expect(statTicks(`1234 (a (weird) name) ${fields.join(' ')}`)).toBe(29);
    expect(statTicks('garbage')).toBeNull();
    expect(statTicks('1 (x) S 1 2')).toBeNull();
  });

  it('statusKilobytes reads a kB field in bytes', () => {
    const status = 'Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t11\n';
    expect(statusKilobytes(status, 'VmRSS')).toBe(102400 * 1024);
    expect(statusKilobytes(status, 'VmHWM')).toBe(204800 * 1024);
    expect(statusKilobytes(status, 'VmSwap')).toBeNull();
  });
});
