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
 */
export class PriceAlerts {
  private firing: Promise<void> | null = null;
  private again = false;

  private constructor(
    private readonly log: CommandLog<PriceAlertState, PriceAlertCommand, PriceAlertEvent>,
    private readonly tape: TapeRecorder,
    private readonly hub: PrivateHub,
    private readonly clock: Clock,
  ) {
    tape.onTrade((pairId, trade) => {
      if (this.waitingOn(pairId).some((alert) => this.firesOn(alert, pairId, trade))) this.fireSoon();
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
    return (
      units !== null &&
      trade.id > alert.afterTradeId &&
      alertFires(alert.direction, alert.target, units.price)
    );
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
      const since = Math.min(...this.waitingOn(alert.pairId).map((waiting) => waiting.afterTradeId));
      const list = this.tape
        .after(alert.pairId, since)
        .flatMap((trade) => alertTradeOf(alert.pairId, trade) ?? []);
      trades.set(alert.pairId, list);
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
