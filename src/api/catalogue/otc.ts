import { z } from 'zod';
import {
  OTC_AD_BUY,
  OTC_AD_OFF_SHELF,
  OTC_AD_OPEN,
  OTC_AD_PAUSED,
  OTC_AD_SELL,
  OTC_LIST_COMPLETED,
  OTC_LIST_ENDED,
  OTC_LIST_OPEN,
  OTC_ORDER_ABNORMAL,
  OTC_ORDER_CANCELLED,
  OTC_ORDER_COMPLETED,
  OTC_ORDER_DELAYED,
  OTC_ORDER_DISPUTED,
  OTC_ORDER_PAID,
  OTC_ORDER_UNPAID,
  OTC_SIDE_BUYER,
  OTC_SIDE_SELLER,
} from '../../domain/contract-codes.ts';
import { decimal, flag, id, num, paged, text } from '../fields.ts';
import { call, page, type CallSpec } from './kit.ts';

/**
 * Peer-to-peer fiat trading with merchant shops. The spec shows labels only (§1, §3, §4):
 * these calls, under the `otc/` prefix the product family's servers use, are Tessera's. Coins are
 * held in escrow in the seller's legal account (available -> locked) from the order's opening until
 * it completes (to the buyer's legal account) or is cancelled or refunded (back to the seller).
 * Fiat is paid outside the exchange. Prices and fiat amounts have 2 decimals; quantities the coin's
 * (USDT 2, BTC 6, ETH 4). Every time is simulated epoch ms; every countdown is the server's
 * remaining simulated ms at `server_now`, so clients never trust their own clock.
 */

export const otcAdType = z.union([z.literal(OTC_AD_SELL), z.literal(OTC_AD_BUY)]);
export const otcAdStatus = z.union([
  z.literal(OTC_AD_OPEN),
  z.literal(OTC_AD_PAUSED),
  z.literal(OTC_AD_OFF_SHELF),
]);
export const otcOrderStatus = z.union([
  z.literal(OTC_ORDER_UNPAID),
  z.literal(OTC_ORDER_PAID),
  z.literal(OTC_ORDER_DELAYED),
  z.literal(OTC_ORDER_DISPUTED),
  z.literal(OTC_ORDER_COMPLETED),
  z.literal(OTC_ORDER_CANCELLED),
  z.literal(OTC_ORDER_ABNORMAL),
]);
export const otcSide = z.union([z.literal(OTC_SIDE_BUYER), z.literal(OTC_SIDE_SELLER)]);
const listGroup = z.union([
  z.literal(OTC_LIST_OPEN),
  z.literal(OTC_LIST_COMPLETED),
  z.literal(OTC_LIST_ENDED),
]);

/** The actions a party may take now (the order page shows these and no others). */
export const otcAction = z.enum(['pay', 'cancel', 'release', 'delay', 'dispute']);
/** Dispute reasons, checked against the side that raises them; `timeout` is the clock's. */
export const otcDisputeReason = z.enum(['notReleased', 'notReceived', 'wrongAmount', 'other', 'timeout']);

/**
 * A merchant's store card (spec §3 store labels): registration time, total orders, 30-day orders
 * and completion rate (percent, 2 decimals), average release time (seconds; 0 before any release),
 * and verification levels from the real-name and contact status.
 */
export const otcMerchant = z.object({
  id,
  name: text,
  registered_at: z.number(),
  total_orders: z.number().int(),
  orders_30d: z.number().int(),
  completion_rate: decimal,
  avg_release_seconds: z.number().int(),
  email_verified: flag,
  mobile_verified: flag,
  real_name_verified: flag,
  /** 1 a simulated merchant of the demo, 0 a user of this exchange. */
  simulated: flag,
});

/**
 * An ad (spec §3 ad labels: currency, unit price, min/max volume, pay way, status). `left` is the
 * quantity not taken by orders; `max_now` the largest order possible now (the max, or what is left).
 */
export const otcAd = z.object({
  id,
  type: otcAdType,
  coin: text,
  fiat: text,
  /** The price now: a fixed ad's own, a floating ad's reference x (1 + margin) at this moment. */
  price: decimal,
  /** '' for a fixed price; a floating ad's margin over the market, percent with 2 decimals ("1.50", "-0.75"). */
  float_margin: text,
  total: decimal,
  left: decimal,
  min: decimal,
  max: decimal,
  max_now: decimal,
  coin_decimals: z.number().int(),
  pay_methods: z.array(text),
  pay_limit: z.number().int(),
  remarks: text,
  status: otcAdStatus,
  /** Orders on it not ended yet (an ad with open orders can be paused, not edited in its total). */
  open_orders: z.number().int(),
  merchant: otcMerchant,
  created_at: z.number(),
});

