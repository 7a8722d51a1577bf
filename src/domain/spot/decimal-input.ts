/**
 * The places of the order form's fields (spec §5 "Price: 4 decimals maximum"; spec §9 "Quantity
 * precision 6 decimals"), when the pair does not say its own. How a typed text is read is
 * domain/number-entry.ts: the field never rewrites it.
 */
export const PRICE_DECIMALS = 4;
export const QUANTITY_DECIMALS = 6;

/** Decimals a price may have on a pair: the pair's own grid when known, else the spec's 4. */
export function priceDecimalsFor(pairPriceDecimals: number | undefined): number {
  return pairPriceDecimals ?? PRICE_DECIMALS;
}

/** Decimals a quantity may have on a pair: its lot when known, else the spec's 6. */
export function quantityDecimalsFor(pairQuantityDecimals: number | undefined): number {
  return pairQuantityDecimals ?? QUANTITY_DECIMALS;
}
