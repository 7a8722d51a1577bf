import { z } from 'zod';
import { decimal, flag, id, num, serverTime, text, timestamp } from './fields.ts';
import {
  FLAG_OFF,
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_NONE,
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_CLOSE_USER,
  LEVER_STATUS_CANCELLED,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_CLOSING,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
  MICRO_STATUS_CLOSED,
  MICRO_STATUS_RUNNING,
  MICRO_TYPE_DOWN,
  MICRO_TYPE_UP,
  REVIEW_STATUS_APPROVED,
  REVIEW_STATUS_NONE,
  REVIEW_STATUS_PENDING,
  TAPE_WAY_BUY,
  TAPE_WAY_SELL,
  WAY_BUY,
  WAY_SELL,
} from '../domain/contract-codes.ts';

/** Entity shapes of spec §3, as they cross the contract. Field names are the spec's. */

/**
 * A country: its dial code, and its fiat currency as the family's clients read it (the merchant's
 * ad form labels currencies with them): `currency` the ISO 4217 code, `currency_symbol`, `code` the
 * country's ISO 3166-1 alpha-2 code, `decimal` the minor-unit places. Servers may leave those out.
 */
export const area = z.object({
  id,
  name: text,
  global_code: text,
  currency: text.optional(),
  currency_symbol: text.optional(),
  code: text.optional(),
  decimal: num(z.number().int().min(0)).optional(),
});

export const newsCategory = z.object({ id, name: text });
export const newsItem = z.object({
  id,
  category_id: id,
  title: text,
  created_at: timestamp,
  banner: text.optional(),
});
export const newsArticle = newsItem.extend({ content: text });

export const quotation = z.object({
  currency_match_id: id,
  close: decimal,
  change: decimal,
  high: decimal,
  low: decimal,
  /** 24 h volume in the base currency. */
  volume: decimal,
  /** Tessera: 24 h volume in the quote currency (sum of price x quantity), for ranking across pairs. */
  quote_volume: decimal.optional(),
});

export const currencyMatch = z.object({
  id,
  symbol: text,
  base_currency_id: id,
  quote_currency_id: id,
  base_currency_code: text,
  quote_currency_code: text,
  base_currency: z.object({ logo: text }),
  added: flag,
  open_change: flag,
  open_lever: flag,
  open_microtrade: flag,
  lever_point_rate: decimal,
  lever_share_num: decimal,
  lever_fee_rate: decimal,
  /** The spot fee of what an order receives, in percent ("0.1" = 0.1 %); servers may leave it out. */
  change_fee_rate: decimal.optional(),
  /**
   * Tessera's lever terms besides the spec's (a real server may leave them out): the bounds of
   * `share` (lots) per order, the multiples offered (lever/deal's `multiple.muit` too), and the
   * overnight rate (of price x quantity, charged once per simulated day at 00:00 UTC).
   */
  lever_min_share: decimal.optional(),
  lever_max_share: decimal.optional(),
  lever_multiples: z.array(z.number().int()).optional(),
  lever_overnight_rate: decimal.optional(),
  price_decimals: z.number().int().optional(),
  /** Tessera: the pair's lot, as quantity places (a quantity is a whole number of lots). */
  number_decimals: z.number().int().min(0).max(8).optional(),
  /**
   * Tessera's order filters (as Binance's PERCENT_PRICE and MIN_NOTIONAL; a server may leave them
   * out): a spot limit price from `price_band_down` percent below to `price_band_up` percent above
   * the last trade price; every spot order (a market one at the best opposite price) worth at least
   * `min_notional` of the quote currency; a lever fixed price at most `lever_price_band` percent
   * from the last trade price (lever pairs only).
   */
  price_band_down: decimal.optional(),
  price_band_up: decimal.optional(),
  min_notional: decimal.optional(),
  lever_price_band: decimal.optional(),
  currency_quotation: quotation,
});

export const quoteGroup = z.object({
  id,
  code: text,
  is_quote: flag,
  cny_price: decimal,
  usd_price: decimal,
  matches: z.array(currencyMatch),
});

/**
 * One price level of the book. `amount` is the level's base quantity (as the family's clients read
 * it: depth bars are relative to the largest), the same as `number`; `total` its value in the quote
 * currency (price x quantity), which the family's servers do not send.
 */
