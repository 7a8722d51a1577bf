import {
  alertTargetProblem,
  firstFiringTrade,
  MAX_ACTIVE_ALERTS,
  type AlertTargetProblem,
} from '../../../domain/alerts/price-alert.ts';
import {
  firstMovingTrade,
  movePercentProblem,
  type MovePercentProblem,
} from '../../../domain/alerts/move-alert.ts';
import type { Aggregate, Decision } from '../../store/aggregate.ts';
import {
  initialPriceAlertState,
  type AlertTrade,
  type PriceAlertCommand,
  type PriceAlertEvent,
  type PriceAlertRecord,
  type PriceAlertState,
} from './state.ts';

/** Refusals are server message keys (locales, section "server"). */
export const PRICE_ALERT_REFUSALS = [
  'alertNoPrice',
  'alertPriceNotAbove',
  'alertPriceNotBelow',
  'alertMoveTooSmall',
  'alertMoveTooLarge',
  'alertTooMany',
  'alertNotFound',
] as const satisfies readonly (AlertTargetProblem | MovePercentProblem | string)[];
export type PriceAlertRefusal = (typeof PRICE_ALERT_REFUSALS)[number];

/** Fired alerts kept per user (their notices live in the notification centre). */
export const KEEP_FIRED = 50;

type AlertDecision = Decision<PriceAlertEvent>;

const refuse = (error: PriceAlertRefusal): AlertDecision => ({ ok: false, error });

/** A user's alerts still waiting. */
export function waitingAlertsOf(state: PriceAlertState, userId: number): PriceAlertRecord[] {
  return [...state.alerts.values()].filter((alert) => alert.userId === userId && alert.fired === null);
}

/** The first of `later` (the pair's trades after the alert was set) that fires it, or null. */
function firingTrade(alert: PriceAlertRecord, later: readonly AlertTrade[]): AlertTrade | null {
  if (alert.direction !== 'moves') return firstFiringTrade(alert.direction, alert.target, later);
  if (!alert.move) return null;
  // The trade it was set on opens the series: moves are measured from it on (the first never fires).
  return firstMovingTrade(alert.move.bp, alert.move.windowMs, [alert.move.from, ...later]);
}

function decide(state: PriceAlertState, command: PriceAlertCommand): AlertDecision {
  switch (command.kind) {
    case 'addAlert': {
      const problem = alertTargetProblem(command.direction, command.target, command.last?.price ?? null);
      if (problem) return refuse(problem);
      if (waitingAlertsOf(state, command.userId).length >= MAX_ACTIVE_ALERTS) return refuse('alertTooMany');
      const event: PriceAlertEvent = {
        type: 'PriceAlertAdded',
        at: command.at,
        id: state.nextId,
        userId: command.userId,
        pairId: command.pairId,
        direction: command.direction,
        target: command.target,
        afterTradeId: command.last?.id ?? 0,
      };
      return { ok: true, events: [event], reply: state.nextId };
    }
    case 'addMoveAlert': {
      const last = command.last;
      if (last === null || last.price <= 0n) return refuse('alertNoPrice');
      const problem = movePercentProblem(command.bp);
      if (problem) return refuse(problem);
      if (waitingAlertsOf(state, command.userId).length >= MAX_ACTIVE_ALERTS) return refuse('alertTooMany');
      const event: PriceAlertEvent = {
        type: 'PriceAlertAdded',
        at: command.at,
        id: state.nextId,
        userId: command.userId,
        pairId: command.pairId,
        direction: 'moves',
        target: last.price,
        afterTradeId: last.id,
        move: { bp: command.bp, windowMs: command.windowMs, from: last },
      };
      return { ok: true, events: [event], reply: state.nextId };
    }
    case 'removeAlert': {
      const alert = state.alerts.get(command.id);
      // Another user's alert is as unknown as a missing one: its existence is not told.
      if (!alert || alert.userId !== command.userId) return refuse('alertNotFound');
      return { ok: true, events: [{ type: 'PriceAlertRemoved', at: command.at, id: command.id }] };
    }
    case 'fireAlerts': {
      const events: PriceAlertEvent[] = [];
      for (const alert of state.alerts.values()) {
        if (alert.fired !== null) continue;
        const later = (command.trades.get(alert.pairId) ?? []).filter(
          (trade) => trade.id > alert.afterTradeId,
        );
        const trade = firingTrade(alert, later);
        if (trade) events.push({ type: 'PriceAlertFired', at: command.at, id: alert.id, trade });
      }
      return { ok: true, events };
    }
  }
}

function evolve(state: PriceAlertState, event: PriceAlertEvent): PriceAlertState {
  const alerts = new Map(state.alerts);
  switch (event.type) {
    case 'PriceAlertAdded':
      alerts.set(event.id, {
        id: event.id,
        userId: event.userId,
        pairId: event.pairId,
        direction: event.direction,
        target: event.target,
        createdAt: event.at,
        afterTradeId: event.afterTradeId,
        move: event.move ?? null,
        fired: null,
      });
      return { nextId: Math.max(state.nextId, event.id + 1), alerts };
    case 'PriceAlertRemoved':
      alerts.delete(event.id);
      return { ...state, alerts };
    case 'PriceAlertFired': {
      const alert = alerts.get(event.id);
      if (!alert || alert.fired !== null) return state;
      alerts.set(event.id, { ...alert, fired: event.trade });
      // A user's fired alerts are history: the oldest beyond KEEP_FIRED go.
      const fired = [...alerts.values()].filter((a) => a.userId === alert.userId && a.fired !== null);
      for (const old of fired.sort((a, b) => a.id - b.id).slice(0, Math.max(0, fired.length - KEEP_FIRED))) {
        alerts.delete(old.id);
      }
      return { ...state, alerts };
    }
  }
}

/** Price alerts as an event-sourced aggregate: set, removed, and fired once by a trade of the tape. */
export const priceAlertAggregate: Aggregate<PriceAlertState, PriceAlertCommand, PriceAlertEvent> = {
  initial: initialPriceAlertState,
  decide,
  evolve,
};
