import { describe, expect, it } from 'vitest';
import {
  CHART_PERIODS,
  initialZoomStart,
  klinePeriodOf,
  klineRange,
  parseChartPeriod,
  visibleBars,
} from '../../../src/domain/spot/chart-period.ts';
import { ENTRY_MODES, otherSide, SIDES, sideOfWay, wayOf } from '../../../src/domain/spot/order-kind.ts';
import {
  bucketOf,
  groupingSteps,
  groupLevels,
  type BookLevel,
} from '../../../src/domain/spot/price-grouping.ts';
import { pushTrades, tapeAfterSnapshot, timeOf, type TapeTrade } from '../../../src/domain/spot/tape.ts';

describe('order kinds (spec §3: way 1 buy, 2 sell; type 0 limit, 1 market)', () => {
  it('numbers sides both ways and knows the other side', () => {
    expect(wayOf('buy')).toBe(1);
    expect(wayOf('sell')).toBe(2);
    expect(sideOfWay(1)).toBe('buy');
    expect(sideOfWay(2)).toBe('sell');
    expect(otherSide('buy')).toBe('sell');
    expect(otherSide('sell')).toBe('buy');
    expect([...SIDES]).toEqual(['buy', 'sell']);
    expect([...ENTRY_MODES]).toEqual([0, 1, 2, 3]);
  });
});

describe('chart periods (spec §9)', () => {
  it('offers the time line and the eight candle periods, and reads each back', () => {
    expect([...CHART_PERIODS]).toEqual([
      'line',
      '1min',
      '5min',
      '15min',
      '30min',
      '60min',
      '1day',
      '1week',
      '1mon',
    ]);
    for (const period of CHART_PERIODS) expect(parseChartPeriod(period)).toBe(period);
  });

  it('the time line draws 1-minute bars; a candle period draws its own', () => {
    expect(klinePeriodOf('line')).toBe('1min');
    expect(klinePeriodOf('5min')).toBe('5min');
    expect(klinePeriodOf('1week')).toBe('1week');
  });

  it('asks for three times the visible bars, ending with the bar that contains lastTime, in seconds', () => {
    // 5-minute bars: 7 hours visible = 84 bars, 252 loaded, 300 s each.
    expect(visibleBars('5min')).toBe(84);
    const lastTime = 1_700_000_000_000;
    const range = klineRange('5min', lastTime);
    expect(range.to).toBe(Math.floor((lastTime + 300_000) / 1000));
    expect(range.to - range.from).toBe(252 * 300);
    // Months: never fewer than 30 visible bars, so 90 are loaded.
    const months = klineRange('1mon', lastTime);
    expect(months.to - months.from).toBe(90 * 30 * 86_400);
  });

  it('starts the zoom on the last visible bars, or at 0 when everything fits', () => {
    expect(initialZoomStart(0, '5min')).toBe(0);
    expect(initialZoomStart(84, '5min')).toBe(0);
    expect(initialZoomStart(168, '5min')).toBe(50);
    expect(initialZoomStart(336, '5min')).toBe(75);
  });
});

describe('price grouping', () => {
  const level = (price: string, number = '1', amount = '1'): BookLevel => ({ price, number, amount });

  it('offers the tick and three coarser powers of ten', () => {
    expect(groupingSteps(2)).toEqual(['0.01', '0.1', '1', '10']);
    expect(groupingSteps(0)).toEqual(['1', '10', '100', '1000']);
  });

  it('bids go down to the bucket floor and asks up to its ceiling', () => {
    expect(groupLevels([level('1.239')], '0.01', 'bid').map((l) => l.price)).toEqual(['1.23']);
    expect(groupLevels([level('1.231')], '0.01', 'ask').map((l) => l.price)).toEqual(['1.24']);
    expect(bucketOf('1.239', '0.01', 'bid')).toBe('1.23');
    expect(bucketOf('1.231', '0.01', 'ask')).toBe('1.24');
  });

  it('whole-number steps spell prices without a point', () => {
    expect(groupLevels([level('1234.5')], '10', 'bid').map((l) => l.price)).toEqual(['1230']);
    expect(bucketOf('1234.5', '1', 'ask')).toBe('1235');
  });

  it('adds quantities exactly and drops every trailing zero', () => {
    const grouped = groupLevels([level('1.21', '0.5', '2.25'), level('1.22', '1', '0.25')], '0.1', 'bid');
    expect(grouped).toEqual([{ price: '1.2', number: '1.5', amount: '2.5' }]);
  });

  it('skips a level whose price does not parse', () => {
    expect(groupLevels([level('x'), level('2.5')], '1', 'ask')).toEqual([
      { price: '3', number: '1', amount: '1' },
    ]);
  });

  it('a step that is not a positive number changes nothing, and buckets nothing', () => {
    const levels = [level('1.239'), level('1.2')];
    for (const step of ['0', '-1', 'x']) {
      const same = groupLevels(levels, step, 'bid');
      expect(same).toEqual(levels);
      expect(same).not.toBe(levels);
      expect(bucketOf('1.239', step, 'bid')).toBeNull();
    }
    expect(bucketOf('x', '0.01', 'bid')).toBeNull();
  });
});

describe('the trades tape (spec §9: 30 entries, newest first)', () => {
  const trade = (time: number | string): TapeTrade => ({ time, price: '1', number: '1', way: 1 });
  const times = (trades: TapeTrade[]) => trades.map(timeOf);

  it('reads "YYYY-MM-DD HH:mm:ss" times and epoch milliseconds', () => {
    expect(timeOf(trade(5))).toBe(5);
    expect(timeOf(trade('2024-03-05 12:00:00'))).toBe(Date.parse('2024-03-05T12:00:00'));
  });

  it('a batch as long as the limit replaces the tape; a shorter one goes on top', () => {
    const current = [trade(3), trade(2), trade(1)];
    expect(times(pushTrades(current, [trade(9), trade(8), trade(7)], 3))).toEqual([9, 8, 7]);
    expect(times(pushTrades(current, [trade(9), trade(8), trade(7), trade(6)], 3))).toEqual([9, 8, 7]);
    expect(times(pushTrades(current, [trade(9)], 3))).toEqual([9, 3, 2]);
  });

  it('after a snapshot keeps only pushed trades newer than its newest, and the snapshot to the limit', () => {
    const snapshot = [trade(10), trade(9), trade(8), trade(7)];
    expect(times(tapeAfterSnapshot(snapshot, [trade(11), trade(10), trade(9)], 3))).toEqual([11, 10, 9]);
    expect(times(tapeAfterSnapshot(snapshot, [], 3))).toEqual([10, 9, 8]);
    expect(times(tapeAfterSnapshot([], [trade(2), trade(1)], 3))).toEqual([2, 1]);
  });
});
