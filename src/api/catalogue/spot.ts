import { z } from 'zod';
import * as e from '../entities.ts';
import { decimal, flag, id, num, paged, serverTime, text } from '../fields.ts';
import { call, page, type CallSpec } from './kit.ts';
import {
  ORDER_STATUS_CANCELLED,
  ORDER_STATUS_FILLED,
  ORDER_STATUS_OPEN,
  ORDER_TYPE_LIMIT,
  ORDER_TYPE_MARKET,
  ORDER_TYPE_OCO,
  ORDER_TYPE_STOP_LIMIT,
  TIME_IN_FORCE_FOK,
  TIME_IN_FORCE_GTC,
  TIME_IN_FORCE_IOC,
} from '../../domain/contract-codes.ts';

const orderType = z.union([
  z.literal(ORDER_TYPE_LIMIT),
  z.literal(ORDER_TYPE_MARKET),
  z.literal(ORDER_TYPE_STOP_LIMIT),
]);
/** What an order request may ask for: an order's type, or 3, an OCO (two orders: see tx_in/add). */
const requestType = z.union([orderType, z.literal(ORDER_TYPE_OCO)]);
const timeInForce = z.union([
  z.literal(TIME_IN_FORCE_GTC),
  z.literal(TIME_IN_FORCE_IOC),
  z.literal(TIME_IN_FORCE_FOK),
]);

/**
 * A spot order (spec §3) as every spot call answers it. Beyond the spec's fields: type (0 limit,
 * 1 market), status (1 open, 2 filled, 3 cancelled; status_name is its label), avg_price, the fee
 * and its currency (what the order receives), created_at. transacted_amount is the base quantity
 * filled, spelled in the pair's lot places as `number` is (the family's clients drop an order from
 * the open list when the two are equal), and transacted_volume the quote that changed hands.
 * created_at and updated_at travel as "YYYY-MM-DD HH:mm:ss" UTC (as the family's servers send them;
 * epoch ms is read too) and reach the app as epoch ms. A market order's price is its average fill price.
 * time_in_force and post_only (Tessera additions, optional: the family's servers send neither) say how
 * a limit order met the book, as tx_in/add describes. A stop-limit order (type 2) carries its
 * stop_price and triggered (0 while it waits, 1 once a trade triggered it and it went to the book).
 */
const spotOrder = e.spotOrder.extend({
  type: orderType,
  status: z.union([
    z.literal(ORDER_STATUS_OPEN),
    z.literal(ORDER_STATUS_FILLED),
    z.literal(ORDER_STATUS_CANCELLED),
  ]),
  avg_price: decimal,
  fee: decimal,
  fee_currency: text,
  created_at: serverTime,
  time_in_force: num(timeInForce).optional(),
  post_only: num(flag).optional(),
  stop_price: decimal.optional(),
  triggered: num(flag).optional(),
  oco_id: id.optional(),
});
export type SpotOrderAnswer = z.output<typeof spotOrder>;

const spotOrderPayload = z.object({
  currency_match_id: id,
  number: decimal,
  price: decimal.optional(),
  type: requestType.optional(),
  time_in_force: num(timeInForce).optional(),
  post_only: num(flag).optional(),
  stop_price: decimal.optional(),
  stop_limit_price: decimal.optional(),
});

const spotListPayload = z.object({
  page,
  limit: num(z.number().int().min(1).max(100)).default(10),
  currency_match_id: num(z.number().int().positive()).optional(),
});

/** One side's orders: the open ones, or with include_finished 1 every order of that side. */
const spotSideListPayload = spotListPayload.extend({
  include_finished: num(flag).optional(),
});

