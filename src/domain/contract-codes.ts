/**
 * The numbers the contract uses for its enums and flags (spec §3, §4, §7), named once. Every layer
 * compares and writes these names, never the bare numbers: tests/unit/domain/contract-codes.test.ts
 * fails when a code is defined twice or a bare comparison such as `.way === 1` comes back.
 *
 * A new code goes here, with its spec reference, and into CODE_GROUPS at the bottom.
 */

/** Flags (0/1): added, open_change, open_lever, open_microtrade, is_quote, is_seller, login_use_sms, storm... */
export const FLAG_OFF = 0;
export const FLAG_ON = 1;
export type Flag = typeof FLAG_OFF | typeof FLAG_ON;

/** Whether a flag is set. */
export function isOn(flag: number): boolean {
  return flag === FLAG_ON;
}

/** A boolean as the contract's flag. */
export function flagOf(on: boolean): Flag {
  return on ? FLAG_ON : FLAG_OFF;
}

/** A spot order's side, `way` (spec §3 "Spot order": 1 buy, 2 sell). */
export const WAY_BUY = 1;
export const WAY_SELL = 2;
export type Way = typeof WAY_BUY | typeof WAY_SELL;

/**
 * A trade of the tape, its taker's side (spec §3 "Completed or recent trade": way 2 = green buy).
 * Numbered the other way round from a spot order's way: never compare one with the other's names.
 */
export const TAPE_WAY_SELL = 1;
export const TAPE_WAY_BUY = 2;
export type TapeWay = typeof TAPE_WAY_SELL | typeof TAPE_WAY_BUY;

/**
 * A spot order's `type`, the entry mode (spec §4: limit 0, market 1; Tessera adds 2 stop-limit: a
 * limit order that waits for a trade at or through its stop price, then goes to the book).
 */
export const ORDER_TYPE_LIMIT = 0;
export const ORDER_TYPE_MARKET = 1;
export const ORDER_TYPE_STOP_LIMIT = 2;
/**
 * 3 OCO, one-cancels-the-other (a Tessera addition, as Binance's): a request only. It places two
 * orders, a limit leg (type 0) and a stop-limit leg (type 2), linked by `oco_id`; no order is of type 3.
 */
export const ORDER_TYPE_OCO = 3;
export type OrderType =
  typeof ORDER_TYPE_LIMIT | typeof ORDER_TYPE_MARKET | typeof ORDER_TYPE_STOP_LIMIT | typeof ORDER_TYPE_OCO;

/**
 * A limit order's `time_in_force` (a Tessera addition, numbered as Binance names them): 0 good till
 * cancelled (what is not filled rests), 1 immediate or cancel (what is not filled at once is
 * cancelled), 2 fill or kill (filled entirely at once, or refused and nothing happens).
 */
export const TIME_IN_FORCE_GTC = 0;
export const TIME_IN_FORCE_IOC = 1;
export const TIME_IN_FORCE_FOK = 2;
export type TimeInForce = typeof TIME_IN_FORCE_GTC | typeof TIME_IN_FORCE_IOC | typeof TIME_IN_FORCE_FOK;

/**
 * A spot order's `status`. The spec shows only status_name; Tessera's catalogue numbers them
 * (docs/api.md): 1 open (resting or being matched), 2 filled, 3 cancelled (possibly partly filled).
 */
export const ORDER_STATUS_OPEN = 1;
export const ORDER_STATUS_FILLED = 2;
export const ORDER_STATUS_CANCELLED = 3;
export type OrderStatus =
  typeof ORDER_STATUS_OPEN | typeof ORDER_STATUS_FILLED | typeof ORDER_STATUS_CANCELLED;
/** The statuses of an order that has ended. */
export type EndedOrderStatus = typeof ORDER_STATUS_FILLED | typeof ORDER_STATUS_CANCELLED;

