import { z } from 'zod';
import * as e from '../entities.ts';
import { decimal, id, num, paged, text } from '../fields.ts';
import { call, page, type CallSpec } from './kit.ts';
import {
  BATCH_CLOSE_ALL,
  BATCH_CLOSE_LONGS,
  BATCH_CLOSE_SHORTS,
  LEVER_LIST_CURRENT,
  LEVER_LIST_DELEGATION,
  LEVER_PRICE_FIXED,
  LEVER_PRICE_MARKET,
  LEVER_STATUS_CANCELLED,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_CLOSING,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
} from '../../domain/contract-codes.ts';

/**
 * Lever: long and short positions with take-profit, stop-loss and liquidation, on the lever account
 * of the pair's quote currency (cross margin per quote currency). The rules (src/domain/lever/*):
 *
 * - Terms from market/currency_matches: open_lever, lever_share_num (base units per lot),
 *   lever_min_share / lever_max_share (lots per order), lever_multiples (= lever/deal multiple.muit),
 *   lever_fee_rate (ratio), lever_point_rate (spread, percent), lever_overnight_rate (ratio).
 * - Market order: entry = last trade x (1 + point/100) for a long, x (1 - point/100) for a short,
 *   rounded to the pair's price decimals (up for a long, down for a short). number = share x
 *   lever_share_num; bond = entry x number / multiple; fee = entry x number x fee rate (both in the
 *   quote currency, 8 decimals, rounded up). Both leave the lever account when it opens; the fee
 *   goes to the exchange's fee book, the bond is locked.
 * - Fixed-price order (status 0 in lever/submit): a long must be below the last trade, a short
 *   above. It rests with bond and fee locked (computed at its price) and opens at exactly its price
 *   on the first tape trade at or below it (long) or at or above it (short). lever/cancel unlocks.
 * - PnL = (mark - entry) x number for a long, (entry - mark) x number for a short; the mark is the
 *   pair's last tape trade, and no spread is applied on close. Closing pays bond + PnL back to the
 *   lever account; a loss beyond the bond is taken from the free balance, and what the balance
 *   cannot pay comes from the exchange's insurance book: no balance ever goes negative.
 * - hazard_rate = (free balance + sum of bonds + sum of PnL) / sum of bonds x 100 per quote
 *   currency. At or below liquidation_rate (50 %) the position with the largest loss (then the
 *   lowest id) is liquidated at the mark, and the rate is checked again, until it is above or none
 *   is left. liquidation_price is the mark at which that happens to a position, others staying put.
 * - Take-profit / stop-loss: for a long TP above both entry and last price, SL below both (and
 *   above 0); reversed for a short; '0' clears one. Fired by a tape trade at or through it.
 * - The simulator checks once a second, trade by trade in tape order: fixed-price orders first, then
 *   take-profit / stop-loss, then liquidation; each close cites its trade (close_trade).
 * - Overnight: at each 00:00 UTC (simulated) an open position pays mark x number x
 *   lever_overnight_rate from its bond (caution_money), shown as overnight_money.
 *
 * Pushes (private, owner only):
 *   LEVER_TRADE  { type, currency_id, currency_code, hazard_rate, profits_all, caution_money_all,
 *                  origin_caution_money_all, trades_all: position[] }  one per quote currency with
 *                  open positions, every second, and after every change.
 *   LEVER_CLOSED { type, ids: number[], trades: position[] }  positions that closed or were
 *                  cancelled (trades as lever/my_trade answers them).
 * A BALANCE push follows every change of the lever account.
 */
const leverType = num(z.union([z.literal(LEVER_TYPE_LONG), z.literal(LEVER_TYPE_SHORT)]));