/** The seller's collection details the buyer pays to (pay_method raw_data, spec §3). */
const collection = z.object({
  code: text,
  real_name: text,
  account: text,
  bank_name: text,
  card_no: text,
  bank_address: text,
  qrcode: text,
});

/** One line of an order's activity log. */
const orderEvent = z.object({ at: z.number(), kind: text, by: text });

/**
 * An order (spec §3 order labels: number, time, payer, payee, payment reference, voucher), seen from
 * the viewer's `side`. `collection` is the seller's details, shown to both parties; `voucher` the
 * payment voucher's URL ('' before one). `actions` are what the viewer may do now.
 */
export const otcOrder = z.object({
  id,
  order_no: text,
  ad_id: id,
  side: otcSide,
  coin: text,
  fiat: text,
  price: decimal,
  number: decimal,
  amount: decimal,
  status: otcOrderStatus,
  pay_methods: z.array(text),
  pay_limit: z.number().int(),
  collection: z.array(collection),
  reference: text,
  voucher: text,
  buyer: z.object({ id, name: text }),
  seller: z.object({ id, name: text }),
  merchant_id: id,
  delayed: flag,
  dispute_reason: text,
  dispute_by: text,
  created_at: z.number(),
  paid_at: z.number(),
  finished_at: z.number(),
  pay_countdown: z.number(),
  confirm_countdown: z.number(),
  /** Until a dispute may be opened (0 when it may, or never can). */
  dispute_countdown: z.number(),
  /** Until the arbiter decides (0 when no dispute is open). */
  arbitration_countdown: z.number(),
  server_now: z.number(),
  actions: z.array(otcAction),
  events: z.array(orderEvent),
});

const adTerms = {
  /** A fixed price (required unless float_margin is given; ignored when it is). */
  price: decimal.optional(),
  /**
   * '' (the default): a fixed price. Otherwise the price floats: a percent, at most 2 decimals, from
   * -20 to 20, over the market reference (the coin's last USDT price, USDT as one dollar, times the
   * fiat rate: CNY 6.8, USD 1, EUR 0.92); rounded to the cent down for a sell ad and up for a buy ad,
   * so the owner never gains beyond the margin. An order keeps the price it opened at.
   */
  float_margin: text.default(''),
  min: decimal,
  max: decimal,
  /** Accepted pay method codes (alipay, wxpay, bank), each saved in the publisher's collection settings. */
  pay_methods: z.array(text),
  pay_limit: num(z.number().int()),
  remarks: text.default(''),
};

const listLimit = num(z.number().int().min(1).max(50)).default(10);

