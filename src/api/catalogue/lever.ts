import { z } from 'zod';
import * as e from '../entities.ts';
import { decimal, id, num, text } from '../fields.ts';
import { call, ok, page, type CallSpec } from './kit.ts';
import {
  BATCH_CLOSE_ALL,
  BATCH_CLOSE_LONGS,
  BATCH_CLOSE_SHORTS,
  LEVER_PRICE_FIXED,
  LEVER_PRICE_MARKET,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
} from '../../domain/contract-codes.ts';

/** Lever: long and short positions with take-profit and stop-loss. */
export const leverCalls = {
  'lever/submit': call({
    method: 'POST',
    path: 'lever/submit',
    auth: true,
    toast: true,
    summary: 'Open a long or short position',
    payload: z.object({
      share: num(z.number().int().positive()),
      multiple: num(z.number().int().positive()),
      currency_match_id: id,
      type: z.union([z.literal(LEVER_TYPE_LONG), z.literal(LEVER_TYPE_SHORT)]),
      status: z.union([z.literal(LEVER_PRICE_FIXED), z.literal(LEVER_PRICE_MARKET)]),
      target_price: decimal.optional(),
      password: text.optional(),
    }),
    answer: ok,
  }),
  'lever/cancel': call({
    method: 'POST',
    path: 'lever/cancel',
    auth: true,
    toast: true,
    summary: 'Cancel a pending lever order',
    payload: z.object({ id }),
    answer: ok,
  }),
  'lever/close': call({
    method: 'POST',
    path: 'lever/close',
    auth: true,
    toast: true,
    summary: 'Close a position',
    payload: z.object({ id }),
    answer: ok,
  }),
  'lever/setstop': call({
    method: 'POST',
    path: 'lever/setstop',
    auth: true,
    toast: true,
    summary: 'Set take-profit and stop-loss',
    payload: z.object({ id, target_profit_price: decimal, stop_loss_price: decimal }),
    answer: ok,
  }),
  'lever/deal': call({
    method: 'POST',
    path: 'lever/deal',
    auth: true,
    summary: 'Lever balance, multiples and my positions on a pair',
    payload: z.object({ currency_match_id: id }),
    answer: z.object({
      my_transaction: z.array(e.leverPosition),
      user_lever: decimal,
      multiple: z.object({ muit: z.array(z.object({ value: z.number().int() })) }),
    }),
  }),
  'lever/dealall': call({
    method: 'POST',
    path: 'lever/dealall',
    auth: true,
    summary: 'Pending lever orders on a pair',
    payload: z.object({ currency_match_id: id, page }),
    answer: z.object({
      order: z.object({
        data: z.array(e.leverPosition),
        total: z.number().int(),
        per_page: z.number().int(),
      }),
      hazard_rate: decimal,
      profits_all: decimal,
    }),
  }),
  'lever/my_trade': call({
    method: 'POST',
    path: 'lever/my_trade',
    auth: true,
    summary: 'My lever trades by status',
    payload: z.object({ status: num(z.number().int()), page }),
    answer: z.object({ data: z.array(e.leverPosition), total: z.number().int(), per_page: z.number().int() }),
  }),
  'lever/batch_close': call({
    method: 'POST',
    path: 'lever/batch_close',
    auth: true,
    toast: true,
    summary: 'Close all (0), longs (1) or shorts (2)',
    payload: z.object({
      type: z.union([
        z.literal(BATCH_CLOSE_ALL),
        z.literal(BATCH_CLOSE_LONGS),
        z.literal(BATCH_CLOSE_SHORTS),
      ]),
      currency_match_id: id,
    }),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;
