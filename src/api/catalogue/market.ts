import { z } from 'zod';
import * as e from '../entities.ts';
import { empty, num, text } from '../fields.ts';
import { call, type CallSpec } from './kit.ts';

/** Public market data: pairs and quotes, a pair's depth and tape, candles. */
export const marketCalls = {
  'market/currency_matches': call({
    method: 'GET',
    path: 'market/currency_matches',
    auth: false,
    summary: 'Quote groups with their pairs and quotes',
    payload: empty,
    answer: z.array(e.quoteGroup),
  }),
  'market/deal': call({
    method: 'GET',
    path: 'market/deal',
    auth: false,
    summary: 'Quote, depth (in = bids, out = asks) and the last 30 trades, newest first',
    payload: z.object({ currency_match_id: num(z.number().int()) }),
    answer: e.dealSnapshot,
  }),
  'market/kline': call({
    method: 'GET',
    path: 'market/kline',
    auth: false,
    summary:
      'Candles of a pair between two times (seconds); bar time is its open, in ms. Without `from` and `to` ' +
      "(the family's chart sends only currency_match_id and period), the latest 360 bars up to now; without " +
      "`from` alone, the 360 bars before `to`. Without `period` (the family's home chart sends only " +
      "currency_match_id), 1-minute bars. `symbol`, when sent, must be the pair's",
    payload: z.object({
      from: num(z.number()).optional(),
      to: num(z.number()).optional(),
      symbol: text.optional(),
      period: z.enum(['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon']).default('1min'),
      currency_match_id: num(z.number().int()),
    }),
    answer: z.array(e.klineBar),
  }),
} satisfies Record<string, CallSpec>;
