/**
 * The assets the reference generator prices, in US dollars.
 *
 * BTC is the market factor: every other asset's log return is `beta` times BTC's plus a move of its
 * own. The beta makes altcoins rise and fall with BTC (published betas are about 0.5-1.4, TRX's the
 * lowest); the own move makes them differ from it on any one day.
 * USDT is the dollar and is not generated. Prices revert slowly to `basePrice` so that a market left
 * running for years stays in the range its tick sizes were chosen for.
 */
export interface AssetModel {
  readonly code: string;
  /** USD price at the generator's epoch, and the level the price reverts to over months. */
  readonly basePrice: number;
  /** Sensitivity of the asset's log returns to BTC's (BTC itself: 1). */
  readonly beta: number;
  /** Annualised volatility of the asset's own part (BTC: of the market factor). */
  readonly annualVol: number;
}

/*
 * Calibrated so that a day looks like a real one (daily log returns, 2023-2025): BTC moves about
 * 2.5 % a day; altcoins 3-5 %, correlated with BTC about 0.5-0.75 (TRX and the house token less,
 * ETH most), so on most days some pairs rise while others fall. With the old betas and small own
 * parts (correlations near 0.85) every pair moved with BTC on a third of all days.
 */
export const ASSETS: readonly AssetModel[] = [
  { code: 'BTC', basePrice: 94_000, beta: 1, annualVol: 0.45 },
  { code: 'ETH', basePrice: 3_350, beta: 1.15, annualVol: 0.42 },
  { code: 'TRX', basePrice: 0.245, beta: 0.55, annualVol: 0.45 },
  { code: 'DOT', basePrice: 6.6, beta: 1.2, annualVol: 0.6 },
  { code: 'LTC', basePrice: 96, beta: 1, annualVol: 0.5 },
  { code: 'XRP', basePrice: 0.62, beta: 1.05, annualVol: 0.7 },
  { code: 'BCH', basePrice: 455, beta: 1, annualVol: 0.55 },
  { code: 'LINK', basePrice: 15.2, beta: 1.2, annualVol: 0.6 },
  { code: 'DOGE', basePrice: 0.132, beta: 1.3, annualVol: 0.65 },
  { code: 'BIB', basePrice: 1.25, beta: 0.7, annualVol: 0.42 },
];

/** The market factor's index in ASSETS. */
export const BTC_INDEX = 0;

const indexByCode = new Map(ASSETS.map((asset, index) => [asset.code, index]));

/** The index of a generated asset, or -1 for the dollar (USDT) and unknown codes. */
export function assetIndex(code: string): number {
  return indexByCode.get(code) ?? -1;
}

const MINUTES_PER_YEAR = 525_600;

/** Variance of one minute's log return implied by an annual volatility. */
export function minuteVariance(annualVol: number): number {
  return (annualVol * annualVol) / MINUTES_PER_YEAR;
}
