import { describe, expect, it } from 'vitest';
import {
  selectGainers,
  selectHomeRows,
  selectLosers,
  type PairQuote,
} from '../../../src/domain/home-table.ts';
import { depthBarRatios } from '../../../src/domain/spot/depth-bars.ts';

const pair = (base: string, change: string, quote = 'USDT'): PairQuote => ({
  base,
  quote,
  symbol: `${base}/${quote}`,
  change,
});
const symbols = (rows: PairQuote[]) => rows.map((row) => row.symbol);

describe('the home table (spec §9)', () => {
  it('equal changes keep the spec’s coin order BTC, ETH, TRX, DOT, BIB', () => {
    const rows = [pair('BIB', '1'), pair('DOT', '1'), pair('ETH', '1'), pair('BTC', '1'), pair('TRX', '1')];
    expect(symbols(selectHomeRows(rows))).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'TRX/USDT',
      'DOT/USDT',
      'BIB/USDT',
    ]);
  });
});

describe('gainers and losers', () => {
  it('equal changes are listed by symbol A-Z', () => {
    const rows = [pair('ZZZ', '2'), pair('AAA', '2'), pair('MMM', '2'), pair('QQQ', '-2'), pair('CCC', '-2')];
    expect(symbols(selectGainers(rows))).toEqual(['AAA/USDT', 'MMM/USDT', 'ZZZ/USDT']);
    expect(symbols(selectLosers(rows))).toEqual(['CCC/USDT', 'QQQ/USDT']);
  });

  it('a larger change still comes first', () => {
    const rows = [pair('AAA', '1'), pair('BBB', '3'), pair('CCC', '-1'), pair('DDD', '-3')];
    expect(symbols(selectGainers(rows))).toEqual(['BBB/USDT', 'AAA/USDT']);
    expect(symbols(selectLosers(rows))).toEqual(['DDD/USDT', 'CCC/USDT']);
  });
});

describe('depth bars (spec §9): relative to one maximum over both sides', () => {
  it('the largest amount of either side is the full width', () => {
    const ratios = depthBarRatios([{ amount: '2' }, { amount: '1' }], [{ amount: '4' }, { amount: '4' }]);
    expect(ratios).toEqual({ asks: [0.5, 0.25], bids: [1, 1] });
  });

  it('amounts that are zero, negative or not numbers draw no bar and do not set the maximum', () => {
    const ratios = depthBarRatios(
      [{ amount: '-8' }, { amount: 'x' }, { amount: 'Infinity' }, { amount: '2' }],
      [{ amount: '0' }, { amount: '1' }],
    );
    expect(ratios).toEqual({ asks: [0, 0, 0, 1], bids: [0, 0.5] });
  });

  it('an empty book or one of zeros draws nothing (no division by zero)', () => {
    expect(depthBarRatios([{ amount: '0' }], [{ amount: '0' }])).toEqual({ asks: [0], bids: [0] });
    expect(depthBarRatios([], [])).toEqual({ asks: [], bids: [] });
  });
});
