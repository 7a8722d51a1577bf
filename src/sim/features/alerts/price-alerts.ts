import { firstMovingTrade } from '../../../domain/alerts/move-alert.ts';
import { alertFires } from '../../../domain/alerts/price-alert.ts';
import type { Clock } from '../../clock.ts';
import { priceUnits } from '../../market/lever-terms.ts';
import { pairById } from '../../market/pairs.ts';
import type { EventLog } from '../../store/event-log.ts';
import { EventSourced, type CommandRequest, type ExecuteResult } from '../../store/event-sourced.ts';
import { MemoryCommandLog, type CommandLog } from '../accounts/command-log.ts';
import type { TapeRecorder } from '../micro/tape-recorder.ts';
import type { TapeTradeRef } from '../micro/state.ts';
import type { PrivateHub } from '../spot/spot.ts';
import { priceAlertAggregate } from './aggregate.ts';
import { alertAnswer, type PriceAlertAnswer } from './answers.ts';
import type {
  AlertTrade,
  PriceAlertCommand,
  PriceAlertEvent,
  PriceAlertRecord,
  PriceAlertState,
} from './state.ts';

const STREAM = 'price-alerts';
export const PRICE_ALERT_CHANNEL = 'PRICE_ALERT';

/** A tape trade with its price in ledger units, as alerts compare it. */
export function alertTradeOf(pairId: number, trade: TapeTradeRef): AlertTrade | null {
  const pair = pairById(pairId);
  return pair ? { id: trade.id, time: trade.time, price: priceUnits(pair, trade.price) } : null;
}

/**
 * Price alerts: kept in their own stream of the event log, fired by the public tape's trades on the
 * exchange's side (so they fire while no page is open: a server runs on, and the browser's exchange
 * catches the tape up when a tab opens it again), each exactly once, pushed to the owner as
 * PRICE_ALERT.
 *
 * A move alert's window (up to 4 h) is longer than the tape keeps (15 min), so the trades of pairs
 * with waiting move alerts are also kept here, as far back as their longest window. They are not in
 * the event log: after a restart a move is measured from the trades the tape still holds on.
 */
export class PriceAlerts {
  private firing: Promise<void> | null = null;
  private again = false;
  /** Trades of the pairs with waiting move alerts, oldest first, as far back as their longest window. */
  private readonly moveHistory = new Map<number, AlertTrade[]>();

  private constructor(
    private readonly log: CommandLog<PriceAlertState, PriceAlertCommand, PriceAlertEvent>,
    private readonly tape: TapeRecorder,
    private readonly hub: PrivateHub,
    private readonly clock: Clock,
  ) {
    tape.onTrade((pairId, trade) => {
      const waiting = this.waitingOn(pairId);
      if (waiting.some((alert) => alert.move !== null)) this.remember(pairId, trade, waiting);
      if (waiting.some((alert) => this.firesOn(alert, pairId, trade))) this.fireSoon();
    });
  }

  static async open(options: {
    store: EventLog | null;
    clock: Clock;
    tape: TapeRecorder;
    hub: PrivateHub;
  }): Promise<PriceAlerts> {
    const log = options.store
      ? await EventSourced.open(options.store, priceAlertAggregate, { stream: STREAM, clock: options.clock })
      : new MemoryCommandLog(priceAlertAggregate);
    const alerts = new PriceAlerts(log, options.tape, options.hub, options.clock);
    // Trades the tape shows that came after an alert was set (the exchange was closed meanwhile).
    alerts.fireSoon();
    return alerts;
  }

  state(): PriceAlertState {
    return this.log.state();
  }

  execute(
    command: PriceAlertCommand,
    request?: CommandRequest<PriceAlertState>,
  ): Promise<ExecuteResult<PriceAlertEvent>> {
    return this.log.execute(command, request);
  }

  /** A user's alerts, newest first: the waiting ones and the fired ones kept. */
  alertsOf(userId: number): PriceAlertRecord[] {
    return [...this.state().alerts.values()]
      .filter((alert) => alert.userId === userId)
      .sort((a, b) => b.id - a.id);
  }

  /** The pair's last tape trade, as an alert is checked against it. */
  lastTrade(pairId: number): AlertTrade | null {
    const last = this.tape.last(pairId);
    return last ? alertTradeOf(pairId, last) : null;
  }

