import type { EarningsProduct } from '../../../../machines/actors/earnings.ts';
import type { BuyProduct } from '../../../../machines/earnings-buy.machine.ts';

/** A decimal without trailing zeros ("10.00000000" -> "10"), as the user would type it. */
function plain(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** What the buy flow needs of a product of ieo/list. */
export function buyProductOf(product: EarningsProduct): BuyProduct {
  return {
    id: product.id,
    name: product.name,
    code: product.currency_code,
    currencyId: product.currency_id,
    days: product.days,
    rate: product.rate,
    min: plain(product.min_number),
    max: plain(product.max_number),
    held: plain(product.held),
    left: plain(product.left),
  };
}
