import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import {
  BATCH_CLOSE_LONGS,
  BATCH_CLOSE_SHORTS,
  LEVER_LIST_CURRENT,
  LEVER_LIST_DELEGATION,
  LEVER_PRICE_FIXED,
  LEVER_STATUS_OPEN,
  LEVER_STATUS_PENDING,
  LEVER_TYPE_LONG,
  isOn,
} from '../../../domain/contract-codes.ts';
import { unitsOf } from '../../../domain/wallet/amounts.ts';
import { LEDGER_DECIMALS, toScaled, unitsText } from '../../../domain/money.ts';
import { CURRENCIES } from '../../market/currencies.ts';
import { LEVER_MAX_SHARE, LEVER_MIN_SHARE, LEVER_MULTIPLES, leverPair } from '../../market/lever-terms.ts';
import type { Market } from '../../market/market.ts';
import { LEVER_PRICE_BAND_PERCENT } from '../../market/pairs.ts';
import type { CallContext, Routes } from '../../routes.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { onUser } from '../accounts/route-kit.ts';
import { pageAnswer } from '../spot/answers.ts';
import { answerOnce } from '../../answer-once.ts';
import type { Lever, LeverOutcome } from './lever.ts';
import type { LeverPosition } from './state.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** Spec §9: history pages hold 10. */
const PER_PAGE = 10;

function fail(ctx: CallContext, key: string) {
  return errorEnvelope(
    ctx.t(key, {
      min: String(LEVER_MIN_SHARE),
      max: String(LEVER_MAX_SHARE),
      band: String(LEVER_PRICE_BAND_PERCENT),
    }),
  );
}

/** A price typed by the user, as 1e-8 units: null when it is not a plain non-negative decimal. */
function priceOf(text: string | undefined): bigint | null {
  if (text === undefined) return null;
  return unitsOf(text.trim());
}

/**
 * Spec §7 Lever: positions, pending orders, take-profit / stop-loss, close and close all, and the
 * lever account. Every call needs a signed-in user (999 otherwise), sees and touches only that
 * user's positions, and checks every input itself: a refusal is a translated message and changes
 * nothing.
 */
