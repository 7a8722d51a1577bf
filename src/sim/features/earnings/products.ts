import { currencyByCode } from '../../market/currencies.ts';

/** One earnings product's terms (the seeded catalogue; names are served per language). */
export interface EarningsProduct {
  id: number;
  currencyId: number;
  code: string;
  /** Term in days; 0 for a flexible product (redeem any time). */
  days: number;
  /** Annual rate in basis points (1 % = 100). */
  rateBp: number;
  /** Ledger units (1e-8). */
  minimum: bigint;
  maxPerUser: bigint;
  quota: bigint;
}

const COIN = 100_000_000n;

function product(
  id: number,
  code: string,
  days: number,
  ratePercent: number,
  minimum: number,
  maxPerUser: number,
  quota: number,
): EarningsProduct {
  const units = (amount: number) => (BigInt(Math.round(amount * 1_000_000)) * COIN) / 1_000_000n;
  return {
    id,
    currencyId: currencyByCode(code).id,
    code,
    days,
    rateBp: Math.round(ratePercent * 100),
    minimum: units(minimum),
    maxPerUser: units(maxPerUser),
    quota: units(quota),
  };
}

/**
 * A dozen products across USDT, BTC and ETH: one flexible per coin (lower rate), the rest fixed-term.
 * The quota caps the principal held in a product at once (domain/earnings/rules.ts).
 */
export const EARNINGS_PRODUCTS: readonly EarningsProduct[] = [
  product(1, 'USDT', 0, 3, 10, 50_000, 2_000_000),
  product(2, 'USDT', 7, 6, 50, 20_000, 1_000_000),
  product(3, 'USDT', 30, 8, 100, 20_000, 1_000_000),
  product(4, 'USDT', 90, 10, 200, 50_000, 500_000),
  product(5, 'USDT', 180, 12, 500, 100_000, 300_000),
  product(6, 'BTC', 0, 1, 0.001, 2, 100),
  product(7, 'BTC', 30, 3, 0.005, 2, 50),
  product(8, 'BTC', 90, 4.5, 0.01, 5, 50),
  product(9, 'ETH', 0, 1.5, 0.01, 50, 2_000),
  product(10, 'ETH', 7, 2.5, 0.05, 5, 20),
  product(11, 'ETH', 30, 4, 0.1, 50, 1_000),
  product(12, 'ETH', 90, 5.5, 0.2, 100, 1_000),
];

export function earningsProductById(id: number): EarningsProduct | undefined {
  return EARNINGS_PRODUCTS.find((entry) => entry.id === id);
}
