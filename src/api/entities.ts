import { z } from 'zod';
import { decimal, flag, id, text, timestamp } from './fields.ts';
import {
  FLAG_OFF,
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

export const area = z.object({ id, name: text, global_code: text });

export const setting = z.object({
  login_use_sms: flag,
  contact_mobile: text,
  contact_email: text,
  service_url: text,
  white_url: text,
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
  price_decimals: z.number().int().optional(),
  /** Tessera: the pair's lot, as quantity places (a quantity is a whole number of lots). */
  number_decimals: z.number().int().min(0).max(8).optional(),
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

export const bookEntry = z.object({
  index: z.number().int(),
  price: decimal,
  number: decimal,
  amount: decimal,
});
export const depth = z.object({ in: z.array(bookEntry), out: z.array(bookEntry) });
export const completedTrade = z.object({
  time: timestamp,
  price: decimal,
  number: decimal,
  way: z.union([z.literal(TAPE_WAY_SELL), z.literal(TAPE_WAY_BUY)]),
  /** The trade's id on the public tape (ms time x 1000 + index in that ms): micro contracts cite it. */
  id: z.number().int().optional(),
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
  transacted_amount: decimal,
  transacted_volume: decimal,
  updated_at: timestamp,
  currency_match: z.object({ id, symbol: text }),
  way_name: text,
  status_name: text,
});

export const balanceLine = z.object({
  id,
  currency_id: id,
  currency_code: text,
  balance: decimal,
  lock_balance: decimal,
  convert_usd: decimal,
  user_id: id,
});

export const accountGroup = z.object({
  account_code: z.enum([
    'legal_account',
    'lever_account',
    'change_account',
    'micro_account',
    'financial_account',
  ]),
  is_recharge: flag,
  convert_usd: decimal,
  accounts: z.array(balanceLine),
});

export const accountLog = z.object({
  id,
  currency: z.object({ code: text }),
  value: decimal,
  memo: text,
  notes: text,
  extra_data: z.object({ from: text }).partial(),
  created_at: timestamp,
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

export const leverPosition = z.object({
  id,
  type: z.number().int(),
  type_name: text,
  symbol: text,
  share: decimal,
  number: decimal,
  price: decimal,
  origin_price: decimal,
  update_price: decimal,
  target_profit_price: decimal,
  stop_loss_price: decimal,
  origin_caution_money: decimal,
  caution_money: decimal,
  trade_fee: decimal,
  overnight_money: decimal,
  profits: decimal,
  status: z.number().int(),
  time: timestamp,
});

/** A trade of the public tape a micro contract cites (GLOBAL_TX completes[].id, market/deal). */
export const microTapeTrade = z.object({ id: z.number().int(), time: timestamp, price: decimal });

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