/** Real-name `review_status` (spec §3 User info, §4: 0 none (show the form), 1 pending, 2 approved). */
export const REVIEW_STATUS_NONE = 0;
export const REVIEW_STATUS_PENDING = 1;
export const REVIEW_STATUS_APPROVED = 2;
export type ReviewStatus =
  typeof REVIEW_STATUS_NONE | typeof REVIEW_STATUS_PENDING | typeof REVIEW_STATUS_APPROVED;

/**
 * account/detail's `account_type_id` (spec §7 Wallet: 1 on the spot page, the trade (change)
 * account). The other four are Tessera's: the spec shows only the first.
 */
export const ACCOUNT_TYPE_TRADE = 1;
export const ACCOUNT_TYPE_LEGAL = 2;
export const ACCOUNT_TYPE_LEVER = 3;
export const ACCOUNT_TYPE_MICRO = 4;
export const ACCOUNT_TYPE_FINANCIAL = 5;
export type AccountTypeId =
  | typeof ACCOUNT_TYPE_TRADE
  | typeof ACCOUNT_TYPE_LEGAL
  | typeof ACCOUNT_TYPE_LEVER
  | typeof ACCOUNT_TYPE_MICRO
  | typeof ACCOUNT_TYPE_FINANCIAL;

/**
 * wallet/deposits' `status` (Tessera's: the spec shows the rule, spec §9, not the codes): seen and
 * waiting for its first confirmation; credited (tradable, not yet withdrawable); withdrawable after 6
 * confirmations; below the minimum, recorded and never credited.
 */
export const DEPOSIT_STATUS_PENDING = 0;
export const DEPOSIT_STATUS_CREDITED = 1;
export const DEPOSIT_STATUS_WITHDRAWABLE = 2;
export const DEPOSIT_STATUS_NOT_CREDITED = 3;
export type DepositStatus =
  | typeof DEPOSIT_STATUS_PENDING
  | typeof DEPOSIT_STATUS_CREDITED
  | typeof DEPOSIT_STATUS_WITHDRAWABLE
  | typeof DEPOSIT_STATUS_NOT_CREDITED;

/** account/draw_list's `status` (Tessera's): in review (cancellable), broadcast, confirmed, cancelled. */
export const WITHDRAWAL_STATUS_REVIEW = 0;
export const WITHDRAWAL_STATUS_BROADCAST = 1;
export const WITHDRAWAL_STATUS_CONFIRMED = 2;
export const WITHDRAWAL_STATUS_CANCELLED = 3;
export type WithdrawalStatusCode =
  | typeof WITHDRAWAL_STATUS_REVIEW
  | typeof WITHDRAWAL_STATUS_BROADCAST
  | typeof WITHDRAWAL_STATUS_CONFIRMED
  | typeof WITHDRAWAL_STATUS_CANCELLED;

/**
 * The `type` of notify/send_sms and notify/send_email, what a verification code is for (spec §7:
 * 1 register, 2 forgot, 3 trade password, 5 login). 4, binding an e-mail (sms_mail), is Tessera's:
 * the spec leaves that legacy call's payload open.
 */
export const CODE_PURPOSE_REGISTER = 1;
export const CODE_PURPOSE_FORGOT_PASSWORD = 2;
export const CODE_PURPOSE_PAY_PASSWORD = 3;
export const CODE_PURPOSE_BIND_EMAIL = 4;
export const CODE_PURPOSE_LOGIN = 5;
/** 6, binding a withdrawal address (address/send_code), is Tessera's: the spec's service is separate. */
export const CODE_PURPOSE_BIND_ADDRESS = 6;
export type CodePurpose =
  | typeof CODE_PURPOSE_REGISTER
  | typeof CODE_PURPOSE_FORGOT_PASSWORD
  | typeof CODE_PURPOSE_PAY_PASSWORD
  | typeof CODE_PURPOSE_BIND_EMAIL
  | typeof CODE_PURPOSE_LOGIN
  | typeof CODE_PURPOSE_BIND_ADDRESS;

