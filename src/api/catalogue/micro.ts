import { z } from 'zod';
import * as e from '../entities.ts';
import { decimal, empty, id, num, paged, text } from '../fields.ts';
import { call, page, type CallSpec } from './kit.ts';
import {
  MICRO_STATUS_CLOSED,
  MICRO_STATUS_RUNNING,
  MICRO_TYPE_DOWN,
  MICRO_TYPE_UP,
} from '../../domain/contract-codes.ts';

/**
 * Micro: fixed-time up/down contracts, settled on the public tape. A contract opens at the last
 * trade of its pair when accepted and closes at the last trade at or before its expiry; every
 * answer cites both trades (open_trade, end_trade: id, time, price) so anyone can check them
 * against GLOBAL_TX and market/deal. Rules: up wins if end > open, down if end < open, a tie
 * refunds the stake (the fee is kept); a win pays stake x (1 + profit_ratio).
 * MICRO_CLOSED (private, owner only) carries `order`: the closed contract, as microtrade/lists answers it.
 */
export const microCalls = {
  'microtrade/payable_currencies': call({
    method: 'GET',
    path: 'microtrade/payable_currencies',
    auth: true,
    summary: 'Currencies a contract can be paid in, with the micro account balance and quantity presets',
    payload: empty,
    answer: z.array(
      z.object({
        id,
        code: text,
        micro_account: z.object({ balance: decimal, lock_balance: decimal }),
        micro_numbers: z.array(z.object({ number: decimal })),
        /** Smallest and largest stake, and the decimals a stake may have. */
        micro_min: decimal,
        micro_max: decimal,
        micro_decimals: z.number().int(),
        /** The fee, percent of the stake, paid besides it. */
        fee_rate: decimal,
      }),
    ),
  }),
  'microtrade/seconds': call({
    method: 'GET',
    path: 'microtrade/seconds',
    auth: true,
    summary: 'Durations and their profit ratios (ratio <= 1)',
    payload: empty,
    answer: z.array(z.object({ seconds: z.number().int(), status: z.number().int(), profit_ratio: decimal })),
  }),
  'microtrade/lists': call({
    method: 'GET',
    path: 'microtrade/lists',
    auth: true,
    summary: 'My contracts by status (1 running, 3 closed), newest first; match_id 0: every pair',
    payload: z.object({
      match_id: num(z.number().int()).default(0),
      page,
      limit: num(z.number().int().min(1).max(200)).default(10),
      status: num(z.union([z.literal(MICRO_STATUS_RUNNING), z.literal(MICRO_STATUS_CLOSED)])),
    }),
    answer: paged(e.microOrder),
  }),
  'microtrade/submit': call({
    method: 'POST',
    path: 'microtrade/submit',
    auth: true,
    toast: true,
    summary: 'Buy an up (1) or down (2) contract: the stake and fee leave the micro account',
    payload: z.object({
      match_id: num(id),
      currency_id: num(id),
      type: num(z.union([z.literal(MICRO_TYPE_UP), z.literal(MICRO_TYPE_DOWN)])),
      seconds: num(z.number().int()),
      number: decimal,
    }),
    answer: e.microOrder,
  }),
} satisfies Record<string, CallSpec>;
