import { usableFrom, withdrawalAddressUsable } from '../../../domain/security/allow-list.ts';
import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import {
  DEPOSIT_STATUS_CREDITED,
  DEPOSIT_STATUS_NOT_CREDITED,
  DEPOSIT_STATUS_PENDING,
  DEPOSIT_STATUS_WITHDRAWABLE,
  FLAG_OFF,
  FLAG_ON,
  WITHDRAWAL_STATUS_BROADCAST,
  WITHDRAWAL_STATUS_CANCELLED,
  WITHDRAWAL_STATUS_CONFIRMED,
  WITHDRAWAL_STATUS_REVIEW,
} from '../../../domain/contract-codes.ts';
import {
  accountOfTypeId,
  CONVERTIBLE_CODES,
  typeIdOf,
  WALLET_ACCOUNTS,
  type WalletAccount,
} from '../../../domain/wallet/accounts.ts';
import {
  CREDIT_CONFIRMATIONS,
  depositStage,
  unitsOf,
  withdrawFee,
  WITHDRAWABLE_CONFIRMATIONS,
} from '../../../domain/wallet/amounts.ts';
import {
  DEPOSIT_MAX,
  readDepositAmount,
  type DepositAmountProblem,
} from '../../../domain/wallet/deposit-amount.ts';
import { userBalance } from '../../ledger/postings.ts';
import { CURRENCIES } from '../../market/currencies.ts';
import type { Market } from '../../market/market.ts';
import type { CallContext, Routes } from '../../routes.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { onUser } from '../accounts/route-kit.ts';
import { requireSecondFactor } from '../accounts/second-factor.ts';
import { pageAnswer } from '../spot/answers.ts';
import { accountRowId, accountRowOf } from './account-row-id.ts';
import { depositAddressOf } from './deposit-address.ts';
import type { Deposit, LogLine, Withdrawal } from './state.ts';
import { chainOf, termsOf, type CurrencyTerms } from './terms.ts';
import { transactionLines } from './transaction-log.ts';
import { pairById } from '../../market/pairs.ts';
import type { ConvertQuote, Wallet, WalletOutcome } from './wallet.ts';
import { answerOnce } from '../../answer-once.ts';
import { LEDGER_DECIMALS, unitsText, scaledToText } from '../../../domain/money.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** Whether a user bound this address for this coin and chain (the address book's service). */
/** When the user bound the address for that coin and chain, or null when it is not bound. */
export type AddressBoundCheck = (
  userId: number,
  coin: string,
  chain: string,
  address: string,
) => number | null;

const USD_DECIMALS = 8;

/** A currency's USD price as ledger units per coin: its USDT pair's last trade (USDT: 1). */
function usdPrice(market: Market, currencyId: number): bigint {
  const currency = CURRENCIES.find((entry) => entry.id === currencyId);
  if (!currency || currency.code === 'USDT') return 10n ** BigInt(USD_DECIMALS);
  const pair = market.pairs.find((p) => p.pair.base.id === currencyId && p.pair.quote.code === 'USDT');
  if (!pair) return 0n;
  return (BigInt(pair.lastPrice()) * 10n ** BigInt(USD_DECIMALS)) / 10n ** BigInt(pair.pair.priceDecimals);
}

const STATUS_OF_STAGE = {
  pending: DEPOSIT_STATUS_PENDING,
  credited: DEPOSIT_STATUS_CREDITED,
  withdrawable: DEPOSIT_STATUS_WITHDRAWABLE,
  notCredited: DEPOSIT_STATUS_NOT_CREDITED,
} as const;

const WITHDRAWAL_STATUS = {
  review: WITHDRAWAL_STATUS_REVIEW,
  broadcast: WITHDRAWAL_STATUS_BROADCAST,
  confirmed: WITHDRAWAL_STATUS_CONFIRMED,
  cancelled: WITHDRAWAL_STATUS_CANCELLED,
} as const;

function codeOf(currencyId: number): string {
  return CURRENCIES.find((entry) => entry.id === currencyId)?.code ?? '';
}

export function depositAnswer(deposit: Deposit) {
  return {
    id: deposit.id,
    currency_id: deposit.currencyId,
    currency: { code: codeOf(deposit.currencyId) },
    chain: deposit.chain,
    number: unitsText(deposit.units),
    confirmations: deposit.confirmations,
    credit_confirmations: CREDIT_CONFIRMATIONS,
    withdraw_confirmations: WITHDRAWABLE_CONFIRMATIONS,
    status: STATUS_OF_STAGE[depositStage(deposit.confirmations, deposit.belowMinimum)],
    tx_hash: deposit.txHash,
    created_at: deposit.seenAt,
  };
}

