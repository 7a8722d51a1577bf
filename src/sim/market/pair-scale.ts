import { ASSETS, minuteVariance } from '../feeds/assets.ts';
import type { PairSpec } from './pairs.ts';

/**
 * A pair's sizes in its own integers, derived once from the assets' base prices (not from the
 * price of the day), so that history synthesised on any day is the same for the same seed.
 * Orders are sized in dollars and converted to lots; the live flow and the synthesised history use
 * the same numbers, so their volumes look alike on the chart.
 */
export interface PairScale {
  /** Price units per tick and the inverse (price * ticksPerUnit = ticks). */
  readonly tick: number;
  readonly ticksPerUnit: number;
  /** The pair's price (quote units) when both assets stand at their base prices. */
  readonly basePrice: number;
  /** Lots per dollar of notional at the base asset's base price. */
  readonly lotsPerUsd: number;
  /** Median taker order, lots (lognormal around it). */
  readonly takerMedianLots: number;
  /** Market-maker ladder: lots at the first level (each deeper level quotes more). */
  readonly makerLevelLots: number;
  /** Median noise order resting deep in the book, lots. */
  readonly noiseMedianLots: number;
  /** Taker orders per second on average (the Hawkes process's mean rate). */
  readonly takerRate: number;
  /** Standard deviation of the pair's one-minute log return on an ordinary day. */
  readonly minuteSd: number;
}

/** Hawkes branching ratio of taker arrivals (STACK.md: about 0.75-0.8). */
export const TAKER_BRANCHING = 0.78;
/** Exogenous taker arrivals per second for a pair of activity 1. */
export const TAKER_BASE_RATE = 0.3;

const TAKER_MEDIAN_USD = 450;
const MAKER_LEVEL_USD = 2_500;
const NOISE_MEDIAN_USD = 3_000;

export function pairScale(pair: PairSpec): PairScale {
  const baseUsd = pair.base.asset < 0 ? 1 : ASSETS[pair.base.asset]!.basePrice;
  const quoteUsd = pair.quote.asset < 0 ? 1 : ASSETS[pair.quote.asset]!.basePrice;
  const lot = 10 ** -pair.lotDecimals;
  const lotsPerUsd = 1 / (baseUsd * lot);
  const variance = minuteVariance(assetVol(pair.base.asset)) + minuteVariance(assetVol(pair.quote.asset));
  return {
    tick: 10 ** -pair.priceDecimals,
    ticksPerUnit: 10 ** pair.priceDecimals,
    basePrice: baseUsd / quoteUsd,
    lotsPerUsd,
    takerMedianLots: Math.max(1, Math.round(TAKER_MEDIAN_USD * lotsPerUsd)),
    makerLevelLots: Math.max(1, Math.round(MAKER_LEVEL_USD * lotsPerUsd)),
    noiseMedianLots: Math.max(1, Math.round(NOISE_MEDIAN_USD * lotsPerUsd)),
    takerRate: (TAKER_BASE_RATE * pair.activity) / (1 - TAKER_BRANCHING),
    minuteSd: Math.sqrt(variance),
  };
}

/** Total volatility of an asset's log price (BTC's factor plus its own part), 0 for the dollar. */
function assetVol(asset: number): number {
  if (asset < 0) return 0;
  const model = ASSETS[asset]!;
  const btc = ASSETS[0]!;
  return asset === 0 ? btc.annualVol : Math.hypot(model.beta * btc.annualVol, model.annualVol);
}
