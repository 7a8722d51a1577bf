import { errorEnvelope, okEnvelope } from '../../../api/envelope.ts';
import type { SpotSide } from '../../../domain/spot/order-kind.ts';
import { pairById } from '../../market/pairs.ts';
import type { CallContext, Routes } from '../../routes.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { onUser } from '../accounts/route-kit.ts';
import { orderAnswer, pageAnswer } from './answers.ts';
import { parseOrderRequest, type OrderPayload } from './order-request.ts';
import type { Spot, SpotOutcome, SpotRequest } from './spot.ts';
import type { SpotOrder } from './state.ts';
import { FLAG_ON, ORDER_STATUS_OPEN } from '../../../domain/contract-codes.ts';
import { storedTo } from '../../answer-once.ts';

/**
 * Spec §7 "Spot orders". Every call needs a signed-in user (999 otherwise) and sees only that
 * user's orders. Balances, account/detail included, are the wallet's (features/wallet/routes.ts).
 */
export function registerSpotRoutes(routes: Routes, accounts: Accounts, spot: Spot): void {
  const success = (order: SpotOrder, ctx: CallContext, successKey: string) =>
    okEnvelope(orderAnswer(order, ctx.t), ctx.t(successKey));
  const answer = (outcome: SpotOutcome, ctx: CallContext, successKey: string) =>
    outcome.ok ? success(outcome.order, ctx, successKey) : errorEnvelope(ctx.t(outcome.key, outcome.vars));
  // Exactly once: the request's answer is stored with the command's events (SpotRequest).
  const origin = (ctx: CallContext, successKey: string): SpotRequest | undefined =>
    ctx.requestId === undefined
      ? undefined
      : { id: ctx.requestId, answer: (order) => success(order, ctx, successKey), ...storedTo(ctx) };

  const add = (side: SpotSide) => async (payload: OrderPayload, ctx: CallContext, userId: number) => {
    spot.rememberLanguage(userId, ctx.t);
    const parsed = parseOrderRequest(payload, side, pairById(payload.currency_match_id));
    if (!parsed.ok) return errorEnvelope(ctx.t(parsed.problem.key, parsed.problem.vars));
    return answer(await spot.place(userId, parsed.request, origin(ctx, 'spotPlaced')), ctx, 'spotPlaced');
  };
  onUser(routes, accounts, 'tx_in/add', (payload, ctx, user) => add('buy')(payload, ctx, user.id));
  onUser(routes, accounts, 'tx_out/add', (payload, ctx, user) => add('sell')(payload, ctx, user.id));

  const cancel = (side: SpotSide) => async (id: number, ctx: CallContext, userId: number) => {
    spot.rememberLanguage(userId, ctx.t);
    return answer(await spot.cancel(userId, id, side, origin(ctx, 'spotCancelled')), ctx, 'spotCancelled');
  };
  onUser(routes, accounts, 'tx_in/cancel', (payload, ctx, user) => cancel('buy')(payload.id, ctx, user.id));
  onUser(routes, accounts, 'tx_out/cancel', (payload, ctx, user) => cancel('sell')(payload.id, ctx, user.id));

  /**
   * A page of the user's orders that `keep` keeps, sorted: of their open orders only (`openOnly`:
   * the index, O(what they have open)) or of their whole history.
   */
  const list =
    (
      openOnly: boolean,
      keep: (order: SpotOrder) => boolean,
      newestFirst: (a: SpotOrder, b: SpotOrder) => number,
    ) =>
    (
      payload: { page: number; limit: number; currency_match_id?: number | undefined },
      ctx: CallContext,
      userId: number,
    ) => {
      spot.rememberLanguage(userId, ctx.t);
      const pairId = payload.currency_match_id;
      const orders = (openOnly ? spot.openOrdersOf(userId) : spot.ordersOf(userId))
        .filter((order) => (pairId === undefined || order.pairId === pairId) && keep(order))
        .sort(newestFirst);
      // Only the page's orders are shaped: a history holds thousands, a page a few.
      const page = pageAnswer(orders, payload.page, payload.limit);
      return okEnvelope({ ...page, data: page.data.map((order) => orderAnswer(order, ctx.t)) });
    };
  const byId = (a: SpotOrder, b: SpotOrder) => b.id - a.id;
  const byEnd = (a: SpotOrder, b: SpotOrder) => b.updatedAt - a.updatedAt || b.id - a.id;
  const open = (side: SpotSide) => (order: SpotOrder) =>
    order.status === ORDER_STATUS_OPEN && order.side === side;
  // A side's open orders, or with include_finished every order of that side.
  const ofSide = (side: SpotSide, includeFinished: number | undefined) =>
    includeFinished === FLAG_ON
      ? list(false, (order: SpotOrder) => order.side === side, byId)
      : list(true, open(side), byId);
  onUser(routes, accounts, 'tx_in/list', (payload, ctx, user) =>
    ofSide('buy', payload.include_finished)(payload, ctx, user.id),
  );
  onUser(routes, accounts, 'tx_out/list', (payload, ctx, user) =>
    ofSide('sell', payload.include_finished)(payload, ctx, user.id),
  );
  onUser(routes, accounts, 'tx_history/list', (payload, ctx, user) =>
    list(false, (order) => order.status !== ORDER_STATUS_OPEN, byEnd)(payload, ctx, user.id),
  );
}