function withdrawalAnswer(w: Withdrawal) {
  return {
    id: w.id,
    currency_id: w.currencyId,
    currency: { code: codeOf(w.currencyId) },
    chain: w.chain,
    address: w.address,
    memo: w.memo,
    number: unitsText(w.units),
    fee: unitsText(w.fee),
    receive: unitsText(w.receive),
    status: WITHDRAWAL_STATUS[w.status],
    tx_hash: w.txHash,
    created_at: w.createdAt,
    updated_at: w.updatedAt,
  };
}

function logAnswer(line: LogLine, ctx: CallContext) {
  const other = line.kind === 'transferIn' || line.kind === 'transferOut' ? { account: line.detail } : {};
  const address = line.kind === 'withdraw' && line.detail ? { address: line.detail } : {};
  return {
    id: line.id,
    currency_id: line.currencyId,
    currency: { code: codeOf(line.currencyId) },
    before: unitsText(line.before),
    value: unitsText(line.value),
    after: unitsText(line.after),
    type: line.kind,
    memo: ctx.t(`walletLog_${line.kind}`),
    extra_data: { ...other, ...address },
    created_at: line.at,
  };
}

/** Whether a currency may live in an account: every currency in trade; USDT, BTC, ETH elsewhere. */
function heldIn(account: WalletAccount, code: string): boolean {
  return account === 'change' || ['USDT', 'BTC', 'ETH'].includes(code);
}

function currencyAnswer(market: Market, currencyId: number, terms: CurrencyTerms, ctx: CallContext) {
  return {
    code: terms.code,
    usd_price: unitsText(usdPrice(market, currencyId)),
    open_recharge: terms.openRecharge ? FLAG_ON : FLAG_OFF,
    open_draw: terms.openDraw ? FLAG_ON : FLAG_OFF,
    draw_rate: terms.drawRate,
    draw_min: terms.drawMin,
    draw_max: terms.drawMax,
    deposit_min: terms.depositMin,
    account_types: WALLET_ACCOUNTS.filter((account) => heldIn(account, terms.code)).map((account) => ({
      name: ctx.t(`walletAccount_${account}`),
      account_code: account,
    })),
    currency_protocols: terms.chains.map((chain) => ({
      id: chain.id,
      chain_protocol: { code: chain.code },
      token_address: '',
      need_memo: chain.memo ? FLAG_ON : FLAG_OFF,
    })),
  };
}

/** A withdrawal's answer, looked up in the state its command led to. */
function withdrawalReply(ctx: CallContext, successKey: string) {
  return (outcome: WalletOutcome<number>, state: ExchangeState) => {
    if (!outcome.ok) return errorEnvelope(ctx.t(outcome.key, outcome.vars));
    const w = state.wallet.withdrawals.get(outcome.value);
    return w ? okEnvelope(withdrawalAnswer(w), ctx.t(successKey)) : errorEnvelope(ctx.t('internal'));
  };
}

/** Why a simulated deposit's amount is refused, in the caller's language (never echoing the amount). */
function depositRefusal(ctx: CallContext, problem: DepositAmountProblem, code: string): string {
  switch (problem) {
    case 'notAmount':
      return ctx.t('walletAmountInvalid');
    case 'tooManyDecimals':
      return ctx.t('walletAmountDecimals', { max: LEDGER_DECIMALS });
    case 'aboveMax':
      return ctx.t('walletDepositMax', { max: DEPOSIT_MAX, code });
  }
}

function answer<T, A>(
  outcome: WalletOutcome<T>,
  ctx: CallContext,
  shape: (value: T) => A,
  successKey: string,
) {
  return outcome.ok
    ? okEnvelope(shape(outcome.value), ctx.t(successKey))
    : errorEnvelope(ctx.t(outcome.key, outcome.vars));
}

/**
 * Spec §7 Wallet: the five accounts, records, deposits (simulated), withdrawals, conversions and
 * transfers. Every call needs a signed-in user (999 otherwise), sees only that user's money, and
 * checks every amount itself: a refusal changes nothing.
 */
