import { z } from 'zod';
import {
  ALERT_FALLS,
  ALERT_FIRED,
  ALERT_MOVES,
  ALERT_RISES,
  ALERT_WAITING,
} from '../../domain/contract-codes.ts';
import { decimal, empty, id, num, text } from '../fields.ts';
import { call, ok, type CallSpec } from './kit.ts';

/**
 * Price alerts (a Tessera addition; issue 33): "tell me when a pair rises to or falls to a price", or
 * "moves by 2 % within 1 h". The exchange watches the public tape for them, so they fire with no
 * page open; each fires once, on the first trade at or through its price (a move alert: the first
 * trade that many percent away from an earlier trade of the window, either way, counting from the
 * last trade when it was set) after it was set, and cites that trade (id, price, time: check it
 * against GLOBAL_TX and market/deal). A rising alert must be above the pair's last trade and a
 * falling one below it; a move is 0.1 to 50 % within 5, 15, 60 or 240 minutes; 20 waiting alerts
 * per user at most. PRICE_ALERT (private, owner only) carries `alert`, as alert/list answers it,
 * when one fires.
 */
const priceAlert = z.object({
  id,
  currency_match_id: id,
  symbol: text,
  /** 1 rises to, 2 falls to, 3 moves by `percent` within `window`. */
  direction: z.union([z.literal(ALERT_RISES), z.literal(ALERT_FALLS), z.literal(ALERT_MOVES)]),
  /** At the pair's price places (a move alert: the last trade's price when it was set). */
  price: decimal,
  /** A move alert's percent (2 places); null on a price alert. */
  percent: decimal.nullable(),
  /** A move alert's window in minutes; null on a price alert. */
  window: z.number().int().nullable(),
  /** 0 waiting, 1 fired. */
  status: z.union([z.literal(ALERT_WAITING), z.literal(ALERT_FIRED)]),
  /** Epoch ms of the exchange's clock. */
  created_at: z.number().int(),
  /** The trade that fired it: tape id, price, epoch ms. */
  trade: z.object({ id, price: decimal, time: z.number().int() }).nullable(),
});

export const alertCalls = {
  'alert/list': call({
    method: 'GET',
    path: 'alert/list',
    auth: true,
    summary: 'My price alerts, newest first: the waiting ones and the last 50 fired',
    payload: empty,
    answer: z.array(priceAlert),
  }),
  'alert/add': call({
    method: 'POST',
    path: 'alert/add',
    auth: true,
    toast: true,
    summary:
      'Set a price alert on a pair: direction 1 (rises to, above the last trade) or 2 (falls to, ' +
      "below it) with price at the pair's price places, or 3 (moves, either way) with percent " +
      '(0.1 to 50, 2 places) and window (5, 15, 60 or 240 minutes); answers the alert',
    payload: z
      .object({
        currency_match_id: num(id),
        direction: num(z.union([z.literal(ALERT_RISES), z.literal(ALERT_FALLS), z.literal(ALERT_MOVES)])),
        price: decimal.optional(),
        percent: decimal.optional(),
        window: num(z.number().int()).optional(),
      })
      .strict(),
    answer: priceAlert,
  }),
  'alert/delete': call({
    method: 'POST',
    path: 'alert/delete',
    auth: true,
    toast: true,
    summary: 'Remove one of my alerts (waiting or fired)',
    payload: z.object({ id: num(id) }).strict(),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;
