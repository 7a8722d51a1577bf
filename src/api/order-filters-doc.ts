/**
 * The order filters (the fat-finger guard), as docs/api.md explains them: which prices and values an
 * order may have, against what reference, and how a refusal reads. Rendered before the dialect.
 */
export const ORDER_FILTERS: readonly string[] = [
  '## Order filters',
  '',
  "Each pair of `market/currency_matches` carries its filters, as Binance's `PERCENT_PRICE` and `MIN_NOTIONAL`",
  'do; the server checks every order against them when it arrives (the in-browser simulator and `npm run server`',
  'run the same code), and the order forms warn beside the field as the user types. An order outside them is',
  'refused with code 0, a message naming the bounds (in the `lang` asked for), and no change of any kind.',
  '',
  "| field | rule | Tessera's values |",
  '| --- | --- | --- |',
  "| `price_band_down`, `price_band_up` | a spot limit price from `price_band_down` percent below to `price_band_up` percent above the pair's last trade price (the bounds included; the message names them, rounded inwards to the price grid) | 50 and 100: from half to twice the last price, so a slipped digit (a factor of ten) is caught either way, and an order that far from the market, rare in earnest, goes in two steps |",
  '| `min_notional` | price x quantity of a spot order, in the quote currency, at least this; a market order is measured at the best opposite price it would take first | about 5 US dollars: `5` (USDT pairs), `0.0001` (BTC pairs), `0.002` (ETH pairs) |',
  "| `lever_price_band` (lever pairs) | a lever fixed-price order (status 0) at most this percent from the last trade price: below it for a long (as before), above it for a short. Market orders (status 1) open at the last trade and are not checked; a lever order's least value is one contract (`lever_min_share` x `lever_share_num`), far above `min_notional`, so it has none of its own | 20 |",
  '',
  'P2P ads: a fixed price (`otc/publish`, `otc/edit_ad`) must lie from 20 % below to 20 % above the market reference in',
  "the ad's fiat, the same bound a floating ad's margin keeps to (the reference is the coin's last USDT trade price, USDT",
  'as one dollar, times the fixed fiat table: 6.8 CNY, 1 USD, 0.92 EUR). A P2P order has its minimum already: the',
  "ad's `min`.",
  '',
  'Without a last price (a pair that never traded) the band is not checked. The reference is read when the order',
  'arrives, so a form that warned nothing a moment earlier may still be refused after a fast move, and the other',
  'way round.',
  '',
];
