import type { Page } from '@playwright/test';

/** One row of the recent-trades tape, as the screen shows it. */
export interface TapeRowText {
  price: string;
  amount: string;
  /** Painted in the up colour: a buyer took it. */
  buyerTaken: boolean;
}

/** The tape's filled rows, newest first (the painter keeps the DOM in the order shown). */
export function tapeRows(page: Page): Promise<TapeRowText[]> {
  return page
    .getByTestId('tape-body')
    .locator('.tape-row:not(.empty)')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const price = row.querySelector('.tape-price');
        return {
          price: price?.textContent ?? '',
          amount: row.querySelector('.tape-number')?.textContent ?? '',
          buyerTaken: price?.classList.contains('up') ?? false,
        };
      }),
    );
}

/** An English amount as a whole number of 10^-8 units (BTC's places, finer than any lot). */
function units(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.replace(/,/g, '').split('.');
  return BigInt(whole) * 10n ** 8n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

/**
 * Whether a market buy of `quantity` shows on the tape: one or more adjacent buyer-taken rows
 * adding up to it exactly. A market order fills against the first resting orders one trade each,
 * and the simulator's makers leave orders of any size (a taker's remainder can be a single lot),
 * so a buy can be one row or several; its trades are published together, with no other trade
 * between them.
 */
export function showsMarketBuyOf(rows: readonly TapeRowText[], quantity: string): boolean {
  const wanted = units(quantity);
  for (let start = 0; start < rows.length; start++) {
    let sum = 0n;
    for (let end = start; end < rows.length && rows[end]!.buyerTaken; end++) {
      sum += units(rows[end]!.amount);
      if (sum === wanted) return true;
      if (sum > wanted) break;
    }
  }
  return false;
}