/** A lever position's `type` (spec §3, §4: 1 long, 2 short). */
export const LEVER_TYPE_LONG = 1;
export const LEVER_TYPE_SHORT = 2;
export type LeverType = typeof LEVER_TYPE_LONG | typeof LEVER_TYPE_SHORT;

/** lever/submit's `status`, its price mode (spec §4: 1 market price, 0 fixed price). */
export const LEVER_PRICE_FIXED = 0;
export const LEVER_PRICE_MARKET = 1;
export type LeverPriceMode = typeof LEVER_PRICE_FIXED | typeof LEVER_PRICE_MARKET;

/**
 * A lever position's `status` (spec §4 labels pending, dealing, closing, closed, cancelled; the
 * numbers are the issue's): 0 a pending fixed-price order (bond and fee locked), 1 open, 2 closing
 * (being closed: never seen at rest in Tessera, whose closes are atomic), 3 closed, 4 cancelled.
 */
export const LEVER_STATUS_PENDING = 0;
export const LEVER_STATUS_OPEN = 1;
export const LEVER_STATUS_CLOSING = 2;
export const LEVER_STATUS_CLOSED = 3;
export const LEVER_STATUS_CANCELLED = 4;
export type LeverStatus =
  | typeof LEVER_STATUS_PENDING
  | typeof LEVER_STATUS_OPEN
  | typeof LEVER_STATUS_CLOSING
  | typeof LEVER_STATUS_CLOSED
  | typeof LEVER_STATUS_CANCELLED;

/**
 * lever/my_trade's list filters besides the statuses (spec §2 Lever history tabs): 5 the current
 * positions (open, on every pair), 6 the delegation view (pending and open, on every pair).
 */
export const LEVER_LIST_CURRENT = 5;
export const LEVER_LIST_DELEGATION = 6;
export type LeverListFilter = LeverStatus | typeof LEVER_LIST_CURRENT | typeof LEVER_LIST_DELEGATION;

/**
 * Why a lever position closed, its `close_reason`: 1 the user (close, close all), 2 liquidation,
 * 3 take-profit, 4 stop-loss. 0 (Tessera's) while it has not closed.
 */
export const LEVER_CLOSE_NONE = 0;
export const LEVER_CLOSE_USER = 1;
export const LEVER_CLOSE_LIQUIDATION = 2;
export const LEVER_CLOSE_TAKE_PROFIT = 3;
export const LEVER_CLOSE_STOP_LOSS = 4;
export type LeverCloseReason =
  | typeof LEVER_CLOSE_NONE
  | typeof LEVER_CLOSE_USER
  | typeof LEVER_CLOSE_LIQUIDATION
  | typeof LEVER_CLOSE_TAKE_PROFIT
  | typeof LEVER_CLOSE_STOP_LOSS;

/** lever/batch_close's `type`: close all (0), the longs (1) or the shorts (2). */
export const BATCH_CLOSE_ALL = 0;
export const BATCH_CLOSE_LONGS = 1;
export const BATCH_CLOSE_SHORTS = 2;
export type BatchCloseType = typeof BATCH_CLOSE_ALL | typeof BATCH_CLOSE_LONGS | typeof BATCH_CLOSE_SHORTS;

/** A micro contract's `type` (spec §3: 1 up, 2 down). */
export const MICRO_TYPE_UP = 1;
export const MICRO_TYPE_DOWN = 2;
export type MicroType = typeof MICRO_TYPE_UP | typeof MICRO_TYPE_DOWN;

/** A micro contract's `status` (spec §3, §4: 1 running, 3 closed). */
export const MICRO_STATUS_RUNNING = 1;
export const MICRO_STATUS_CLOSED = 3;
export type MicroStatus = typeof MICRO_STATUS_RUNNING | typeof MICRO_STATUS_CLOSED;

