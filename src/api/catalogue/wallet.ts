import { z } from 'zod';
import {
  ACCOUNT_TYPE_FINANCIAL,
  ACCOUNT_TYPE_LEGAL,
  ACCOUNT_TYPE_LEVER,
  ACCOUNT_TYPE_MICRO,
  ACCOUNT_TYPE_TRADE,
  DEPOSIT_STATUS_CREDITED,
  DEPOSIT_STATUS_NOT_CREDITED,
  DEPOSIT_STATUS_PENDING,
  DEPOSIT_STATUS_WITHDRAWABLE,
  WITHDRAWAL_STATUS_BROADCAST,
  WITHDRAWAL_STATUS_CANCELLED,
  WITHDRAWAL_STATUS_CONFIRMED,
  WITHDRAWAL_STATUS_REVIEW,
} from '../../domain/contract-codes.ts';
import { decimal, empty, flag, id, num, paged, text, timestamp } from '../fields.ts';
import { call, ok, page, type CallSpec } from './kit.ts';

/** The five accounts' codes (account_log/<code>, account/transfer's from and to). */
const accountCode = z.enum(['change', 'legal', 'lever', 'micro', 'financial']);

/** An account as account/list names it (account_code). */
const walletAccountCode = z.enum([
  'change_account',
  'legal_account',
  'lever_account',
  'micro_account',
  'financial_account',
]);

/**
 * An account as account/transfer names it: its code, or the account_code of account/list
 * (`change_account`, what the family's clients send), read as the code.
 */
const transferAccount = z.union([
  accountCode,
  walletAccountCode.transform((name) => accountCode.parse(name.slice(0, -'_account'.length))),
]);

const accountTypeId = z.union([
  z.literal(ACCOUNT_TYPE_TRADE),
  z.literal(ACCOUNT_TYPE_LEGAL),
  z.literal(ACCOUNT_TYPE_LEVER),
  z.literal(ACCOUNT_TYPE_MICRO),
  z.literal(ACCOUNT_TYPE_FINANCIAL),
]);

/** A chain a currency travels by (spec §3 currency_protocols). need_memo is Tessera's. */
const currencyProtocol = z.object({
  id,
  chain_protocol: z.object({ code: text }),
  token_address: text,
  need_memo: flag,
});

/** A currency as the wallet shows it (spec §3 currency). deposit_min is Tessera's. */
const walletCurrency = z.object({
  code: text,
  usd_price: decimal,
  open_recharge: flag,
  open_draw: flag,
  draw_rate: decimal,
  draw_min: decimal,
  draw_max: decimal,
  deposit_min: decimal,
  account_types: z.array(z.object({ name: text, account_code: accountCode })),
  currency_protocols: z.array(currencyProtocol),
});

/** One currency of one account (spec §3 balances, with its currency). */
const walletBalance = z.object({
  id,
  currency_id: id,
  currency_code: text,
  balance: decimal,
  lock_balance: decimal,
  convert_usd: decimal,
  user_id: id,
  /** Tessera, trade account only: what may be withdrawn now (deposits under 6 confirmations may not). */
  withdrawable: decimal.optional(),
  currency: walletCurrency,
});

/** One account of the wallet (spec §3 account group); convert_usd is the group's USD total. */
const walletGroup = z.object({
  id,
  name: text,
  account_code: walletAccountCode,
  account_type_id: accountTypeId,
  is_recharge: flag,
  is_display: flag,
  convert_usd: decimal,
  accounts: z.array(walletBalance),
});

/**
 * One record of an account (spec §3 account log). `type` names the movement: deposit, withdraw,
 * withdrawRefund, transferIn, transferOut, convertIn, convertOut; `memo` is it in the user's
 * language; extra_data names the other side.
 */
const walletLogLine = z.object({
  id,
  currency_id: id,
  currency: z.object({ code: text }),
  before: decimal,
  value: decimal,
  after: decimal,
  type: text,
  memo: text,
  extra_data: z.object({ account: text, address: text }).partial(),
  created_at: timestamp,
});

