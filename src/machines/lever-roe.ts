import { LEDGER_DECIMALS, toScaled } from '../domain/money.ts';

/**
 * A position's return on equity: its profit or loss as a percent of the bond it opened with
 * (origin_caution_money), to two decimals cut toward zero, signed ("+12.34", "-3.50", "0.00").
 * Null when there is no bond to measure against.
 */
export function leverRoeText(profits: string, originBond: string): string | null {
  const bond = toScaled(originBond, LEDGER_DECIMALS) ?? 0n;
  if (bond <= 0n) return null;
  const pnl = toScaled(profits, LEDGER_DECIMALS) ?? 0n;
  // Hundredths of a percent: pnl / bond x 100 x 100, BigInt division cuts toward zero.
  const hundredths = (pnl * 10_000n) / bond;
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
  if (abs === 0n) return text;
  return `${negative ? '-' : '+'}${text}`;
}
