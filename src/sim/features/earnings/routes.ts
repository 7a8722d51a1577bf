import { answerOnce } from '../../answer-once.ts';
import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import {
  FLAG_OFF,
  FLAG_ON,
  HOLDING_STATUS_ACTIVE,
  HOLDING_STATUS_MATURED,
  HOLDING_STATUS_REDEEMED,
} from '../../../domain/contract-codes.ts';
import {
  accruedToday,
  annualRateText,
  cumulativeSeries,
  dailyDividend,
  dailyRateText,
  daysLeft,
  maturesAt,
  nextPayoutAt,
} from '../../../domain/earnings/rules.ts';
import { unitsOf } from '../../../domain/wallet/amounts.ts';
import { CURRENCIES } from '../../market/currencies.ts';
import type { CallContext, Routes } from '../../routes.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { on, onUser } from '../accounts/route-kit.ts';
import { pageAnswer } from '../spot/answers.ts';
import { type Earnings, type EarningsOutcome } from './earnings.ts';
import { EARNINGS_PRODUCTS, earningsProductById, type EarningsProduct } from './products.ts';
import type { DividendRecord, Holding } from './state.ts';
import { unitsText } from '../../../domain/money.ts';
import { earningsOf, heldByUser, quotaLeft } from './part.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** Spec §9: the earnings list's page size. */
const LIST_LIMIT = 30;

function codeOf(currencyId: number): string {
  return CURRENCIES.find((entry) => entry.id === currencyId)?.code ?? '';
}

/** A product's name in the request's language (server content is served per `lang`). */
function nameOf(product: EarningsProduct | undefined, ctx: CallContext): string {
  if (!product) return '';
  return product.days === 0
    ? ctx.t('earningsNameFlexible', { coin: product.code })
    : ctx.t('earningsNameFixed', { coin: product.code, days: product.days });
}

const STATUS = {
  active: HOLDING_STATUS_ACTIVE,
  matured: HOLDING_STATUS_MATURED,
  redeemed: HOLDING_STATUS_REDEEMED,
} as const;

function holdingAnswer(holding: Holding, now: number, ctx: CallContext) {
  const active = holding.status === 'active';
  return {
    id: holding.id,
    product_id: holding.productId,
    name: nameOf(earningsProductById(holding.productId), ctx),
    currency_id: holding.currencyId,
    currency_code: codeOf(holding.currencyId),
    days: holding.termDays,
    flexible: holding.termDays === 0 ? FLAG_ON : FLAG_OFF,
    rate: annualRateText(holding.rateBp),
    number: unitsText(holding.principal),
    daily_dividend: unitsText(dailyDividend(holding.principal, holding.rateBp)),
    income: unitsText(holding.income),
    accrued: unitsText(
      active
        ? accruedToday(
            holding.principal,
            holding.rateBp,
            holding.openedAt,
            holding.paidDays,
            now,
            holding.termDays,
          )
        : 0n,
    ),
    paid_days: holding.paidDays,
    days_left: active ? daysLeft(holding.openedAt, now, holding.termDays) : 0,
    status: STATUS[holding.status],
    created_at: holding.openedAt,
    next_payout_at: active ? (nextPayoutAt(holding.openedAt, holding.paidDays, holding.termDays) ?? 0) : 0,
    matures_at: maturesAt(holding.openedAt, holding.termDays) ?? 0,
    closed_at: holding.closedAt ?? 0,
  };
}

function dividendAnswer(record: DividendRecord, ctx: CallContext) {
  return {
    id: record.id,
    holding_id: record.holdingId,
    product_id: record.productId,
    name: nameOf(earningsProductById(record.productId), ctx),
    currency_id: record.currencyId,
    currency_code: codeOf(record.currencyId),
    day: record.day,
    number: unitsText(record.amount),
    due_at: record.dueAt,
    created_at: record.at,
  };
}

/**
 * Spec §7 earnings (ieo/list, ieo/addIeo) and Tessera's holdings, redemption, dividend records and
 * income. Every read first records what the simulated clock brought, so what is read is current.
 */
