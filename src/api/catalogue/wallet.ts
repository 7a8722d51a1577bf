import { z } from 'zod';
import * as e from '../entities.ts';
import { decimal, empty, id, paged, text } from '../fields.ts';
import { call, ok, page, type CallSpec } from './kit.ts';

const accountCode = z.enum(['legal', 'change', 'lever', 'micro', 'financial']);

function accountLogCall(kind: z.infer<typeof accountCode>) {
  return call({
    method: 'GET',
    path: `account_log/${kind}`,
    auth: true,
    summary: `Records of the ${kind} account`,
    payload: z.object({ currency_id: z.coerce.number().int().optional(), page }),
    answer: paged(e.accountLog),
  });
}

/** The five-account wallet: balances, records, deposit addresses, withdrawals, conversions, transfers. */
export const walletCalls = {
  'account/list': call({
    method: 'GET',
    path: 'account/list',
    auth: true,
    summary: 'All five account groups',
    payload: empty,
    answer: z.array(e.accountGroup),
  }),
  'account/detail': call({
    method: 'GET',
    path: 'account/detail',
    auth: true,
    summary: 'One balance by currency and account type',
    payload: z.object({
      currency_id: z.coerce.number().int(),
      account_type_id: z.coerce.number().int(),
      id: z.coerce.number().int().optional(),
    }),
    answer: z.object({ balance: decimal, lock_balance: decimal }),
  }),
  'wallet/wallet': call({
    method: 'GET',
    path: 'wallet/wallet',
    auth: true,
    summary: 'Deposit addresses of a currency',
    payload: z.object({ currency_id: z.coerce.number().int() }),
    answer: z.object({
      code: text,
      wallets: z.array(z.object({ address: text, memo: text, chain_protocol: z.object({ code: text }) })),
    }),
  }),
  'account_log/change': accountLogCall('change'),
  'account_log/legal': accountLogCall('legal'),
  'account_log/lever': accountLogCall('lever'),
  'account_log/micro': accountLogCall('micro'),
  'account_log/financial': accountLogCall('financial'),
  'block_chain/currency_protocols': call({
    method: 'GET',
    path: 'block_chain/currency_protocols',
    auth: true,
    summary: 'Chain protocols per currency',
    payload: empty,
    answer: z.array(
      z.object({ id, currency_id: id, chain_protocol: z.object({ code: text }), token_address: text }),
    ),
  }),
  'account/draw': call({
    method: 'POST',
    path: 'account/draw',
    auth: true,
    toast: true,
    summary: 'Withdraw to a bound address',
    payload: z.object({
      currency_id: id,
      number: decimal,
      address: text,
      pay_password: text,
      memo: text.optional(),
      currency_protocol_id: id.optional(),
    }),
    answer: ok,
  }),
  'account/convert': call({
    method: 'POST',
    path: 'account/convert',
    auth: true,
    toast: true,
    summary: 'Convert a currency',
    payload: z.object({ currency_id: id, number: decimal, currency_protocol_id: id.optional() }),
    answer: ok,
  }),
  'account/transfer': call({
    method: 'POST',
    path: 'account/transfer',
    auth: true,
    toast: true,
    summary: 'Move funds between two accounts',
    payload: z.object({ currency_id: id, balance: decimal, from: accountCode, to: accountCode }),
    answer: ok,
  }),
  'wallet/createPayOrder': call({
    method: 'POST',
    path: 'wallet/createPayOrder',
    auth: true,
    toast: true,
    summary: 'Record a deposit from a wallet',
    payload: z.object({ walletAddress: text, in_address: text, currency_id: id }),
    answer: ok,
  }),
} satisfies Record<string, CallSpec>;
