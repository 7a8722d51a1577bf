import { z } from 'zod';
import { completedTrade, depth, klineBar, quotation } from '../api/entities.ts';
import { decimal, flag, id, text } from '../api/fields.ts';

/**
 * Typed payloads of the public market channels. The socket is a contract boundary like any
 * answer, so frames are checked with the catalogue's own entity schemas (spec §3 field names;
 * decimals normalised to strings even if a server sends numbers) and a frame that does not
 * match is dropped rather than rendered half-wrong.
 *
 * Wire shapes (what a server, the simulator included, must send):
 *   DAY_MARKET   { type, symbol, currency_match_id, quotation: { close, change, high, low, volume } }
 *   MARKET_DEPTH { type, symbol, depth: { in: bids[], out: asks[] } }     entries {index, price, number, amount, total}
 *   GLOBAL_TX    { type, symbol, completes: [{ time, price, number, way }] }
 *   KLINE        { type, symbol, kline: { time, open, high, low, close, volume, period } }
 *   SIM_CLOCK    { type, speed, now, chosen, paused }   (simulator only: how fast simulated time runs
 *                now, 0 while paused; simulated time in ms; the speed chosen; whether paused)
 *   BALANCE      { type, account, currency_id, balance, lock_balance }   (private: the owner's
 *                balance of one account after it moved; account is change|legal|lever|micro|financial)
 * The private pushes (TX_*, LEVER_*, MICRO_CLOSED) stay untyped frames until a view needs them.
 */

export type Quotation = z.output<typeof quotation>;
export type BookEntry = Depth['in'][number];
export type Depth = z.output<typeof depth>;
export type CompletedTrade = z.output<typeof completedTrade>;
export type KlineBar = z.output<typeof klineBar>;

/** One pair's 24 h quote, as DAY_MARKET delivers it. */
export type Quote = Quotation & { symbol: string };

// Spec §3 puts currency_match_id beside the quotation in a live update; the quotation entity
// carries it inside, and the family's servers as quotation.id. Accept any of the three places.
export const dayMarketFrame = z
  .object({
    type: z.literal('DAY_MARKET'),
    symbol: text,
    currency_match_id: id.optional(),
    // The family's servers name the pair in the quotation as `id`: a third place.
    quotation: quotation.partial({ currency_match_id: true }).extend({ id: id.optional() }),
  })
  .transform((frame, ctx): Quote => {
    const { id: quotedId, ...quoted } = frame.quotation;
    const matchId = frame.currency_match_id ?? quoted.currency_match_id ?? quotedId;
    if (matchId === undefined) {
      ctx.addIssue({ code: 'custom', message: 'DAY_MARKET frame without currency_match_id' });
      return z.NEVER;
    }
    return { ...quoted, currency_match_id: matchId, symbol: frame.symbol };
  });

export const depthFrame = z.object({ type: z.literal('MARKET_DEPTH'), symbol: text, depth });

export const globalTxFrame = z.object({
  type: z.literal('GLOBAL_TX'),
  symbol: text,
  completes: z.array(completedTrade),
});

/** Simulator only: the demo clock, pushed when its speed changes and about once a second. */
export const simClockFrame = z.object({
  type: z.literal('SIM_CLOCK'),
  speed: z.number().min(0).max(60),
  now: z.number(),
  chosen: z.number().min(0.5).max(60).optional(),
  paused: flag.optional(),
});
export type SimClock = z.output<typeof simClockFrame>;

export const klineFrame = z.object({ type: z.literal('KLINE'), symbol: text, kline: klineBar });

/** Private: one account's balance of one currency after a movement (deposit, transfer, order...). */
export const balanceFrame = z.object({
  type: z.literal('BALANCE'),
  account: z.enum(['change', 'legal', 'lever', 'micro', 'financial']),
  currency_id: id,
  balance: decimal,
  lock_balance: decimal,
});
export type BalancePush = z.output<typeof balanceFrame>;