function accountLogCall(kind: z.infer<typeof accountCode>) {
  return call({
    method: 'GET',
    path: `account_log/${kind}`,
    auth: true,
    summary: `Records of the ${kind} account, newest first; of one currency with currency_id`,
    payload: z.object({
      currency_id: num(z.number().int().positive()).optional(),
      page,
      limit: num(z.number().int().min(1).max(100)).default(15),
    }),
    answer: paged(walletLogLine),
  });
}

/**
 * One movement of the transaction log (account_log/all, a Tessera addition): a line of one of the
 * five accounts' records (source "record", its account_log id), or what a spot order settled in one
 * currency (source "order", the order's id, its pair in `symbol`; type spotBuy or spotSell, the
 * value received net of the fee). `value` is signed; `memo` is `type` in the user's language.
 */
const transactionLine = z.object({
  id,
  source: z.enum(['record', 'order']),
  account: accountCode,
  currency_id: id,
  currency: z.object({ code: text }),
  value: decimal,
  type: text,
  memo: text,
  symbol: text,
  created_at: timestamp,
});

const depositStatus = z.union([
  z.literal(DEPOSIT_STATUS_PENDING),
  z.literal(DEPOSIT_STATUS_CREDITED),
  z.literal(DEPOSIT_STATUS_WITHDRAWABLE),
  z.literal(DEPOSIT_STATUS_NOT_CREDITED),
]);

/** A deposit as its records show it (Tessera's: the spec shows only the confirmation rule, §9). */
export const depositAnswer = z.object({
  id,
  currency_id: id,
  currency: z.object({ code: text }),
  chain: text,
  number: decimal,
  confirmations: z.number().int().min(0),
  credit_confirmations: z.number().int(),
  withdraw_confirmations: z.number().int(),
  status: depositStatus,
  tx_hash: text,
  created_at: timestamp,
});

const withdrawalStatus = z.union([
  z.literal(WITHDRAWAL_STATUS_REVIEW),
  z.literal(WITHDRAWAL_STATUS_BROADCAST),
  z.literal(WITHDRAWAL_STATUS_CONFIRMED),
  z.literal(WITHDRAWAL_STATUS_CANCELLED),
]);

/** A withdrawal: the amount that left (number), the fee kept and what arrives (receive). */
const withdrawalAnswer = z.object({
  id,
  currency_id: id,
  currency: z.object({ code: text }),
  chain: text,
  address: text,
  memo: text,
  number: decimal,
  fee: decimal,
  receive: decimal,
  status: withdrawalStatus,
  tx_hash: text,
  created_at: timestamp,
  updated_at: timestamp,
});

