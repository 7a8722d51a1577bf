import { currencyByCode, type Currency, type QuoteCode } from './currencies.ts';
import { FLAG_ON, flagOf, type Flag } from '../../domain/contract-codes.ts';
import type { PriceBand } from '../../domain/order-filters/price-band.ts';

/**
 * The pairs the simulator trades, with their price and quantity grids.
 *
 * Prices and quantities are integers in the engine: a price is a number of ticks of
 * 10^-priceDecimals, a quantity a number of lots of 10^-lotDecimals. USDT pairs keep at most 4 price
 * decimals (spec §5 lets a user type 4); pairs quoted in BTC or ETH need more to be tradable at all.
 */
export interface PairSpec {
  readonly id: number;
  readonly base: Currency;
  readonly quote: Currency;
  readonly symbol: string;
  readonly priceDecimals: number;
  readonly lotDecimals: number;
  readonly openChange: Flag;
  readonly openLever: Flag;
  readonly openMicro: Flag;
  /** Lever terms (spec §9): price adjustment in percent, contract size in base units, fee ratio. */
  readonly leverPointRate: string;
  readonly leverShareNum: string;
  readonly leverFeeRate: string;
  /** How busy the pair is relative to an ordinary altcoin pair (1). */
  readonly activity: number;
  /** Market makers' half spread and ladder step, in basis points of the price (at least one tick). */
  readonly halfSpreadBps: number;
  readonly levelStepBps: number;
  /**
   * Order filters (domain/order-filters): a spot limit price from half to twice the last trade
   * price (a slipped digit is a factor of ten, caught either way; a real order that far from the
   * market is rare enough to place in two steps), and every spot order worth at least `minNotional`
   * of the quote currency (about 5 US dollars, as the big exchanges ask).
   */
  readonly priceBand: PriceBand;
  readonly minNotional: string;
  /** A lever fixed price at most this many percent from the last trade (domain/lever/fixed-price-band.ts). */
  readonly leverPriceBandPercent: number;
}

/** Spot limit prices: from 50 % below to 100 % above the last trade (0.5x to 2x). */
export const SPOT_PRICE_BAND: PriceBand = { downPercent: 50, upPercent: 100 };

/**
 * The least order value per quote currency: about 5 US dollars each (BTC near 90,000 and ETH near
 * 3,000 dollars in the simulated market).
 */
const MIN_NOTIONAL: Record<QuoteCode, string> = { USDT: '5', BTC: '0.0001', ETH: '0.002' };

/**
 * Lever fixed prices: within 20 % of the last trade, below it for a long and above for a short.
 * Leverage multiplies a slip, so the band is much narrower than spot's; a fixed price further away
 * waits for a move a position rarely lives to see.
 */
export const LEVER_PRICE_BAND_PERCENT = 20;

interface PairRow {
  id: number;
  base: string;
  quote: QuoteCode;
  priceDecimals: number;
  lotDecimals: number;
  /** lever, micro: whether the pair is open for them; spot (open_change) is open everywhere. */
  lever: boolean;
  micro: boolean;
  shareNum: string;
  activity: number;
  halfSpreadBps: number;
  levelStepBps: number;
}

