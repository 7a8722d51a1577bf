import { z } from 'zod';
import { ALERT_FALLS, ALERT_FIRED, ALERT_RISES, ALERT_WAITING } from '../../domain/contract-codes.ts';
import { decimal, empty, id, num, text } from '../fields.ts';
import { call, ok, type CallSpec } from './kit.ts';

/**
 * Price alerts (a Tessera addition; issue 33): "tell me when a pair rises to or falls to a price".
 * The exchange watches the public tape for them, so they fire with no page open; each fires once,
 * on the first trade at or through its price after it was set, and cites that trade (id, price,
 * time: check it against GLOBAL_TX and market/deal). A rising alert must be above the pair's last
 * trade and a falling one below it; 20 waiting alerts per user at most. PRICE_ALERT (private, owner
 * only) carries `alert`, as alert/list answers it, when one fires.
 */
const priceAlert = z.object({
  id,
  currency_match_id: id,
  symbol: text,
  /** 1 rises to, 2 falls to. */
  direction: z.union([z.literal(ALERT_RISES), z.literal(ALERT_FALLS)]),
  /** At the pair's price places. */
  price: decimal,
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
      "below it), price at the pair's price places; answers the alert",
    payload: z
      .object({
        currency_match_id: num(id),
        direction: num(z.union([z.literal(ALERT_RISES), z.literal(ALERT_FALLS)])),
        price: decimal,
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
