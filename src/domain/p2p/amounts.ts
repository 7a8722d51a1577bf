import { UNIT } from '../wallet/amounts.ts';
import { exactScaled, scaledToText } from '../money.ts';

/**
 * The money of a P2P order. Coins are ledger units (1e-8, BigInt); fiat is in cents (2 decimals);
 * a price is fiat cents per whole coin. The coins are what the escrow holds; the fiat is paid
 * outside the exchange, so only coins touch the ledger.
 */
export const FIAT_DECIMALS = 2;

/** The coins P2P trades, with the decimals a quantity may have. */
export const P2P_COINS = { USDT: 2, BTC: 6, ETH: 4 } as const;
export type P2pCoin = keyof typeof P2P_COINS;
export const P2P_COIN_CODES = Object.keys(P2P_COINS) as P2pCoin[];

/** The fiat currencies ads are priced in. */
export const P2P_FIATS = ['CNY', 'USD', 'EUR'] as const;
export type P2pFiat = (typeof P2P_FIATS)[number];

export function isP2pCoin(code: string): code is P2pCoin {
  return Object.hasOwn(P2P_COINS, code);
}

export function isP2pFiat(code: string): code is P2pFiat {
  return (P2P_FIATS as readonly string[]).includes(code);
}

/**
 * A plain decimal text as cents; null when not a non-negative decimal with at most 2 places
 * (trailing zeros do not count, any number of them: "1.230" is 1.23, "1.0000000000001" is refused).
 */
export function centsOf(text: string): bigint | null {
  return /^\d+(\.\d+)?$/.test(text) ? exactScaled(text, FIAT_DECIMALS) : null;
}

/** Cents as decimal text ("12.30"). */
export function centsText(cents: bigint): string {
  return scaledToText(cents, FIAT_DECIMALS);
}

/** The ledger units of one step of a coin's quantity (0.01 USDT = 1e6 units). */
export function quantityStep(coinDecimals: number): bigint {
  return UNIT / 10n ** BigInt(coinDecimals);
}

/**
 * The fiat a quantity costs: quantity x price, rounded UP to the cent, so the seller never gets
 * less than the coins' worth.
 */
export function amountForQuantity(units: bigint, priceCents: bigint): bigint {
  const exact = units * priceCents;
  return (exact + UNIT - 1n) / UNIT;
}

/**
 * The coins a fiat amount buys: amount / price, rounded DOWN to the coin's step, so the buyer never
 * gets more than was paid for.
 */
export function quantityForAmount(amountCents: bigint, priceCents: bigint, coinDecimals: number): bigint {
  if (priceCents <= 0n) return 0n;
  const units = (amountCents * UNIT) / priceCents;
  const step = quantityStep(coinDecimals);
  return (units / step) * step;
}

/** An order placed by fiat amount or by coin quantity: what it escrows and what the buyer pays. */
export interface OrderFigures {
  readonly units: bigint;
  readonly amountCents: bigint;
}

export function figuresOf(
  by: 'amount' | 'quantity',
  value: bigint,
  priceCents: bigint,
  coinDecimals: number,
): OrderFigures {
  if (by === 'amount')
    return { units: quantityForAmount(value, priceCents, coinDecimals), amountCents: value };
  return { units: value, amountCents: amountForQuantity(value, priceCents) };
}

/** Whether a quantity is a whole number of the coin's steps. */
export function onStep(units: bigint, coinDecimals: number): boolean {
  return units % quantityStep(coinDecimals) === 0n;
}