/** P2P: the trading hall, orders with escrow, payment voucher, timers and disputes, merchant shops. */
export const otcCalls = {
  'otc/ads': call({
    method: 'GET',
    path: 'otc/ads',
    auth: false,
    summary:
      'The trading hall: open ads of one type (1 merchants selling: the Buy tab; 2 merchants buying: the Sell tab), coin and fiat, optionally accepting a pay method and an amount (fiat) within their limits; best price first',
    payload: z.object({
      type: num(otcAdType),
      coin: text,
      fiat: text,
      pay_method: text.optional(),
      amount: decimal.optional(),
      page,
      limit: listLimit,
    }),
    answer: paged(otcAd).extend({ server_now: z.number() }),
  }),
  'otc/ad': call({
    method: 'GET',
    path: 'otc/ad',
    auth: false,
    summary: 'One ad (any status) with its merchant',
    payload: z.object({ id: num(id) }),
    answer: otcAd,
  }),
  'otc/my_ads': call({
    method: 'GET',
    path: 'otc/my_ads',
    auth: true,
    summary:
      "The signed-in merchant's ads, newest first, optionally of one status; with reference_prices, each " +
      'coin\'s market reference in each fiat (coin -> fiat -> exact decimal, "6.80"), the one a fixed price ' +
      'must stay within 20 % of (publish, edit_ad)',
    payload: z.object({ status: num(otcAdStatus).optional(), page, limit: listLimit }),
    answer: paged(otcAd).extend({
      reference_prices: z.record(z.string(), z.record(z.string(), decimal)).optional(),
    }),
  }),
  'otc/publish': call({
    method: 'POST',
    path: 'otc/publish',
    auth: true,
    toast: true,
    summary:
      "Publish an ad (sellers only, is_seller). Refused (code 0): a floating margin that is not a percent of at most 2 decimals within -20..20, a price, total or limits that are not positive decimals of the right places, max below min, a total that cannot fill one minimum order, a fixed price more than 20 % from the market reference (see Order filters), a pay method not saved in collection settings, a pay limit other than 15 or 30 minutes, remarks over 200 characters, a sell ad above the legal account's available balance",
    payload: z.object({ type: num(otcAdType), coin: text, fiat: text, total: decimal, ...adTerms }),
    answer: otcAd,
  }),
  'otc/edit_ad': call({
    method: 'POST',
    path: 'otc/edit_ad',
    auth: true,
    toast: true,
    summary:
      "Change an open or paused ad's price, limits, pay methods, pay limit and remarks (same rules as publish, " +
      'the price band included)',
    payload: z.object({ id: num(id), ...adTerms }),
    answer: otcAd,
  }),
  'otc/ad_status': call({
    method: 'POST',
    path: 'otc/ad_status',
    auth: true,
    toast: true,
    summary:
      'Open (1), pause (2) or take off shelf (3) an ad. Off shelf is final; orders already open run to their end',
    payload: z.object({ id: num(id), status: num(otcAdStatus) }),
    answer: otcAd,
  }),
  'otc/order_create': call({
    method: 'POST',
    path: 'otc/order_create',
    auth: true,
    toast: true,
    summary:
      "Open an order on an ad by fiat `amount` or coin `number` (exactly one). The seller's coins go into escrow at once. Refused (code 0): your own ad, an ad not open, a size outside the limits or above what is left, an open order on this ad already, buying after three cancellations today (the message says until when), selling without a saved pay method the ad accepts, a seller whose legal balance does not cover it",
    payload: z.object({ ad_id: num(id), amount: decimal.optional(), number: decimal.optional() }),
    answer: otcOrder,
  }),
  'otc/orders': call({
    method: 'GET',
    path: 'otc/orders',
    auth: true,
    summary:
      "The user's orders as buyer or seller, newest first; side 1 bought / 2 sold, group 1 in progress / 2 completed / 3 cancelled or abnormal",
    payload: z.object({
      side: num(z.number().int()).optional(),
      group: num(listGroup).optional(),
      page,
      limit: listLimit,
    }),
    answer: paged(otcOrder).extend({ server_now: z.number() }),
  }),
  'otc/shop_orders': call({
    method: 'GET',
    path: 'otc/shop_orders',
    auth: true,
    summary: "Orders on the signed-in merchant's ads, newest first, with the same filters as otc/orders",
    payload: z.object({
      side: num(z.number().int()).optional(),
      group: num(listGroup).optional(),
      page,
      limit: listLimit,
    }),
    answer: paged(otcOrder).extend({ server_now: z.number() }),
  }),
  'otc/order': call({
    method: 'GET',
    path: 'otc/order',
    auth: true,
    summary: "One order, the caller's own only (someone else's reads as not found)",
    payload: z.object({ id: num(id) }),
    answer: otcOrder,
  }),
  'otc/pay': call({
    method: 'POST',
    path: 'otc/pay',
    auth: true,
    toast: true,
    summary:
      'Buyer: "I have paid", with the payment voucher (an image URL from common/image_upload, the buyer\'s own). Refused without one ("please upload the payment voucher first")',
    payload: z.object({ id: num(id), voucher: text.default('') }),
    answer: otcOrder,
  }),
  'otc/cancel': call({
    method: 'POST',
    path: 'otc/cancel',
    auth: true,
    toast: true,
    summary: 'Buyer: cancel an unpaid order; the escrow returns to the seller. Counts toward three a day',
    payload: z.object({ id: num(id) }),
    answer: otcOrder,
  }),
  'otc/release': call({
    method: 'POST',
    path: 'otc/release',
    auth: true,
    toast: true,
    summary:
      'Seller: confirm the payment arrived and release the coins to the buyer (paid, delayed or disputed orders)',
    payload: z.object({ id: num(id) }),
    answer: otcOrder,
  }),
  'otc/delay': call({
    method: 'POST',
    path: 'otc/delay',
    auth: true,
    toast: true,
    summary: 'Seller: ask once for 15 more minutes to confirm, before the confirmation limit ends',
    payload: z.object({ id: num(id) }),
    answer: otcOrder,
  }),
  'otc/dispute': call({
    method: 'POST',
    path: 'otc/dispute',
    auth: true,
    toast: true,
    summary:
      "Either side: open rights protection on a paid order, 5 minutes after payment at the earliest. Buyer reasons notReleased, other; seller reasons notReceived, wrongAmount, other. The demo arbiter decides 20 minutes later: a seller's notReceived or wrongAmount is refunded to the seller (abnormal), everything else released to the buyer",
    payload: z.object({ id: num(id), reason: text }),
    answer: otcOrder,
  }),
  'otc/shop': call({
    method: 'GET',
    path: 'otc/shop',
    auth: false,
    summary: "A merchant's store card: `merchant_id`, or the signed-in user's own store without it",
    payload: z.object({ merchant_id: num(id).optional() }),
    answer: otcMerchant,
  }),
} satisfies Record<string, CallSpec>;

/** The OTC_ORDER push (private): an order the user is a party of changed; reload it. */
export const otcOrderPush = z.object({
  type: z.literal('OTC_ORDER'),
  id,
  status: otcOrderStatus,
  side: otcSide,
});