export function registerWalletRoutes(
  routes: Routes,
  accounts: Accounts,
  wallet: Wallet,
  market: Market,
  isAddressBound: AddressBoundCheck,
): void {
  const currencyTerms = (currencyId: number) => termsOf(currencyId);

  onUser(routes, accounts, 'account/list', async (_payload, ctx, user) => {
    await wallet.advance();
    const state = wallet.state();
    const groups = WALLET_ACCOUNTS.map((account, index) => {
      let groupUsd = 0n;
      const lines = CURRENCIES.filter((currency) => heldIn(account, currency.code)).flatMap((currency) => {
        const terms = currencyTerms(currency.id);
        if (!terms) return [];
        const balance = userBalance(state, user.id, account, currency.id);
        const usd = ((balance.available + balance.locked) * usdPrice(market, currency.id)) / 10n ** 8n;
        groupUsd += usd;
        return [
          {
            id: accountRowId({ userId: user.id, typeId: typeIdOf(account), currencyId: currency.id }),
            currency_id: currency.id,
            currency_code: currency.code,
            balance: unitsText(balance.available),
            lock_balance: unitsText(balance.locked),
            convert_usd: unitsText(usd),
            user_id: user.id,
            // What may leave the exchange now: deposits short of 6 confirmations may not (trade account only).
            ...(account === 'change'
              ? { withdrawable: unitsText(wallet.withdrawable(user.id, currency.id)) }
              : {}),
            currency: currencyAnswer(market, currency.id, terms, ctx),
          },
        ];
      });
      return {
        id: index + 1,
        name: ctx.t(`walletAccount_${account}`),
        account_code: `${account}_account` as const,
        account_type_id: typeIdOf(account),
        // Deposits and withdrawals reach the trade account only; the others are fed by transfers.
        is_recharge: account === 'change' ? FLAG_ON : FLAG_OFF,
        is_display: FLAG_ON,
        convert_usd: unitsText(groupUsd),
        accounts: lines,
      };
    });
    return okEnvelope(groups);
  });

  onUser(routes, accounts, 'account/detail', async (payload, ctx, user) => {
    const account = accountOfTypeId(payload.account_type_id);
    if (!account) return errorEnvelope(ctx.t('accountTypeUnknown', { id: payload.account_type_id }));
    // By account/list's row id (the family's records page), or by currency; both must agree.
    const row = payload.id === undefined ? null : accountRowOf(payload.id);
    if (
      payload.id !== undefined &&
      (row === null ||
        row.userId !== user.id ||
        row.typeId !== payload.account_type_id ||
        (payload.currency_id !== undefined && row.currencyId !== payload.currency_id))
    ) {
      return errorEnvelope(ctx.t('walletAccountNotFound'));
    }
    const currencyId = row?.currencyId ?? payload.currency_id;
    if (currencyId === undefined) return errorEnvelope(ctx.t('badField', { field: 'currency_id' }));
    const terms = currencyTerms(currencyId);
    if (!terms) return errorEnvelope(ctx.t('currencyUnknown', { id: currencyId }));
    // account/list has a row only for a currency its account holds.
    if (row !== null && !heldIn(account, terms.code)) return errorEnvelope(ctx.t('walletAccountNotFound'));
    await wallet.advance();
    const balance = wallet.balance(user.id, account, currencyId);
    return okEnvelope({
      balance: unitsText(balance.available),
      lock_balance: unitsText(balance.locked),
      currency_id: currencyId,
      account_type: { account_code: `${account}_account` as const },
    });
  });

  onUser(routes, accounts, 'wallet/wallet', (payload, ctx, user) => {
    const terms = currencyTerms(payload.currency_id);
    if (!terms) return errorEnvelope(ctx.t('currencyUnknown', { id: payload.currency_id }));
    if (!terms.openRecharge) return errorEnvelope(ctx.t('walletDepositClosed', { code: terms.code }));
    return okEnvelope({
      code: terms.code,
      deposit_min: terms.depositMin,
      credit_confirmations: CREDIT_CONFIRMATIONS,
      withdraw_confirmations: WITHDRAWABLE_CONFIRMATIONS,
      wallets: terms.chains.map((chain) => ({
        ...depositAddressOf(user.id, chain.code),
        currency_protocol_id: chain.id,
        chain_protocol: { code: chain.code },
      })),
    });
  });

  onUser(routes, accounts, 'wallet/deposits', async (payload, _ctx, user) => {
    await wallet.advance();
    const deposits = [...wallet.state().wallet.deposits.values()]
      .filter(
        (d) =>
          d.userId === user.id && (payload.currency_id === undefined || d.currencyId === payload.currency_id),
      )
      .sort((a, b) => b.id - a.id)
      .map(depositAnswer);
    return okEnvelope(pageAnswer(deposits, payload.page, payload.limit));
  });

  onUser(routes, accounts, 'sim/deposit', async (payload, ctx, user) => {
    const terms = currencyTerms(payload.currency_id);
    if (!terms) return errorEnvelope(ctx.t('currencyUnknown', { id: payload.currency_id }));
    if (!terms.openRecharge) return errorEnvelope(ctx.t('walletDepositClosed', { code: terms.code }));
    const chain = chainOf(terms, payload.currency_protocol_id);
    if (!chain) return errorEnvelope(ctx.t('walletChainUnknown'));
    const amount = readDepositAmount(String(payload.number));
    if (!amount.ok) return errorEnvelope(depositRefusal(ctx, amount.problem, terms.code));
    const reply = (outcome: WalletOutcome<number>, state: ExchangeState) => {
      if (!outcome.ok) return errorEnvelope(ctx.t(outcome.key, outcome.vars));
      const deposit = state.wallet.deposits.get(outcome.value);
      return deposit
        ? okEnvelope(depositAnswer(deposit), ctx.t('walletDepositSeen'))
        : errorEnvelope(ctx.t('internal'));
    };
    const outcome = await wallet.deposit(
      user.id,
      payload.currency_id,
      chain,
      amount.units,
      unitsOf(terms.depositMin) ?? 0n,
      answerOnce(ctx, reply),
    );
    return reply(outcome, wallet.state());
  });

  for (const account of WALLET_ACCOUNTS) {
    onUser(routes, accounts, `account_log/${account}`, async (payload, ctx, user) => {
      await wallet.advance();
      const lines = (wallet.state().wallet.logs.get(user.id) ?? [])
        .filter(
          (line) =>
            line.account === account &&
            (payload.currency_id === undefined || line.currencyId === payload.currency_id),
        )
        .slice()
        .reverse()
        .map((line) => logAnswer(line, ctx));
      return okEnvelope(pageAnswer(lines, payload.page, payload.limit));
    });
  }

  onUser(routes, accounts, 'account_log/all', async (payload, ctx, user) => {
    await wallet.advance();
    const lines = transactionLines(wallet.state(), user.id, pairById, payload.currency_id).map((line) => ({
      id: line.id,
      source: line.source,
      account: line.account,
      currency_id: line.currencyId,
      currency: { code: codeOf(line.currencyId) },
      value: unitsText(line.value),
      type: line.kind,
      memo: ctx.t(`walletLog_${line.kind}`),
      symbol: pairById(line.pairId)?.symbol ?? '',
      created_at: line.at,
    }));
    return okEnvelope(pageAnswer(lines, payload.page, payload.limit));
  });

  onUser(routes, accounts, 'account/draw', async (payload, ctx, user) => {
    const terms = currencyTerms(payload.currency_id);
    if (!terms) return errorEnvelope(ctx.t('currencyUnknown', { id: payload.currency_id }));
    if (!terms.openDraw) return errorEnvelope(ctx.t('walletDrawClosed', { code: terms.code }));
    const chain = chainOf(terms, payload.currency_protocol_id);
    if (!chain) return errorEnvelope(ctx.t('walletChainUnknown'));
    const units = unitsOf(String(payload.number));
    if (units === null || units <= 0n) return errorEnvelope(ctx.t('walletAmountInvalid'));
    if (units < (unitsOf(terms.drawMin) ?? 0n))
      return errorEnvelope(ctx.t('walletDrawMin', { min: terms.drawMin, code: terms.code }));
    if (units > (unitsOf(terms.drawMax) ?? 0n))
      return errorEnvelope(ctx.t('walletDrawMax', { max: terms.drawMax, code: terms.code }));
    const address = payload.address.trim();
    const boundAt = isAddressBound(user.id, terms.code, chain.code, address);
    if (boundAt === null) return errorEnvelope(ctx.t('walletAddressNotBound'));
    // The allow-list (issue 34): a newly bound address waits 24 h of simulated time.
    if (!withdrawalAddressUsable({ allowList: user.allowList === true, boundAt, now: ctx.now }))
      return errorEnvelope(
        ctx.t('walletAddressWaiting', { hours: Math.ceil((usableFrom(boundAt) - ctx.now) / 3_600_000) }),
      );
    if (!user.payPassword) return errorEnvelope(ctx.t('walletPayPasswordUnset'));
    if (!(await accounts.verifyPassword(payload.pay_password, user.payPassword)))
      return errorEnvelope(ctx.t('walletPayPasswordWrong'));
    // With two-factor sign-in on, a withdrawal needs a code from the app too (spent here).
    const refused = await requireSecondFactor(accounts, ctx, user, payload.totp_code);
    if (refused) return refused;
    const { fee } = withdrawFee(units, terms.drawRate);
    const reply = withdrawalReply(ctx, 'walletWithdrawRequested');
    const outcome = await wallet.withdraw(
      {
        userId: user.id,
        currencyId: payload.currency_id,
        chain: chain.code,
        address,
        memo: (payload.memo ?? '').trim(),
        units,
        fee,
      },
      answerOnce(ctx, reply),
    );
    return reply(outcome, wallet.state());
  });

  onUser(routes, accounts, 'account/draw_list', async (payload, _ctx, user) => {
    await wallet.advance();
    const list = [...wallet.state().wallet.withdrawals.values()]
      .filter(
        (w) =>
          w.userId === user.id && (payload.currency_id === undefined || w.currencyId === payload.currency_id),
      )
      .sort((a, b) => b.id - a.id)
      .map(withdrawalAnswer);
    return okEnvelope(pageAnswer(list, payload.page, payload.limit));
  });

  onUser(routes, accounts, 'account/draw_cancel', async (payload, ctx, user) => {
    const reply = withdrawalReply(ctx, 'walletWithdrawCancelled');
    return reply(await wallet.cancelWithdrawal(user.id, payload.id, answerOnce(ctx, reply)), wallet.state());
  });

  onUser(routes, accounts, 'account/transfer', async (payload, ctx, user) => {
    const terms = currencyTerms(payload.currency_id);
    if (!terms) return errorEnvelope(ctx.t('currencyUnknown', { id: payload.currency_id }));
    if (!heldIn(payload.from, terms.code) || !heldIn(payload.to, terms.code))
      return errorEnvelope(ctx.t('walletTransferNotAllowed'));
    const units = unitsOf(String(payload.balance));
    if (units === null || units <= 0n) return errorEnvelope(ctx.t('walletAmountInvalid'));
    const reply = (outcome: WalletOutcome<number>) => answer(outcome, ctx, () => null, 'walletTransferred');
    return reply(
      await wallet.transfer(
        user.id,
        payload.currency_id,
        payload.from,
        payload.to,
        units,
        answerOnce(ctx, reply),
      ),
    );
  });

  const quoteAnswer = (quote: NonNullable<ReturnType<Wallet['quote']> & { ok: true }>['value']) => ({
    quote_id: quote.id,
    currency_id: quote.currencyId,
    number: unitsText(quote.units),
    price: scaledToText(quote.priceTicks, quote.priceDecimals),
    receive: unitsText(quote.proceeds),
    receive_currency: 'USDT',
    expires_at: quote.expiresAt,
  });

  onUser(routes, accounts, 'account/convert_quote', (payload, ctx, user) => {
    const terms = currencyTerms(payload.currency_id);
    if (!terms || !CONVERTIBLE_CODES.includes(terms.code))
      return errorEnvelope(ctx.t('walletConvertNotOffered'));
    const units = unitsOf(String(payload.number));
    if (units === null || units <= 0n) return errorEnvelope(ctx.t('walletAmountInvalid'));
    if (wallet.balance(user.id, 'change', payload.currency_id).available < units)
      return errorEnvelope(ctx.t('walletInsufficient'));
    const outcome = wallet.quote(user.id, payload.currency_id, units);
    return outcome.ok
      ? okEnvelope({ ...quoteAnswer(outcome.value), server_now: ctx.now })
      : errorEnvelope(ctx.t(outcome.key, outcome.vars));
  });

  onUser(routes, accounts, 'account/convert', async (payload, ctx, user) => {
    const terms = currencyTerms(payload.currency_id);
    if (!terms || !CONVERTIBLE_CODES.includes(terms.code))
      return errorEnvelope(ctx.t('walletConvertNotOffered'));
    const units = unitsOf(String(payload.number));
    if (units === null || units <= 0n) return errorEnvelope(ctx.t('walletAmountInvalid'));
    const reply = (outcome: WalletOutcome<ConvertQuote>) =>
      answer(
        outcome,
        ctx,
        (quote) => ({
          number: unitsText(quote.units),
          receive: unitsText(quote.proceeds),
          price: scaledToText(quote.priceTicks, quote.priceDecimals),
        }),
        'walletConverted',
      );
    return reply(
      await wallet.convert(user.id, payload.quote_id, payload.currency_id, units, answerOnce(ctx, reply)),
    );
  });
}
