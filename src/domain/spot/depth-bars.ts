/**
 * Spec §9: order-book depth bars are relative to the maximum amount. One maximum for both sides, so
 * a heavy bid wall and a thin ask side look as they are. Widths are for drawing only, so floats do.
 */
export function depthBarRatios(
  asks: readonly { amount: string }[],
  bids: readonly { amount: string }[],
): {
  asks: number[];
  bids: number[];
} {
  const ask = asks.map((level) => amountOf(level.amount));
  const bid = bids.map((level) => amountOf(level.amount));
  let max = 0;
  for (const value of ask) if (value > max) max = value;
  for (const value of bid) if (value > max) max = value;
  const ratio = (value: number) => (max > 0 ? value / max : 0);
  return { asks: ask.map(ratio), bids: bid.map(ratio) };
}

function amountOf(text: string): number {
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? value : 0;
}