export const bookEntry = z.object({
  index: z.number().int(),
  price: decimal,
  number: decimal,
  amount: decimal,
  total: decimal.optional(),
});
export const depth = z.object({ in: z.array(bookEntry), out: z.array(bookEntry) });
export const completedTrade = z.object({
  time: timestamp,
  price: decimal,
  number: decimal,
  /** The trade's base quantity, the same as `number` (the family's tape reads it here). */
  amount: decimal.optional(),
  way: z.union([z.literal(TAPE_WAY_SELL), z.literal(TAPE_WAY_BUY)]),
  /** The trade's id on the public tape (ms time x 1000 + index in that ms): micro contracts cite it. */
  id: id.optional(),
  /** The same instant as `time`, in unix seconds (the family's clients read it). */
  timestamp: z.number().int().optional(),
});
export const dealSnapshot = z.object({ quotation, depth, tx_completes: z.array(completedTrade) });

export const klineBar = z.object({
  time: z.number(),
  open: decimal,
  high: decimal,
  low: decimal,
  close: decimal,
  volume: decimal,
  period: text,
});

export const spotOrder = z.object({
  id,
  way: z.union([z.literal(WAY_BUY), z.literal(WAY_SELL)]),
  price: decimal,
  number: decimal,
  /** The filled base quantity, in `number`'s places (equal to it once filled), as the family reads it. */
  transacted_amount: decimal,
  /** The quote turnover of the fills (price x quantity). */
  transacted_volume: decimal,
  updated_at: serverTime,
  currency_match: z.object({ id, symbol: text }),
  way_name: text,
  status_name: text,
});

export const userInfo = z.object({
  id,
  mobile: text,
  email: text,
  invite_code: text,
  review_status: z.union([
    z.literal(REVIEW_STATUS_NONE),
    z.literal(REVIEW_STATUS_PENDING),
    z.literal(REVIEW_STATUS_APPROVED),
  ]),
  is_seller: flag,
  /** Dial code of the bound phone, digits without '+' ('' without a phone or from servers that omit it). */
  area_code: text.default(''),
  /** Whether a trade (pay) password is set; servers that omit it read as not set. */
  has_pay_password: flag.default(FLAG_OFF),
  /**
   * The family's standing fields (their personal page shows them): Tessera's level is 0 until the
   * identity is verified, then 1; its credit score is 100 for everyone. Servers may leave them out.
   */
  level: num(z.number().int().min(0)).optional(),
  credit_score: num(z.number().min(0)).optional(),
});

export const payMethodType = z.object({ id, name: text, code: z.enum(['alipay', 'wxpay', 'bank']) });
export const payMethodRaw = z
  .object({
    real_name: text,
    account: text,
    qrcode: text,
    bank_name: text,
    card_no: text,
    bank_address: text,
  })
  .partial();

/** A trade of the public tape a lever position cites (GLOBAL_TX completes[].id, market/deal). */
export const leverTapeTrade = z.object({ id, time: timestamp, price: decimal });

/**
 * A lever position or pending fixed-price order (spec §3 Lever trade/position). Money in the quote
 * currency, prices as the pair's prices; '0' means "none" for the take-profit, stop-loss and
 * liquidation prices.
 */