/** The five-account wallet: balances, records, deposit addresses, withdrawals, conversions, transfers. */
export const walletCalls = {
  'account/list': call({
    method: 'GET',
    path: 'account/list',
    auth: true,
    summary:
      'The five accounts (trade, legal, lever, micro, financial), each with every currency and its terms',
    payload: empty,
    answer: z.array(walletGroup),
  }),
  'account/detail': call({
    method: 'GET',
    path: 'account/detail',
    auth: true,
    summary:
      'One balance by account type (1 trade, 2 legal, 3 lever, 4 micro, 5 financial) and currency, or by the ' +
      "id of an account/list row (the family's records page sends `{ id, account_type_id }`; only the owner's " +
      "rows are found, and a currency_id sent beside must be the row's). Answers the currency and the account too",
    payload: z.object({
      currency_id: num(z.number().int()).optional(),
      account_type_id: num(z.number().int()),
      id: num(z.number().int()).optional(),
    }),
    answer: z.object({
      balance: decimal,
      lock_balance: decimal,
      currency_id: id,
      account_type: z.object({ account_code: walletAccountCode }),
    }),
  }),
  'wallet/wallet': call({
    method: 'GET',
    path: 'wallet/wallet',
    auth: true,
    summary:
      "The user's deposit address of a currency on each of its chains (the same every time), with " +
      'a memo where the chain needs one, the minimum (below it a deposit is never credited) and the ' +
      'confirmations to credit (1) and to withdraw (6)',
    payload: z.object({ currency_id: num(z.number().int()) }),
    answer: z.object({
      code: text,
      deposit_min: decimal,
      credit_confirmations: z.number().int(),
      withdraw_confirmations: z.number().int(),
      wallets: z.array(
        z.object({
          address: text,
          memo: text,
          currency_protocol_id: id,
          chain_protocol: z.object({ code: text }),
        }),
      ),
    }),
  }),
  'wallet/deposits': call({
    method: 'GET',
    path: 'wallet/deposits',
    auth: true,
    summary:
      'My deposits, newest first, with their confirmations and status (0 pending, 1 credited, 2 withdrawable, 3 below the minimum: not credited)',
    payload: z.object({
      currency_id: num(z.number().int().positive()).optional(),
      page,
      limit: num(z.number().int().min(1).max(100)).default(15),
    }),
    answer: paged(depositAnswer),
  }),
  'account_log/change': accountLogCall('change'),
  'account_log/legal': accountLogCall('legal'),
  'account_log/lever': accountLogCall('lever'),
  'account_log/micro': accountLogCall('micro'),
  'account_log/financial': accountLogCall('financial'),
  'account_log/all': call({
    method: 'GET',
    path: 'account_log/all',
    auth: true,
    summary:
      "Tessera's transaction log: every movement of the user's money, newest first: the five accounts' " +
      'records and the settlements of spot orders (what each paid and received); of one currency with currency_id',
    payload: z.object({
      currency_id: num(z.number().int().positive()).optional(),
      page,
      limit: num(z.number().int().min(1).max(100)).default(15),
    }),
    answer: paged(transactionLine),
  }),
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
    summary:
      'Withdraw from the trade account to a bound address (address/list). number between draw_min and ' +
      'draw_max; fee draw_rate percent rounded up to 1e-8, receive = number - fee. Locks number, then ' +
      'review (cancellable) -> broadcast -> confirmed on the simulated clock. Needs the trade password, ' +
      'and totp_code when two-factor sign-in is on',
    payload: z.object({
      currency_id: id,
      number: decimal,
      address: text,
      pay_password: text,
      totp_code: text.optional(),
      memo: text.optional(),
      currency_protocol_id: id.optional(),
    }),
    answer: withdrawalAnswer,
  }),
  'account/draw_list': call({
    method: 'GET',
    path: 'account/draw_list',
    auth: true,
    summary: 'My withdrawals, newest first, in every state (0 review, 1 broadcast, 2 confirmed, 3 cancelled)',
    payload: z.object({
      currency_id: num(z.number().int().positive()).optional(),
      page,
      limit: num(z.number().int().min(1).max(100)).default(15),
    }),
    answer: paged(withdrawalAnswer),
  }),
  'account/draw_cancel': call({
    method: 'POST',
    path: 'account/draw_cancel',
    auth: true,
    toast: true,
    summary: 'Cancel a withdrawal still in review: the amount unlocks',
    payload: z.object({ id }),
    answer: withdrawalAnswer,
  }),
  'account/convert_quote': call({
    method: 'POST',
    path: 'account/convert_quote',
    auth: true,
    summary:
      'A quote to convert number BTC or ETH of the trade account into USDT at the last trade price: ' +
      'receive = number x price rounded down to 1e-8. It holds for 10 seconds of real time (expires_at ' +
      'and server_now on the simulated clock, so clients need not trust their own)',
    payload: z.object({ currency_id: id, number: decimal }),
    answer: z.object({
      quote_id: text,
      currency_id: id,
      number: decimal,
      price: decimal,
      receive: decimal,
      receive_currency: text,
      expires_at: z.number(),
      server_now: z.number(),
    }),
  }),
  'account/convert': call({
    method: 'POST',
    path: 'account/convert',
    auth: true,
    toast: true,
    summary: 'Convert at a quote from account/convert_quote (refused once it expired: ask for a new one)',
    payload: z.object({
      currency_id: id,
      number: decimal,
      quote_id: text,
      currency_protocol_id: id.optional(),
    }),
    answer: z.object({ number: decimal, receive: decimal, price: decimal }),
  }),
  'account/transfer': call({
    method: 'POST',
    path: 'account/transfer',
    auth: true,
    toast: true,
    summary:
      'Move funds between the trade account and one of the four others (either way). `from` and `to` are ' +
      "account codes (`change`) or account/list's account_code (`change_account`); `balance` a decimal string or number",
    payload: z.object({ currency_id: id, balance: decimal, from: transferAccount, to: transferAccount }),
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