export function registerLeverRoutes(routes: Routes, accounts: Accounts, lever: Lever, market: Market): void {
  /** A position's answer, in the state its command led to. */
  const positionReply =
    (ctx: CallContext, successKey: string) => (result: LeverOutcome<LeverPosition>, state: ExchangeState) =>
      result.ok ? okEnvelope(lever.answer(result.value, state), ctx.t(successKey)) : fail(ctx, result.key);

  /** The user's positions that `keep` keeps, newest first (the user's own index, not every position). */
  const mine = (userId: number, keep: (p: LeverPosition) => boolean) =>
    lever.positionsOf(userId).filter(keep);

  onUser(routes, accounts, 'lever/submit', async (payload, ctx, user) => {
    const pair = leverPair(payload.currency_match_id);
    if (!pair || !isOn(pair.openLever) || !market.pair(pair.id)) return fail(ctx, 'leverPairClosed');
    const side = payload.type === LEVER_TYPE_LONG ? 'long' : 'short';
    if (payload.reduce_only === 1) {
      // Reduce-only (domain/lever/reduce-only.ts): at market, without stops; refused otherwise, never
      // placed as something else.
      const stops = [payload.target_profit_price, payload.stop_loss_price].some(
        (price) => price !== undefined && priceOf(price) !== 0n,
      );
      if (payload.status === LEVER_PRICE_FIXED || stops) return fail(ctx, 'leverReduceAtMarket');
      const reduced = (result: LeverOutcome<LeverPosition[]>, state: ExchangeState) =>
        result.ok
          ? okEnvelope(lever.answer(result.value.at(-1)!, state), ctx.t('leverReduced'))
          : fail(ctx, result.key);
      const result = await lever.reduce(
        { userId: user.id, pairId: pair.id, side, lots: BigInt(payload.share) },
        answerOnce(ctx, reduced),
      );
      return reduced(result, lever.state());
    }
    let limit = 0n;
    if (payload.status === LEVER_PRICE_FIXED) {
      const price = priceOf(payload.target_price);
      if (price === null || price <= 0n) return fail(ctx, 'leverPriceInvalid');
      limit = price;
    }
    // Take-profit and stop-loss may come with the order (issue 32): absent or '0' is none.
    const takeProfit = payload.target_profit_price === undefined ? 0n : priceOf(payload.target_profit_price);
    const stopLoss = payload.stop_loss_price === undefined ? 0n : priceOf(payload.stop_loss_price);
    if (takeProfit === null || stopLoss === null) return fail(ctx, 'leverPriceInvalid');
    const reply = positionReply(ctx, limit > 0n ? 'leverOrdered' : 'leverOpened');
    const result = await lever.place(
      {
        userId: user.id,
        pairId: pair.id,
        side,
        lots: BigInt(payload.share),
        multiple: payload.multiple,
        limit,
        takeProfit,
        stopLoss,
      },
      answerOnce(ctx, reply),
    );
    return reply(result, lever.state());
  });

  onUser(routes, accounts, 'lever/cancel', async (payload, ctx, user) => {
    const reply = positionReply(ctx, 'leverCancelled');
    return reply(await lever.cancel(user.id, payload.id, answerOnce(ctx, reply)), lever.state());
  });

  onUser(routes, accounts, 'lever/close', async (payload, ctx, user) => {
    // Lots to close (issue 32): fewer than the position holds close a part; absent, all of it.
    const lots = payload.share === undefined ? undefined : BigInt(payload.share);
    if (payload.price !== undefined) {
      // At a price: the position's close order (placed, replaced, or cancelled by '0').
      const price = priceOf(payload.price);
      if (price === null) return fail(ctx, 'leverPriceInvalid');
      const placed = positionReply(ctx, price === 0n ? 'leverCloseOrderCancelled' : 'leverCloseOrderPlaced');
      const result = await lever.closeAt(user.id, payload.id, lots, price, answerOnce(ctx, placed));
      return placed(result, lever.state());
    }
    const reply = positionReply(ctx, 'leverClosed');
    return reply(await lever.close(user.id, payload.id, answerOnce(ctx, reply), lots), lever.state());
  });

  onUser(routes, accounts, 'lever/setstop', async (payload, ctx, user) => {
    const takeProfit = priceOf(payload.target_profit_price);
    const stopLoss = priceOf(payload.stop_loss_price);
    if (takeProfit === null || stopLoss === null) return fail(ctx, 'leverPriceInvalid');
    const reply = positionReply(ctx, 'leverStopsSet');
    const result = await lever.setStops(user.id, payload.id, takeProfit, stopLoss, answerOnce(ctx, reply));
    return reply(result, lever.state());
  });

  onUser(routes, accounts, 'lever/deal', async (payload, ctx, user) => {
    const pair = leverPair(payload.currency_match_id);
    if (!pair || !isOn(pair.openLever)) return fail(ctx, 'leverPairClosed');
    await lever.advance();
    const account = lever.account(user.id, pair.quote.id);
    return okEnvelope({
      my_transaction: mine(user.id, (p) => p.pairId === pair.id && p.status === LEVER_STATUS_OPEN).map((p) =>
        lever.answer(p),
      ),
      user_lever: account.balance,
      multiple: { muit: LEVER_MULTIPLES.map((value) => ({ value })) },
      account,
    });
  });

  onUser(routes, accounts, 'lever/dealall', async (payload, ctx, user) => {
    const pair = leverPair(payload.currency_match_id);
    if (!pair || !isOn(pair.openLever)) return fail(ctx, 'leverPairClosed');
    await lever.advance();
    const rows = mine(
      user.id,
      (p) => p.pairId === pair.id && (p.status === LEVER_STATUS_OPEN || p.status === LEVER_STATUS_PENDING),
    );
    const paged = pageAnswer(rows, payload.page, PER_PAGE);
    const account = lever.account(user.id, pair.quote.id);
    // The family's clients read the pair's total PnL as profits_total, and page on last_page.
    const profitsTotal = rows.reduce(
      (sum, p) => sum + (toScaled(lever.answer(p).profits, LEDGER_DECIMALS) ?? 0n),
      0n,
    );
    return okEnvelope({
      order: {
        data: paged.data.map((p) => lever.answer(p)),
        total: paged.total,
        per_page: paged.per_page,
        current_page: paged.current_page,
        last_page: paged.last_page,
      },
      hazard_rate: account.hazard_rate,
      profits_all: account.profits_all,
      profits_total: unitsText(profitsTotal),
    });
  });

  onUser(routes, accounts, 'lever/my_trade', async (payload, _ctx, user) => {
    await lever.advance();
    const onPair = (p: LeverPosition) => !payload.currency_match_id || p.pairId === payload.currency_match_id;
    const wanted = (p: LeverPosition): boolean => {
      if (payload.status === LEVER_LIST_CURRENT) return p.status === LEVER_STATUS_OPEN;
      // The delegation view: every order the user placed, whatever became of it (pending, open,
      // closing, closed, cancelled), newest first.
      if (payload.status === LEVER_LIST_DELEGATION) return true;
      return p.status === payload.status;
    };
    const paged = pageAnswer(
      mine(user.id, (p) => onPair(p) && wanted(p)),
      payload.page,
      PER_PAGE,
    );
    return okEnvelope({ ...paged, data: paged.data.map((p) => lever.answer(p)) });
  });

  onUser(routes, accounts, 'lever/batch_close', async (payload, ctx, user) => {
    const pair = leverPair(payload.currency_match_id);
    if (!pair || !isOn(pair.openLever)) return fail(ctx, 'leverPairClosed');
    const batch =
      payload.type === BATCH_CLOSE_LONGS ? 'long' : payload.type === BATCH_CLOSE_SHORTS ? 'short' : 'all';
    const reply = (result: LeverOutcome<LeverPosition[]>, state: ExchangeState) =>
      result.ok
        ? okEnvelope(
            { ids: result.value.map((p) => p.id), trades: result.value.map((p) => lever.answer(p, state)) },
            ctx.t('leverClosedAll'),
          )
        : fail(ctx, result.key);
    return reply(await lever.batchClose(user.id, pair.id, batch, answerOnce(ctx, reply)), lever.state());
  });

  onUser(routes, accounts, 'lever/account', async (payload, _ctx, user) => {
    await lever.advance();
    const quotes = new Set<number>();
    for (const pair of market.pairs) if (isOn(pair.pair.openLever)) quotes.add(pair.pair.quote.id);
    const ids = [...quotes].filter((id) => !payload.currency_id || id === payload.currency_id);
    return okEnvelope(
      ids
        .sort((a, b) => a - b)
        .filter((id) => CURRENCIES.some((currency) => currency.id === id))
        .map((id) => lever.account(user.id, id)),
    );
  });
}