export function registerEarningsRoutes(routes: Routes, accounts: Accounts, earnings: Earnings): void {
  on(routes, 'ieo/list', async (payload, ctx) => {
    await earnings.advance();
    const state = earnings.state();
    // Signed out (or an expired token) still sees the products; held is then 0.
    const userId = ctx.token ? accounts.userIdOf(ctx.token, ctx.now) : null;
    const limit = Math.min(Math.max(payload.limit, 1), LIST_LIMIT);
    const data = EARNINGS_PRODUCTS.slice(0, limit).map((product) => ({
      id: product.id,
      name: nameOf(product, ctx),
      days: product.days,
      rate: annualRateText(product.rateBp),
      min_number: unitsText(product.minimum),
      currency_id: product.currencyId,
      currency_code: product.code,
      flexible: product.days === 0 ? FLAG_ON : FLAG_OFF,
      daily_rate: dailyRateText(product.rateBp),
      max_number: unitsText(product.maxPerUser),
      quota: unitsText(product.quota),
      left: unitsText(quotaLeft(state, product.id)),
      held: unitsText(userId === null ? 0n : heldByUser(state, userId, product.id)),
    }));
    return okEnvelope({ data });
  });

  onUser(routes, accounts, 'ieo/addIeo', async (payload, ctx, user) => {
    const product = earningsProductById(payload.id);
    if (!product) return errorEnvelope(ctx.t('earningsProductUnknown'));
    // Spec §5 "Deposit top-up: amount required".
    if (payload.number === undefined || payload.number === '')
      return errorEnvelope(ctx.t('earningsAmountMissing'));
    const units = unitsOf(String(payload.number));
    if (units === null || units <= 0n) return errorEnvelope(ctx.t('earningsAmountInvalid'));
    const reply = (outcome: EarningsOutcome, state: ExchangeState) => {
      if (!outcome.ok)
        return errorEnvelope(
          ctx.t(outcome.key, {
            min: unitsText(product.minimum),
            max: unitsText(product.maxPerUser),
            left: unitsText(quotaLeft(state, product.id)),
            coin: product.code,
          }),
        );
      const holding = earningsOf(state).holdings.get(outcome.holdingId);
      return holding
        ? okEnvelope(holdingAnswer(holding, earnings.now(), ctx), ctx.t('earningsBought'))
        : errorEnvelope(ctx.t('internal'));
    };
    return reply(await earnings.buy(user.id, product.id, units, answerOnce(ctx, reply)), earnings.state());
  });

  onUser(routes, accounts, 'ieo/holdings', async (payload, ctx, user) => {
    await earnings.advance();
    const now = earnings.now();
    const rows = [...earningsOf(earnings.state()).holdings.values()]
      .filter(
        (holding) =>
          holding.userId === user.id &&
          (payload.status === undefined ||
            (payload.status === HOLDING_STATUS_ACTIVE) === (holding.status === 'active')),
      )
      .sort((a, b) => b.id - a.id)
      .map((holding) => holdingAnswer(holding, now, ctx));
    return okEnvelope({ ...pageAnswer(rows, payload.page, payload.limit), server_now: now });
  });

  onUser(routes, accounts, 'ieo/redeem', async (payload, ctx, user) => {
    const reply = (outcome: EarningsOutcome, state: ExchangeState) => {
      if (!outcome.ok) return errorEnvelope(ctx.t(outcome.key));
      const holding = earningsOf(state).holdings.get(outcome.holdingId);
      return holding
        ? okEnvelope(holdingAnswer(holding, earnings.now(), ctx), ctx.t('earningsRedeemed'))
        : errorEnvelope(ctx.t('internal'));
    };
    return reply(await earnings.redeem(user.id, payload.id, answerOnce(ctx, reply)), earnings.state());
  });

  onUser(routes, accounts, 'ieo/dividends', async (payload, ctx, user) => {
    await earnings.advance();
    const rows = (earningsOf(earnings.state()).records.get(user.id) ?? [])
      .filter((record) => payload.holding_id === undefined || record.holdingId === payload.holding_id)
      .slice()
      .reverse()
      .map((record) => dividendAnswer(record, ctx));
    return okEnvelope(pageAnswer(rows, payload.page, payload.limit));
  });

  onUser(routes, accounts, 'ieo/income', async (_payload, _ctx, user) => {
    await earnings.advance();
    const records = earningsOf(earnings.state()).records.get(user.id) ?? [];
    const currencies = [...new Set(records.map((record) => record.currencyId))].sort((a, b) => a - b);
    const totals = currencies.map((currencyId) => ({
      currency_id: currencyId,
      currency_code: codeOf(currencyId),
      income: unitsText(
        records.filter((r) => r.currencyId === currencyId).reduce((sum, r) => sum + r.amount, 0n),
      ),
    }));
    const series = currencies.map((currencyId) => ({
      currency_code: codeOf(currencyId),
      points: cumulativeSeries(
        records.filter((r) => r.currencyId === currencyId).map((r) => ({ at: r.dueAt, amount: r.amount })),
      ).map((point) => ({ at: point.at, total: unitsText(point.total) })),
    }));
    return okEnvelope({ totals, series });
  });
}