export const leverCalls = {
  'lever/submit': call({
    method: 'POST',
    path: 'lever/submit',
    auth: true,
    toast: true,
    summary:
      'Open a long (1) or short (2) position: at the market (status 1) or at a fixed price (status 0), ' +
      "below the last price for a long, above it for a short, and at most the pair's lever_price_band " +
      'percent from it (see Order filters); optionally with a take-profit and a stop-loss',
    payload: z.object({
      share: num(z.number().int().positive()),
      multiple: num(z.number().int().positive()),
      currency_match_id: num(id),
      type: leverType,
      status: num(z.union([z.literal(LEVER_PRICE_FIXED), z.literal(LEVER_PRICE_MARKET)])),
      /** The fixed price; required with status 0, ignored with status 1. */
      target_price: decimal.optional(),
      /**
       * Tessera: a take-profit and a stop-loss set with the order ('0' or absent: none), on the
       * sides lever/setstop keeps to, against the entry the order gets and the last price;
       * refused otherwise, and nothing is placed.
       */
      target_profit_price: decimal.optional(),
      stop_loss_price: decimal.optional(),
      /**
       * Tessera: 1 makes it reduce-only: at market and without stops, it closes `share` lots of the
       * user's positions on the pair on the other side (a short reduces longs), oldest first, the
       * last one reached in part, cut to what they hold; it never opens a position. Refused with
       * nothing to reduce, with a fixed price or with stops. Answers the last row it closed.
       */
      reduce_only: num(z.union([z.literal(0), z.literal(1)])).optional(),
      /** The trade password, when the user has set one. */
      password: text.optional(),
    }),
    answer: e.leverPosition,
  }),
  'lever/cancel': call({
    method: 'POST',
    path: 'lever/cancel',
    auth: true,
    toast: true,
    summary: 'Cancel a pending fixed-price order (status 0): its bond and fee unlock',
    payload: z.object({ id: num(id) }),
    answer: e.leverPosition,
  }),
  'lever/close': call({
    method: 'POST',
    path: 'lever/close',
    auth: true,
    toast: true,
    summary:
      'Close an open position at the market (close_reason 1), or `share` lots of it: the part closes as ' +
      'a position of its own (its part_of names the position) with its share of the bond, fee and ' +
      'overnight fees (rounded down), and the position keeps the rest; answers the closed position or part. ' +
      "With `price`: places the position's one close order instead (replacing any), `share` lots (absent: all) " +
      'to close on the first tape trade at or above `price` for a long, at or below for a short, at that ' +
      "trade's price, recorded like a close at market; the price must be beyond the last trade on that side " +
      "and on the pair's tick; price '0' cancels it; answers the position with close_order_share and close_order_price",
    payload: z.object({
      id: num(id),
      /** Tessera: lots to close, 1 to the position's share (absent: all of it). */
      share: num(z.number().int().positive()).optional(),
      /** Tessera: close at this price (a resting close order) instead of at the market; '0' cancels it. */
      price: decimal.optional(),
    }),
    answer: e.leverPosition,
  }),
  'lever/setstop': call({
    method: 'POST',
    path: 'lever/setstop',
    auth: true,
    toast: true,
    summary: "Set a position's or pending order's take-profit and stop-loss prices ('0' clears one)",
    payload: z.object({ id: num(id), target_profit_price: decimal, stop_loss_price: decimal }),
    answer: e.leverPosition,
  }),
  'lever/deal': call({
    method: 'POST',
    path: 'lever/deal',
    auth: true,
    summary: 'My open positions on a pair, the lever balance of its quote currency and the multiples',
    payload: z.object({ currency_match_id: num(id) }),
    answer: z.object({
      my_transaction: z.array(e.leverPosition),
      /** The free lever balance of the pair's quote currency. */
      user_lever: decimal,
      multiple: z.object({ muit: z.array(z.object({ value: z.number().int() })) }),
      /** Tessera: the lever account of the pair's quote currency. */
      account: e.leverAccountSummary,
    }),
  }),
  'lever/dealall': call({
    method: 'POST',
    path: 'lever/dealall',
    auth: true,
    summary:
      'The delegation view on a pair: my pending orders and open positions, newest first (10 a page; ' +
      "`order.last_page` says how many). profits_all is the quote currency's lever account PnL, " +
      "profits_total the PnL of this pair's positions (the family's clients show it)",
    payload: z.object({ currency_match_id: num(id), page }),
    answer: z.object({
      order: z.object({
        data: z.array(e.leverPosition),
        total: z.number().int(),
        per_page: z.number().int(),
        current_page: z.number().int().optional(),
        last_page: z.number().int().optional(),
      }),
      hazard_rate: decimal,
      profits_all: decimal,
      profits_total: decimal.optional(),
    }),
  }),
  'lever/my_trade': call({
    method: 'POST',
    path: 'lever/my_trade',
    auth: true,
    summary:
      'My lever trades on every pair, newest first: 0 pending, 1 open, 2 closing, 3 closed, 4 cancelled, ' +
      '5 current positions (open), 6 delegation (every order placed, whatever its status)',
    payload: z.object({
      status: num(
        z.union([
          z.literal(LEVER_STATUS_PENDING),
          z.literal(LEVER_STATUS_OPEN),
          z.literal(LEVER_STATUS_CLOSING),
          z.literal(LEVER_STATUS_CLOSED),
          z.literal(LEVER_STATUS_CANCELLED),
          z.literal(LEVER_LIST_CURRENT),
          z.literal(LEVER_LIST_DELEGATION),
        ]),
      ),
      page,
      /** Tessera: one pair only (0 or absent: every pair). */
      currency_match_id: num(id).optional(),
    }),
    answer: paged(e.leverPosition),
  }),
  'lever/batch_close': call({
    method: 'POST',
    path: 'lever/batch_close',
    auth: true,
    toast: true,
    summary: 'Close all (0), the longs (1) or the shorts (2) of my open positions on a pair, at the market',
    payload: z.object({
      type: num(
        z.union([z.literal(BATCH_CLOSE_ALL), z.literal(BATCH_CLOSE_LONGS), z.literal(BATCH_CLOSE_SHORTS)]),
      ),
      currency_match_id: num(id),
    }),
    answer: z.object({ ids: z.array(z.number().int()), trades: z.array(e.leverPosition) }),
  }),
  'lever/account': call({
    method: 'GET',
    path: 'lever/account',
    auth: true,
    summary:
      'Tessera: my lever accounts by quote currency: balance, margin in use, unrealised PnL, hazard rate, ' +
      'liquidation threshold and what a transfer out may take',
    payload: z.object({ currency_id: num(id).optional() }),
    answer: z.array(e.leverAccountSummary),
  }),
} satisfies Record<string, CallSpec>;

/** The LEVER_TRADE push (private): one quote currency's lever account with the owner's positions. */
export const leverTradePush = z.object({
  type: z.literal('LEVER_TRADE'),
  /** The pair this copy is for: one copy per pair the owner holds positions in (all alike else). */
  currency_match_id: id.optional(),
  currency_id: id,
  currency_code: text,
  hazard_rate: decimal,
  profits_all: decimal,
  caution_money_all: decimal,
  origin_caution_money_all: decimal,
  trades_all: z.array(e.leverPosition),
});

/** The LEVER_CLOSED push (private): positions closed or orders cancelled, with their final state. */
export const leverClosedPush = z.object({
  type: z.literal('LEVER_CLOSED'),
  /** The closed ids as the family's clients read them (`id.forEach`); `ids` is the same list. */
  id: z.array(z.number().int()).optional(),
  ids: z.array(z.number().int()).optional(),
  trades: z.array(e.leverPosition),
});
