import { z } from 'zod';
import {
  HOLDING_STATUS_ACTIVE,
  HOLDING_STATUS_MATURED,
  HOLDING_STATUS_REDEEMED,
} from '../../domain/contract-codes.ts';
import * as e from '../entities.ts';
import { decimal, flag, id, num, paged, text, timestamp } from '../fields.ts';
import { call, ok, page, type CallSpec } from './kit.ts';

/**
 * An earnings product (spec §3: id, name, days, rate, min_number). `rate` is the annual rate in
 * percent; days 0 is a flexible product. The rest is Tessera's: the daily rate, the limits, the
 * quota and what the signed-in user holds in it ("0" for a visitor).
 */
const earningsProduct = e.earningsProduct.extend({
  currency_id: id,
  currency_code: text,
  flexible: flag,
  daily_rate: decimal,
  max_number: decimal,
  quota: decimal,
  left: decimal,
  held: decimal,
});

const holdingStatus = z.union([
  z.literal(HOLDING_STATUS_ACTIVE),
  z.literal(HOLDING_STATUS_MATURED),
  z.literal(HOLDING_STATUS_REDEEMED),
]);

/**
 * One holding (spec §3 savings labels: cycle days, daily dividend, quantity, cumulative income).
 * `income` is what was paid; `accrued` what the running day has earned so far, paid when it ends.
 * Times are simulated epoch ms; next_payout_at and matures_at are 0 where there is none.
 */
const holding = z.object({
  id,
  product_id: id,
  name: text,
  currency_id: id,
  currency_code: text,
  days: z.number().int(),
  flexible: flag,
  rate: decimal,
  number: decimal,
  daily_dividend: decimal,
  income: decimal,
  accrued: decimal,
  paid_days: z.number().int(),
  days_left: z.number().int(),
  status: holdingStatus,
  created_at: timestamp,
  next_payout_at: z.number(),
  matures_at: z.number(),
  closed_at: z.number(),
});

/** One daily dividend paid (day n of a holding ended at due_at). */
const dividend = z.object({
  id,
  holding_id: id,
  product_id: id,
  name: text,
  currency_id: id,
  currency_code: text,
  day: z.number().int(),
  number: decimal,
  due_at: z.number(),
  created_at: timestamp,
});

const limit = num(z.number().int().min(1).max(100)).default(10);

/** Earnings products (spec §7 Micro and earnings; Tessera adds holdings, redeem, records, income). */
export const earningsCalls = {
  'ieo/list': call({
    method: 'GET',
    path: 'ieo/list',
    auth: false,
    summary: 'Earnings products (page size 30), with what the signed-in user holds in each',
    payload: z.object({ limit: num(z.number().int()).default(30) }),
    answer: z.object({ data: z.array(earningsProduct) }),
  }),
  'ieo/addIeo': call({
    method: 'POST',
    path: 'ieo/addIeo',
    auth: true,
    toast: true,
    summary:
      'Buy an earnings product: `number` moves from the financial account into a holding. Refused (code 0) when missing, zero, below the minimum, above the per-user maximum, the quota left or the balance, or sold out',
    payload: z.object({ id, number: decimal.optional() }),
    answer: ok,
  }),
  'ieo/holdings': call({
    method: 'GET',
    path: 'ieo/holdings',
    auth: true,
    summary:
      "The user's holdings, newest first: status 1 active only, 2 ended only (matured or redeemed), none for all",
    payload: z.object({
      status: num(z.union([z.literal(1), z.literal(2)])).optional(),
      page,
      limit,
    }),
    answer: paged(holding).extend({ server_now: z.number() }),
  }),
  'ieo/redeem': call({
    method: 'POST',
    path: 'ieo/redeem',
    auth: true,
    toast: true,
    summary:
      'Redeem a flexible holding: the principal and the whole days not paid yet return to the financial account; the partial day earns nothing. A fixed-term holding is refused until it returns by itself',
    payload: z.object({ id }),
    answer: ok,
  }),
  'ieo/dividends': call({
    method: 'GET',
    path: 'ieo/dividends',
    auth: true,
    summary: "The user's dividend records, newest first, optionally of one holding",
    payload: z.object({ holding_id: num(id).optional(), page, limit }),
    answer: paged(dividend),
  }),
  'ieo/income': call({
    method: 'GET',
    path: 'ieo/income',
    auth: true,
    summary: "The user's cumulative income per currency, and its running total at every payout day",
    payload: z.object({}),
    answer: z.object({
      totals: z.array(z.object({ currency_id: id, currency_code: text, income: decimal })),
      series: z.array(
        z.object({
          currency_code: text,
          points: z.array(z.object({ at: z.number(), total: decimal })),
        }),
      ),
    }),
  }),
} satisfies Record<string, CallSpec>;
