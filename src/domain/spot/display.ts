import { groupThousands, NO_VALUE, truncateDecimal } from '../format.ts';
import { FEE_BPS } from './settlement.ts';

/**
 * A balance for the forms: cut down to 8 places (the ledger's), trailing zeros dropped but at least
 * two kept, thousands grouped: "10000.00000000" -> "10,000.00", "0.51000000" -> "0.51".
 */
export function formatBalance(value: string | null | undefined): string {
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
