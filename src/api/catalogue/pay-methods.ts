import { z } from 'zod';
import * as e from '../entities.ts';
import { empty, id, num } from '../fields.ts';
import { call, ok, type CallSpec } from './kit.ts';

/** The user's collection methods (bank, wallets) that P2P trades pay to. */
export const payMethodCalls = {
  'pay_method/types': call({
    method: 'GET',
    path: 'pay_method/types',
    auth: true,
    summary: 'Collection method types',
    payload: empty,
    answer: z.array(e.payMethodType),
  }),
  'pay_method/get_method_by_type': call({
    method: 'GET',
    path: 'pay_method/get_method_by_type',
    auth: true,
    summary:
      "The saved method of one type; with nothing saved, `{ type, raw_data }` with the type's fields empty " +
      "(never null: the family's clients read raw_data.*). Tessera's client reads null as nothing saved too",
    payload: z.object({ type: num(z.number().int()) }),
    answer: z.object({ type: id, raw_data: e.payMethodRaw }).nullable(),
  }),
  'pay_method/save': call({
    method: 'POST',
    path: 'pay_method/save',
    auth: true,
    toast: true,
    summary: 'Save a collection method',
    payload: z.object({ type: id, raw_data: e.payMethodRaw }),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;
