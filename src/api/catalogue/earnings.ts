import { z } from 'zod';
import * as e from '../entities.ts';
import { decimal, id, num } from '../fields.ts';
import { call, ok, type CallSpec } from './kit.ts';

/** Earnings products. */
export const earningsCalls = {
  'ieo/list': call({
    method: 'GET',
    path: 'ieo/list',
    auth: false,
    summary: 'Earnings products',
    payload: z.object({ limit: num(z.number().int()).default(30) }),
    answer: z.object({ data: z.array(e.earningsProduct) }),
  }),
  'ieo/addIeo': call({
    method: 'POST',
    path: 'ieo/addIeo',
    auth: true,
    toast: true,
    summary: 'Buy an earnings product',
    payload: z.object({ id, number: decimal.optional() }),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;