export const leverPosition = z.object({
  id,
  currency_match_id: id,
  /** 1 long, 2 short. */
  type: z.union([z.literal(LEVER_TYPE_LONG), z.literal(LEVER_TYPE_SHORT)]),
  type_name: text,
  symbol: text,
  base_currency_id: id,
  quote_currency_id: id,
  /** Lots; `number` = share x lever_share_num, in the base currency. */
  share: decimal,
  number: decimal,
  multiple: z.number().int(),
  /** The entry price: the last trade adjusted by the spread (market) or the fixed price (limit). */
  price: decimal,
  /** The last trade price when the order was placed (before the spread). */
  origin_price: decimal,
  /** The mark: the pair's last trade price (open), or the close price (closed). */
  update_price: decimal,
  /** The fixed price of a fixed-price order ('0' for a market order). */
  target_price: decimal,
  target_profit_price: decimal,
  stop_loss_price: decimal,
  /** The bond as opened; the bond now (less overnight fees taken from it). */
  origin_caution_money: decimal,
  caution_money: decimal,
  trade_fee: decimal,
  /** Overnight fees charged so far. */
  overnight_money: decimal,
  /** Unrealised PnL at the mark while open; realised PnL once closed. */
  profits: decimal,
  /** Tessera: the mark at which the account's hazard rate reaches the threshold, others staying put. */
  liquidation_price: decimal,
  /** 0 pending, 1 open, 2 closing, 3 closed, 4 cancelled. */
  status: z.union([
    z.literal(LEVER_STATUS_PENDING),
    z.literal(LEVER_STATUS_OPEN),
    z.literal(LEVER_STATUS_CLOSING),
    z.literal(LEVER_STATUS_CLOSED),
    z.literal(LEVER_STATUS_CANCELLED),
  ]),
  /** 0 not closed, 1 user, 2 liquidation, 3 take-profit, 4 stop-loss. */
  close_reason: z.union([
    z.literal(LEVER_CLOSE_NONE),
    z.literal(LEVER_CLOSE_USER),
    z.literal(LEVER_CLOSE_LIQUIDATION),
    z.literal(LEVER_CLOSE_TAKE_PROFIT),
    z.literal(LEVER_CLOSE_STOP_LOSS),
  ]),
  /** The tape trade that opened it (null while pending or when cancelled). */
  open_trade: leverTapeTrade.nullable(),
  /** The tape trade that closed it (null while not closed). */
  close_trade: leverTapeTrade.nullable(),
  /** Placed (simulated epoch ms) and as "YYYY-MM-DD HH:mm:ss" UTC. */
  created_at: z.number(),
  time: timestamp,
  /** Closed or cancelled, simulated epoch ms (0 while pending or open). */
  closed_at: z.number(),
  /** The pair, where the family's clients read its name. Servers may leave it out. */
  currency_match: z.object({ id: id.optional(), symbol: text }).optional(),
  /** Closed or cancelled, as "YYYY-MM-DD HH:mm:ss" UTC (null while pending or open). */
  complete_time: text.nullable().optional(),
  /** Tessera: a closed part of position part_of (lever/close with share); absent for a whole one. */
  part_of: id.optional(),
  /**
   * Tessera: the open position's resting close order (lever/close with price): close_order_share
   * lots close on the first tape trade at or beyond close_order_price. Absent when there is none.
   */
  close_order_share: z.string().optional(),
  close_order_price: decimal.optional(),
});

/**
 * The lever account of one quote currency (cross margin). hazard_rate =
 * (balance + caution_money_all + profits_all) / caution_money_all x 100, '0' with no open position.
 */
export const leverAccountSummary = z.object({
  currency_id: id,
  currency_code: text,
  /** Free balance of the lever account (bonds and pending orders' locks excluded). */
  balance: decimal,
  /** Locked: bonds of open positions plus bond and fee of pending orders. */
  lock_balance: decimal,
  /** Sum of the bonds now and as opened, of open positions (the margin in use). */
  caution_money_all: decimal,
  origin_caution_money_all: decimal,
  /** Sum of the open positions' unrealised PnL at the mark. */
  profits_all: decimal,
  hazard_rate: decimal,
  /** The hazard rate at or below which positions are liquidated, percent. */
  liquidation_rate: decimal,
  /** What a transfer out of the lever account may take now. */
  transferable: decimal,
});

/** A trade of the public tape a micro contract cites (GLOBAL_TX completes[].id, market/deal). */
export const microTapeTrade = z.object({ id, time: timestamp, price: decimal });

export const microOrder = z.object({
  id,
  /** The pair (currency_match id). */
  match_id: id,
  symbol_name: text,
  seconds: z.number().int(),
  number: decimal,
  currency_id: id,
  currency_name: text,
  type: z.union([z.literal(MICRO_TYPE_UP), z.literal(MICRO_TYPE_DOWN)]),
  status: z.union([z.literal(MICRO_STATUS_RUNNING), z.literal(MICRO_STATUS_CLOSED)]),
  open_price: decimal,
  /** '' while running. */
  end_price: z.union([decimal, z.literal('')]),
  profit_ratio: decimal,
  /** Payout less stake, truncated to 2 decimals (spec §9); '0.00' while running. */
  fact_profits: decimal,
  /** -1 lost, 0 tie (stake refunded), 1 won; 0 while running. */
  profit_result: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  fee: decimal,
  /** Opened (the open trade's acceptance) and expiry, simulated epoch ms. */
  created_at: z.number(),
  expires_at: z.number(),
  remain_milli_seconds: z.number(),
  /** The server's simulated time when it answered: countdowns run from remain_milli_seconds against it. */
  server_now: z.number(),
  /** Proof: the public tape's trade it opened on, and the one it closed on (null while running). */
  open_trade: microTapeTrade,
  end_trade: microTapeTrade.nullable(),
});

export const earningsProduct = z.object({
  id,
  name: text,
  days: z.number().int(),
  rate: decimal,
  min_number: decimal,
});