/** An earnings holding's `status` (Tessera's: the spec names savings states by labels only). */
export const HOLDING_STATUS_ACTIVE = 1;
export const HOLDING_STATUS_MATURED = 2;
export const HOLDING_STATUS_REDEEMED = 3;
export type HoldingStatus =
  typeof HOLDING_STATUS_ACTIVE | typeof HOLDING_STATUS_MATURED | typeof HOLDING_STATUS_REDEEMED;

/**
 * P2P (otc/; the spec names these by labels only, the numbers are Tessera's). An ad's
 * `type` is the publisher's side: 1 the merchant sells (the hall's Buy tab), 2 the merchant buys.
 */
export const OTC_AD_SELL = 1;
export const OTC_AD_BUY = 2;
export type OtcAdType = typeof OTC_AD_SELL | typeof OTC_AD_BUY;

/** A P2P ad's `status` (spec §4 labels: open, paused, off shelf). */
export const OTC_AD_OPEN = 1;
export const OTC_AD_PAUSED = 2;
export const OTC_AD_OFF_SHELF = 3;
export type OtcAdStatus = typeof OTC_AD_OPEN | typeof OTC_AD_PAUSED | typeof OTC_AD_OFF_SHELF;

/**
 * A P2P order's `status` (spec §4 labels): 1 pending payment, 2 paid, 3 delay confirmation,
 * 4 rights protection (disputed), 5 completed, 6 cancelled, 7 abnormal (refunded by the arbiter).
 */
export const OTC_ORDER_UNPAID = 1;
export const OTC_ORDER_PAID = 2;
export const OTC_ORDER_DELAYED = 3;
export const OTC_ORDER_DISPUTED = 4;
export const OTC_ORDER_COMPLETED = 5;
export const OTC_ORDER_CANCELLED = 6;
export const OTC_ORDER_ABNORMAL = 7;
export type OtcOrderStatus =
  | typeof OTC_ORDER_UNPAID
  | typeof OTC_ORDER_PAID
  | typeof OTC_ORDER_DELAYED
  | typeof OTC_ORDER_DISPUTED
  | typeof OTC_ORDER_COMPLETED
  | typeof OTC_ORDER_CANCELLED
  | typeof OTC_ORDER_ABNORMAL;

/** The viewer's side of a P2P order, its `side`: 1 buyer, 2 seller. */
export const OTC_SIDE_BUYER = 1;
export const OTC_SIDE_SELLER = 2;
export type OtcSide = typeof OTC_SIDE_BUYER | typeof OTC_SIDE_SELLER;

/** otc/orders' `group` filter: 1 open (in progress), 2 completed, 3 cancelled or abnormal. */
export const OTC_LIST_OPEN = 1;
export const OTC_LIST_COMPLETED = 2;
export const OTC_LIST_ENDED = 3;
export type OtcListGroup = typeof OTC_LIST_OPEN | typeof OTC_LIST_COMPLETED | typeof OTC_LIST_ENDED;

/**
 * A price alert's `direction` (alert/add, a Tessera addition): 1 rises to, 2 falls to, 3 moves by a
 * percent within a window (either way).
 */
export const ALERT_RISES = 1;
export const ALERT_FALLS = 2;
export const ALERT_MOVES = 3;

/** A price alert's `status`: 0 waiting, 1 fired. */
export const ALERT_WAITING = 0;
export const ALERT_FIRED = 1;

