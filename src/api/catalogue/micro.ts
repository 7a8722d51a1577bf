import { z } from 'zod';
import * as e from '../entities.ts';
import { decimal, empty, id, num, paged, text } from '../fields.ts';
import { call, page, type CallSpec } from './kit.ts';
import { MICRO_TYPE_DOWN, MICRO_TYPE_UP } from '../../domain/contract-codes.ts';

/** Micro: fixed-time up/down contracts. */
export const microCalls = {
  'microtrade/payable_currencies': call({
    method: 'GET',
    path: 'microtrade/payable_currencies',
    auth: true,
    summary: 'Currencies a contract can be paid in',
    payload: empty,
    answer: z.array(
      z.object({
        id,
        code: text,
        micro_account: z.object({ balance: decimal }),
        micro_numbers: z.array(z.object({ number: decimal })),
      }),
    ),
  }),
  'microtrade/seconds': call({
    method: 'GET',
    path: 'microtrade/seconds',
    auth: true,
    summary: 'Durations and their profit ratios',
    payload: empty,
    answer: z.array(z.object({ seconds: z.number().int(), profit_ratio: decimal })),
  }),
  'microtrade/lists': call({
    method: 'GET',
    path: 'microtrade/lists',
    auth: true,
    summary: 'My contracts by status',
    payload: z.object({
      match_id: num(z.number().int()),
      page,
      limit: num(z.number().int()).default(10),
      status: num(z.number().int()),
    }),
    answer: paged(e.microOrder),
  }),
  'microtrade/submit': call({
    method: 'POST',
    path: 'microtrade/submit',
    auth: true,
    toast: true,
    summary: 'Buy an up or down contract',
    payload: z.object({
      match_id: id,
      currency_id: id,
      type: z.union([z.literal(MICRO_TYPE_UP), z.literal(MICRO_TYPE_DOWN)]),
      seconds: z.number().int(),
      number: decimal,
    }),
    answer: e.microOrder,
  }),
} satisfies Record<string, CallSpec>;