// One row per pair reads as a table; prettier would spread each over fifteen lines.
// prettier-ignore
const ROWS: readonly PairRow[] = [
  { id: 1, base: 'BTC', quote: 'USDT', priceDecimals: 2, lotDecimals: 5, lever: true, micro: true, shareNum: '0.01', activity: 2.5, halfSpreadBps: 0.6, levelStepBps: 0.8 },
  { id: 2, base: 'ETH', quote: 'USDT', priceDecimals: 2, lotDecimals: 4, lever: true, micro: true, shareNum: '0.1', activity: 2, halfSpreadBps: 1, levelStepBps: 1 },
  { id: 3, base: 'TRX', quote: 'USDT', priceDecimals: 4, lotDecimals: 1, lever: true, micro: true, shareNum: '1000', activity: 1, halfSpreadBps: 3, levelStepBps: 4 },
  { id: 4, base: 'DOT', quote: 'USDT', priceDecimals: 3, lotDecimals: 2, lever: true, micro: true, shareNum: '10', activity: 1, halfSpreadBps: 3, levelStepBps: 3 },
  { id: 5, base: 'LTC', quote: 'USDT', priceDecimals: 2, lotDecimals: 3, lever: true, micro: true, shareNum: '1', activity: 1.2, halfSpreadBps: 2, levelStepBps: 2 },
  { id: 6, base: 'XRP', quote: 'USDT', priceDecimals: 4, lotDecimals: 1, lever: true, micro: true, shareNum: '100', activity: 1.2, halfSpreadBps: 3, levelStepBps: 3 },
  { id: 7, base: 'BCH', quote: 'USDT', priceDecimals: 2, lotDecimals: 3, lever: true, micro: false, shareNum: '0.1', activity: 1, halfSpreadBps: 2, levelStepBps: 2 },
  { id: 8, base: 'LINK', quote: 'USDT', priceDecimals: 3, lotDecimals: 2, lever: true, micro: false, shareNum: '10', activity: 1, halfSpreadBps: 3, levelStepBps: 3 },
  { id: 9, base: 'DOGE', quote: 'USDT', priceDecimals: 4, lotDecimals: 0, lever: true, micro: false, shareNum: '1000', activity: 1.3, halfSpreadBps: 4, levelStepBps: 5 },
  { id: 10, base: 'ETH', quote: 'BTC', priceDecimals: 5, lotDecimals: 4, lever: false, micro: false, shareNum: '0.1', activity: 0.8, halfSpreadBps: 3, levelStepBps: 3 },
  { id: 11, base: 'LTC', quote: 'BTC', priceDecimals: 7, lotDecimals: 3, lever: false, micro: false, shareNum: '1', activity: 0.5, halfSpreadBps: 5, levelStepBps: 5 },
  { id: 12, base: 'BCH', quote: 'BTC', priceDecimals: 6, lotDecimals: 3, lever: false, micro: false, shareNum: '0.1', activity: 0.5, halfSpreadBps: 5, levelStepBps: 5 },
  { id: 13, base: 'LINK', quote: 'ETH', priceDecimals: 6, lotDecimals: 2, lever: false, micro: false, shareNum: '10', activity: 0.5, halfSpreadBps: 6, levelStepBps: 6 },
  { id: 14, base: 'DOT', quote: 'ETH', priceDecimals: 6, lotDecimals: 2, lever: false, micro: false, shareNum: '10', activity: 0.5, halfSpreadBps: 6, levelStepBps: 6 },
  // The house token. Spec §5 blocks selling on pair 64, so it keeps that id.
  { id: 64, base: 'BIB', quote: 'USDT', priceDecimals: 4, lotDecimals: 1, lever: false, micro: false, shareNum: '100', activity: 0.7, halfSpreadBps: 5, levelStepBps: 6 },
];

export const PAIRS: readonly PairSpec[] = ROWS.map((row) => {
  const base = currencyByCode(row.base);
  const quote = currencyByCode(row.quote);
  return {
    id: row.id,
    base,
    quote,
    symbol: `${base.code}/${quote.code}`,
    priceDecimals: row.priceDecimals,
    lotDecimals: row.lotDecimals,
    openChange: FLAG_ON,
    openLever: flagOf(row.lever),
    openMicro: flagOf(row.micro),
    leverPointRate: '0.02',
    leverShareNum: row.shareNum,
    leverFeeRate: '0.001',
    activity: row.activity,
    halfSpreadBps: row.halfSpreadBps,
    levelStepBps: row.levelStepBps,
    priceBand: SPOT_PRICE_BAND,
    minNotional: MIN_NOTIONAL[row.quote],
    leverPriceBandPercent: LEVER_PRICE_BAND_PERCENT,
  };
});

const byId = new Map(PAIRS.map((pair) => [pair.id, pair]));

export function pairById(id: number): PairSpec | undefined {
  return byId.get(id);
}
