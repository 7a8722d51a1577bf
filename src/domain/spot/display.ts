import { groupThousands, NO_VALUE, truncateDecimal } from '../format.ts';
import { formatCurrencyAmount } from '../display-decimals.ts';
import { FEE_BPS } from './settlement.ts';

/**
 * A balance or amount for the trade screen. With its currency, the one display rule of
 * display-decimals.ts (USDT "10,000.00", BTC "0.51000000"): pass it. Without (legacy callers), cut
 * to 8 places with trailing zeros dropped but at least two kept: "0.51000000" -> "0.51".
 */
export function formatBalance(value: string | null | undefined, currency?: string): string {
  if (currency !== undefined) return formatCurrencyAmount(value, currency);
  const text = truncateDecimal(value, 8);
  if (text === NO_VALUE) return text;
  const [int = '0', frac = ''] = text.split('.');
  const kept = frac.replace(/0+$/, '').padEnd(2, '0');
  return groupThousands(`${int}.${kept}`);
}

/** The trading fee as a percentage for display: 10 bps -> "0.1". */
export function feePercentText(): string {
  const hundredths = Number(FEE_BPS); // 1 bp = 0.01 %
  return String(hundredths / 100);
}