  private waitingOn(pairId: number): PriceAlertRecord[] {
    return [...this.state().alerts.values()].filter(
      (alert) => alert.pairId === pairId && alert.fired === null,
    );
  }

  private firesOn(alert: PriceAlertRecord, pairId: number, trade: TapeTradeRef): boolean {
    const units = alertTradeOf(pairId, trade);
    if (units === null || trade.id <= alert.afterTradeId) return false;
    if (alert.direction !== 'moves') return alertFires(alert.direction, alert.target, units.price);
    if (!alert.move) return false;
    const since = trade.time - alert.move.windowMs;
    const window = this.historyOf(pairId).filter(
      (earlier) => earlier.id > alert.afterTradeId && earlier.time >= since,
    );
    return firstMovingTrade(alert.move.bp, alert.move.windowMs, [alert.move.from, ...window]) !== null;
  }

  /** The kept trades of a pair with waiting move alerts; the tape's when none are kept yet. */
  private historyOf(pairId: number): AlertTrade[] {
    let list = this.moveHistory.get(pairId);
    if (!list) {
      list = this.tape.after(pairId, 0).flatMap((trade) => alertTradeOf(pairId, trade) ?? []);
      this.moveHistory.set(pairId, list);
    }
    return list;
  }

  /** Keeps a trade of a pair with waiting move alerts, and forgets those older than their longest window. */
  private remember(pairId: number, trade: TapeTradeRef, waiting: readonly PriceAlertRecord[]): void {
    const units = alertTradeOf(pairId, trade);
    if (!units) return;
    const list = this.historyOf(pairId);
    const last = list[list.length - 1];
    if (!last || last.id < units.id) list.push(units);
    const longest = Math.max(...waiting.map((alert) => alert.move?.windowMs ?? 0));
    // Pruned in batches so the front is not shifted at every trade.
    if (list.length > 256 && list[0]!.time < units.time - longest - 60_000) {
      const keepFrom = list.findIndex((entry) => entry.time >= units.time - longest);
      list.splice(0, Math.max(0, keepFrom));
    }
  }

  /** A pass now, or right after the one running (it may have read the tape before the trade). */
  private fireSoon(): void {
    if (this.firing) {
      this.again = true;
      return;
    }
    // A pass that fails (storage) changes nothing; the next trade that could fire one tries again.
    this.firing = this.fire()
      .catch(() => undefined)
      .finally(() => {
        this.firing = null;
        if (this.again) {
          this.again = false;
          this.fireSoon();
        }
      });
  }

  /** Fires every waiting alert that a trade of the tape since it was set reached. */
  private async fire(): Promise<void> {
    const trades = new Map<number, AlertTrade[]>();
    for (const alert of this.state().alerts.values()) {
      if (alert.fired !== null || trades.has(alert.pairId)) continue;
      const waiting = this.waitingOn(alert.pairId);
      const since = Math.min(...waiting.map((one) => one.afterTradeId));
      const list = this.tape
        .after(alert.pairId, since)
        .flatMap((trade) => alertTradeOf(alert.pairId, trade) ?? []);
      // A move alert's window may reach back further than the tape: the kept trades come first.
      const kept = waiting.some((one) => one.move !== null) ? this.historyOf(alert.pairId) : [];
      const earlier = kept.filter((trade) => trade.id > since && trade.id < (list[0]?.id ?? Infinity));
      trades.set(alert.pairId, [...earlier, ...list]);
    }
    for (const pairId of this.moveHistory.keys()) {
      if (!this.waitingOn(pairId).some((alert) => alert.move !== null)) this.moveHistory.delete(pairId);
    }
    if (trades.size === 0) return;
    const result = await this.log.execute({ kind: 'fireAlerts', at: this.clock.now(), trades });
    if (!result.ok) return;
    for (const event of result.events) {
      if (event.type !== 'PriceAlertFired') continue;
      const alert = this.state().alerts.get(event.id);
      if (!alert) continue;
      const answer: PriceAlertAnswer = alertAnswer(alert);
      this.hub.publishTo(alert.userId, PRICE_ALERT_CHANNEL, { type: PRICE_ALERT_CHANNEL, alert: answer });
    }
  }
}