/** Every code by the enum it belongs to; a value appears once per group (the test checks it). */
export const CODE_GROUPS = {
  flag: { FLAG_OFF, FLAG_ON },
  way: { WAY_BUY, WAY_SELL },
  tapeWay: { TAPE_WAY_SELL, TAPE_WAY_BUY },
  orderType: { ORDER_TYPE_LIMIT, ORDER_TYPE_MARKET, ORDER_TYPE_STOP_LIMIT, ORDER_TYPE_OCO },
  timeInForce: { TIME_IN_FORCE_GTC, TIME_IN_FORCE_IOC, TIME_IN_FORCE_FOK },
  orderStatus: { ORDER_STATUS_OPEN, ORDER_STATUS_FILLED, ORDER_STATUS_CANCELLED },
  reviewStatus: { REVIEW_STATUS_NONE, REVIEW_STATUS_PENDING, REVIEW_STATUS_APPROVED },
  accountType: {
    ACCOUNT_TYPE_TRADE,
    ACCOUNT_TYPE_LEGAL,
    ACCOUNT_TYPE_LEVER,
    ACCOUNT_TYPE_MICRO,
    ACCOUNT_TYPE_FINANCIAL,
  },
  depositStatus: {
    DEPOSIT_STATUS_PENDING,
    DEPOSIT_STATUS_CREDITED,
    DEPOSIT_STATUS_WITHDRAWABLE,
    DEPOSIT_STATUS_NOT_CREDITED,
  },
  withdrawalStatus: {
    WITHDRAWAL_STATUS_REVIEW,
    WITHDRAWAL_STATUS_BROADCAST,
    WITHDRAWAL_STATUS_CONFIRMED,
    WITHDRAWAL_STATUS_CANCELLED,
  },
  codePurpose: {
    CODE_PURPOSE_REGISTER,
    CODE_PURPOSE_FORGOT_PASSWORD,
    CODE_PURPOSE_PAY_PASSWORD,
    CODE_PURPOSE_BIND_EMAIL,
    CODE_PURPOSE_LOGIN,
    CODE_PURPOSE_BIND_ADDRESS,
  },
  leverType: { LEVER_TYPE_LONG, LEVER_TYPE_SHORT },
  alertDirection: { ALERT_RISES, ALERT_FALLS, ALERT_MOVES },
  alertStatus: { ALERT_WAITING, ALERT_FIRED },
  leverPriceMode: { LEVER_PRICE_FIXED, LEVER_PRICE_MARKET },
  leverStatus: {
    LEVER_STATUS_PENDING,
    LEVER_STATUS_OPEN,
    LEVER_STATUS_CLOSING,
    LEVER_STATUS_CLOSED,
    LEVER_STATUS_CANCELLED,
  },
  leverList: { LEVER_LIST_CURRENT, LEVER_LIST_DELEGATION },
  leverCloseReason: {
    LEVER_CLOSE_NONE,
    LEVER_CLOSE_USER,
    LEVER_CLOSE_LIQUIDATION,
    LEVER_CLOSE_TAKE_PROFIT,
    LEVER_CLOSE_STOP_LOSS,
  },
  batchClose: { BATCH_CLOSE_ALL, BATCH_CLOSE_LONGS, BATCH_CLOSE_SHORTS },
  microType: { MICRO_TYPE_UP, MICRO_TYPE_DOWN },
  microStatus: { MICRO_STATUS_RUNNING, MICRO_STATUS_CLOSED },
  holdingStatus: { HOLDING_STATUS_ACTIVE, HOLDING_STATUS_MATURED, HOLDING_STATUS_REDEEMED },
  otcAdType: { OTC_AD_SELL, OTC_AD_BUY },
  otcAdStatus: { OTC_AD_OPEN, OTC_AD_PAUSED, OTC_AD_OFF_SHELF },
  otcOrderStatus: {
    OTC_ORDER_UNPAID,
    OTC_ORDER_PAID,
    OTC_ORDER_DELAYED,
    OTC_ORDER_DISPUTED,
    OTC_ORDER_COMPLETED,
    OTC_ORDER_CANCELLED,
    OTC_ORDER_ABNORMAL,
  },
  otcSide: { OTC_SIDE_BUYER, OTC_SIDE_SELLER },
  otcListGroup: { OTC_LIST_OPEN, OTC_LIST_COMPLETED, OTC_LIST_ENDED },
} as const;