/** Spot orders: place, list and cancel. */
export const spotCalls = {
  'tx_in/add': call({
    method: 'POST',
    path: 'tx_in/add',
    auth: true,
    toast: true,
    summary:
      'Place a buy order: type 0 limit (price required), 1 market (price ignored; without type, no ' +
      "price means market). number finer than the pair's lot is refused, and so is an order outside the " +
      "pair's order filters (see Order filters). Locks quote; answers the order " +
      'after matching on arrival, and pushes TX_SUBMIT (and TX_MATCHED to makers it filled). ' +
      'A limit order may say how it meets the book (Tessera additions): time_in_force 0 good till ' +
      'cancelled (the default: what does not fill rests), 1 immediate or cancel (what does not fill ' +
      'at once is cancelled: the order ends filled or cancelled), 2 fill or kill (refused, with no ' +
      'order and no lock, unless the book fills all of it at once at the price); post_only 1: ' +
      'refused if any of it would trade on arrival (it only rests; with time_in_force 0 only). ' +
      'A market order with either is refused. type 2 stop-limit (a Tessera addition): stop_price and ' +
      'price required; it locks as the limit order at price does, is not matched on arrival, and ' +
      'waits: above the last trade price for a trade at or above stop_price, below it for one at or ' +
      'below (equal is refused: it would trigger at once). The first such trade of the public tape ' +
      'after it was placed triggers it, once, and its limit order goes to the book (TX_MATCHED). ' +
      'Cancelling it before or after frees its lock. stop_price on another type is refused. ' +
      "type 3 OCO, one-cancels-the-other (a Tessera addition, as Binance's): price, stop_price and " +
      'stop_limit_price required; places two orders for number, linked by oco_id (each names the other): ' +
      'a post-only limit order at price (refused if it would take) and a stop-limit order at ' +
      'stop_price with the limit stop_limit_price. A sell needs price > last trade price > stop_price, ' +
      'a buy price < last < stop_price. They share one lock (a sell: number of base; a buy: the ' +
      'costlier leg). When the limit order fills, even in part, or the stop triggers, the other is ' +
      'cancelled in the same commit; cancelling either cancels both. Answers the limit order; ' +
      'TX_SUBMIT pushes both. stop_limit_price on another type is refused',
    payload: spotOrderPayload,
    answer: spotOrder,
  }),
  'tx_out/add': call({
    method: 'POST',
    path: 'tx_out/add',
    auth: true,
    toast: true,
    summary: 'Place a sell order: as tx_in/add; locks base. Selling on pair 64 is refused',
    payload: spotOrderPayload,
    answer: spotOrder,
  }),
  'tx_in/list': call({
    method: 'GET',
    path: 'tx_in/list',
    auth: true,
    summary:
      'My open buy orders, newest first; of one pair, or of every pair without currency_match_id. ' +
      'With include_finished 1 (a Tessera addition): every buy order, open, filled or cancelled',
    payload: spotSideListPayload,
    answer: paged(spotOrder),
  }),
  'tx_out/list': call({
    method: 'GET',
    path: 'tx_out/list',
    auth: true,
    summary:
      'My open sell orders, newest first; of one pair, or of every pair without currency_match_id. ' +
      'With include_finished 1 (a Tessera addition): every sell order, open, filled or cancelled',
    payload: spotSideListPayload,
    answer: paged(spotOrder),
  }),
  'tx_history/list': call({
    method: 'GET',
    path: 'tx_history/list',
    auth: true,
    summary: 'My finished orders (filled or cancelled), latest first; of one pair or of every pair',
    payload: spotListPayload,
    answer: paged(spotOrder),
  }),
  'tx_in/cancel': call({
    method: 'POST',
    path: 'tx_in/cancel',
    alsoGet: true,
    auth: true,
    toast: true,
    summary: 'Cancel one of my open buy orders; the rest of its lock returns. Pushes TX_SUBMIT',
    payload: z.object({ id }),
    answer: spotOrder,
  }),
  'tx_out/cancel': call({
    method: 'POST',
    path: 'tx_out/cancel',
    alsoGet: true,
    auth: true,
    toast: true,
    summary: 'Cancel one of my open sell orders; the rest of its lock returns. Pushes TX_SUBMIT',
    payload: z.object({ id }),
    answer: spotOrder,
  }),
} satisfies Record<string, CallSpec>;
