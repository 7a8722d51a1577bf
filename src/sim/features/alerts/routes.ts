import { errorEnvelope, okEnvelope, type Envelope } from '../../../api/envelope.ts';
import { isMoveWindow, MOVE_PERCENT_DECIMALS } from '../../../domain/alerts/move-alert.ts';
import { alertDirectionOf } from '../../../domain/alerts/price-alert.ts';
import { ALERT_MOVES } from '../../../domain/contract-codes.ts';
import { exactScaled, LEDGER_DECIMALS } from '../../../domain/money.ts';
import { pairById } from '../../market/pairs.ts';
import { storedTo } from '../../answer-once.ts';
import type { CallContext, Routes } from '../../routes.ts';
import type { ExecuteResult } from '../../store/event-sourced.ts';
import type { Accounts } from '../accounts/accounts.ts';
import { onUser } from '../accounts/route-kit.ts';
import { PRICE_ALERT_REFUSALS } from './aggregate.ts';
import { alertAnswer } from './answers.ts';
import type { PriceAlerts } from './price-alerts.ts';
import type { PriceAlertEvent, PriceAlertState } from './state.ts';

function refusal(result: ExecuteResult<PriceAlertEvent>, ctx: CallContext): Envelope {
  if (!result.ok && (PRICE_ALERT_REFUSALS as readonly string[]).includes(result.error)) {
    return errorEnvelope(ctx.t(result.error));
  }
  console.error('sim price alerts: command failed', result.ok ? 'no alert' : result.error);
  return errorEnvelope(ctx.t('internal'));
}

/**
 * Price alerts' calls (catalogue/alerts.ts). Every field is checked here whatever the form checked;
 * a refusal changes nothing. A set or removal carrying a request id runs once: its answer is stored
 * in the same commit.
 */
export function registerPriceAlertRoutes(routes: Routes, accounts: Accounts, alerts: PriceAlerts): void {
  onUser(routes, accounts, 'alert/list', (_payload, _ctx, user) =>
    okEnvelope(alerts.alertsOf(user.id).map(alertAnswer)),
  );

  onUser(routes, accounts, 'alert/add', async (payload, ctx, user) => {
    const pair = pairById(payload.currency_match_id);
    if (!pair) return errorEnvelope(ctx.t('marketUnknownPair', { id: payload.currency_match_id }));
    const set = (state: PriceAlertState, id: unknown) => {
      const alert = state.alerts.get(id as number);
      return alert ? okEnvelope(alertAnswer(alert), ctx.t('alertSet')) : errorEnvelope(ctx.t('internal'));
    };
    const once =
      ctx.requestId === undefined
        ? undefined
        : {
            id: ctx.requestId,
            answer: (next: PriceAlertState, reply: unknown) => set(next, reply),
            ...storedTo(ctx),
          };
    if (payload.direction === ALERT_MOVES) {
      // A percent with at most 2 places (never rounded) and one of the offered windows.
      const bp = exactScaled(payload.percent ?? '', MOVE_PERCENT_DECIMALS);
      if (bp === null || bp <= 0n) return errorEnvelope(ctx.t('alertMoveInvalid'));
      const window = payload.window ?? 0;
      if (!isMoveWindow(window)) return errorEnvelope(ctx.t('alertWindowInvalid'));
      const result = await alerts.execute(
        {
          kind: 'addMoveAlert',
          at: ctx.now,
          userId: user.id,
          pairId: pair.id,
          bp,
          windowMs: window * 60_000,
          last: alerts.lastTrade(pair.id),
        },
        once,
      );
      return result.ok ? set(alerts.state(), result.reply) : refusal(result, ctx);
    }
    const direction = alertDirectionOf(payload.direction);
    if (!direction) return errorEnvelope(ctx.t('alertPriceInvalid'));
    // The pair's own places: a price finer than its tick is refused, never rounded.
    const ticks = exactScaled(payload.price ?? '', pair.priceDecimals);
    if (ticks === null || ticks <= 0n) {
      return errorEnvelope(
        ticks === null
          ? ctx.t('spotPriceStep', { decimals: pair.priceDecimals })
          : ctx.t('alertPriceInvalid'),
      );
    }
    const target = ticks * 10n ** BigInt(LEDGER_DECIMALS - pair.priceDecimals);
    const result = await alerts.execute(
      {
        kind: 'addAlert',
        at: ctx.now,
        userId: user.id,
        pairId: pair.id,
        direction,
        target,
        last: alerts.lastTrade(pair.id),
      },
      once,
    );
    return result.ok ? set(alerts.state(), result.reply) : refusal(result, ctx);
  });

  onUser(routes, accounts, 'alert/delete', async (payload, ctx, user) => {
    const success = okEnvelope(null, ctx.t('alertRemoved'));
    const result = await alerts.execute(
      { kind: 'removeAlert', at: ctx.now, userId: user.id, id: payload.id },
      ctx.requestId === undefined
        ? undefined
        : { id: ctx.requestId, answer: () => success, ...storedTo(ctx) },
    );
    return result.ok ? success : refusal(result, ctx);
  });
}
