import { LEVER_STATUS_OPEN } from '../../../domain/contract-codes.ts';
import type { LeverSide } from '../../../domain/lever/rules.ts';
import { userBalance, type Balance } from '../../ledger/postings.ts';
import { DAY_MS } from '../../market/lever-terms.ts';
import type { Market } from '../../market/market.ts';
import { commandRequest, type AnswerOnce } from '../../answer-once.ts';
import type { CommandLog } from '../accounts/command-log.ts';
import type { TapeTradeRef } from '../micro/state.ts';
import type { TapeRecorder } from '../micro/tape-recorder.ts';
import type { PrivateHub } from '../spot/spot.ts';
import { BALANCE_CHANNEL } from '../wallet/wallet.ts';
import { leverAccountAnswer, leverPositionAnswer } from './answers.ts';
import type { LeverBatch, LeverCommand } from './events.ts';
import { leverOf, leverTriggeredBy } from './part.ts';
import { positionsOfUser, type LeverPosition } from './state.ts';
import { unitsText } from '../../../domain/money.ts';
import type { ExchangeCommand, ExchangeEvent } from '../../exchange/exchange.ts';
import type { ExchangeState } from '../../exchange/state.ts';

/** The private channels of lever (spec §7): reach the owner only. */
export const LEVER_TRADE_CHANNEL = 'LEVER_TRADE';
export const LEVER_CLOSED_CHANNEL = 'LEVER_CLOSED';

export type LeverOutcome<T> = { ok: true; value: T } | { ok: false; key: string };

/** A lever route's answer for a request with an id, stored with its command (answer-once.ts). */
export type LeverRequest<T> = AnswerOnce<LeverOutcome<T>, ExchangeState>;

/** The position a lever command's reply names, in the state the command led to. */
function positionOutcome(state: ExchangeState, reply: unknown): LeverOutcome<LeverPosition> {
  const position = leverOf(state).positions.get(reply as number);
  return position ? { ok: true, value: position } : { ok: false, key: 'internal' };
}

/**
 * The lever service: places, closes and cancels positions as commands of the exchange's one log,
 * and runs the clock's pass (fixed-price fills, take-profit, stop-loss, liquidation, overnight fees)
 * on the public tape's trades, each close citing its trade. Pushes go to the owner only.
 */
export class Lever {
  constructor(
    private readonly log: CommandLog<ExchangeState, ExchangeCommand, ExchangeEvent>,
    private readonly market: Market,
    private readonly tape: TapeRecorder,
    private readonly hub: PrivateHub,
  ) {
    // Stops, liquidations and fixed-price orders fire on the trade that crosses them, not on the
    // next tick of the clock's timer (a second of wall time, times the demo speed).
    tape.onTrade((pairId, trade) => {
      if (leverTriggeredBy(this.state(), pairId, trade)) this.advanceSoon();
    });
  }

  state(): ExchangeState {
    return this.log.state();
  }

  positions(): ReadonlyMap<number, LeverPosition> {
    return leverOf(this.state()).positions;
  }

  /** A user's positions of every status (pending orders and closed parts too), newest first. */
  positionsOf(userId: number): LeverPosition[] {
    return positionsOfUser(leverOf(this.state()), userId);
  }

  balance(userId: number, currencyId: number): Balance {
    return userBalance(this.state(), userId, 'lever', currencyId);
  }

  /** Each pair's last tape trade now: the live marks of answers and pushes. */
  marks(): Map<number, TapeTradeRef> {
    const marks = new Map(leverOf(this.state()).marks);
    for (const pair of this.market.pairs) {
      const last = this.tape.last(pair.pair.id);
      if (last && (marks.get(pair.pair.id)?.id ?? 0) <= last.id) marks.set(pair.pair.id, last);
    }
    return marks;
  }

  /** A position as the contract answers it, in `state` (the live one unless a command's next). */
  answer(position: LeverPosition, state: ExchangeState = this.state()) {
    return leverPositionAnswer(state, position, this.marks());
  }

  account(userId: number, currencyId: number) {
    return leverAccountAnswer(this.state(), userId, currencyId, this.marks());
  }

  async place(
    input: {
      userId: number;
      pairId: number;
      side: LeverSide;
      lots: bigint;
      multiple: number;
      limit: bigint;
      takeProfit: bigint;
      stopLoss: bigint;
    },
    request?: LeverRequest<LeverPosition>,
  ): Promise<LeverOutcome<LeverPosition>> {
    await this.advance();
    const at = this.market.advanceToNow();
    const last = this.tape.last(input.pairId);
    if (!last) return { ok: false, key: 'leverNoPrice' };
    return this.run({ kind: 'leverPlace', at, ...input, last }, input.userId, request);
  }

  async cancel(
    userId: number,
    positionId: number,
    request?: LeverRequest<LeverPosition>,
  ): Promise<LeverOutcome<LeverPosition>> {
    await this.advance();
    return this.run(
      { kind: 'leverCancel', at: this.market.advanceToNow(), userId, positionId },
      userId,
      request,
    );
  }

  /** Closes the position, or `lots` of it (fewer than it holds: a part, answered as its own row). */
  async close(
    userId: number,
    positionId: number,
    request?: LeverRequest<LeverPosition>,
    lots?: bigint,
  ): Promise<LeverOutcome<LeverPosition>> {
    await this.advance();
    const position = this.positions().get(positionId);
    const last = position ? this.tape.last(position.pairId) : null;
    if (!position || position.userId !== userId) return { ok: false, key: 'leverNotFound' };
    if (!last) return { ok: false, key: 'leverNoPrice' };
    return this.run(
      {
        kind: 'leverClose',
        at: this.market.advanceToNow(),
        userId,
        positionId,
        last,
        ...(lots === undefined ? {} : { lots }),
      },
      userId,
      request,
    );
  }

  /**
   * Places the position's close order: `lots` (absent: all it holds) at `price`; price 0 cancels it.
   */
  async closeAt(
    userId: number,
    positionId: number,
    lots: bigint | undefined,
    price: bigint,
    request?: LeverRequest<LeverPosition>,
  ): Promise<LeverOutcome<LeverPosition>> {
    await this.advance();
    const position = this.positions().get(positionId);
    if (!position || position.userId !== userId) return { ok: false, key: 'leverNotFound' };
    const last = this.tape.last(position.pairId);
    if (!last) return { ok: false, key: 'leverNoPrice' };
    return this.run(
      {
        kind: 'leverCloseAt',
        at: this.market.advanceToNow(),
        userId,
        positionId,
        lots: lots ?? position.lots,
        price,
        last,
      },
      userId,
      request,
    );
  }

  /** A reduce-only order (domain/lever/reduce-only.ts): `lots` off the positions on the other side. */
  reduce(
    input: { userId: number; pairId: number; side: LeverSide; lots: bigint },
    request?: LeverRequest<LeverPosition[]>,
  ): Promise<LeverOutcome<LeverPosition[]>> {
    return this.closeMany(input.pairId, (at, last) => ({ kind: 'leverReduce', at, ...input, last }), request);
  }

  batchClose(
    userId: number,
    pairId: number,
    batch: LeverBatch,
    request?: LeverRequest<LeverPosition[]>,
  ): Promise<LeverOutcome<LeverPosition[]>> {
    return this.closeMany(
      pairId,
      (at, last) => ({ kind: 'leverBatchClose', at, userId, pairId, batch, last }),
      request,
    );
  }

  /**
   * Runs a command that closes (part of) several positions of one pair at its last price, and
   * answers the positions it closed, as their reply's ids name them.
   */
  private async closeMany(
    pairId: number,
    command: (at: number, last: TapeTradeRef) => LeverCommand,
    request?: LeverRequest<LeverPosition[]>,
  ): Promise<LeverOutcome<LeverPosition[]>> {
    await this.advance();
    const last = this.tape.last(pairId);
    if (!last) return { ok: false, key: 'leverNoPrice' };
    const closed = (state: ExchangeState, reply: unknown): LeverOutcome<LeverPosition[]> => ({
      ok: true,
      value: (reply as number[]).flatMap((id) => leverOf(state).positions.get(id) ?? []),
    });
    const result = await this.log.execute(
      command(this.market.advanceToNow(), last),
      commandRequest(request, closed),
    );
    if (!result.ok) return { ok: false, key: keyOf(result.error) };
    this.afterEvents(result.events);
    return closed(this.state(), result.reply);
  }

  async setStops(
    userId: number,
    positionId: number,
    takeProfit: bigint,
    stopLoss: bigint,
    request?: LeverRequest<LeverPosition>,
  ): Promise<LeverOutcome<LeverPosition>> {
    await this.advance();
    const position = this.positions().get(positionId);
    if (!position || position.userId !== userId) return { ok: false, key: 'leverNotFound' };
    const last = this.tape.last(position.pairId);
    if (!last) return { ok: false, key: 'leverNoPrice' };
    return this.run(
      {
        kind: 'leverSetStops',
        at: this.market.advanceToNow(),
        userId,
        positionId,
        takeProfit,
        stopLoss,
        last,
      },
      userId,
      request,
    );
  }

  private advancing: Promise<void> | null = null;
  private tradePending = false;

  /** A pass now, or right after the one running (it may have read the tape before the trade). */
  private advanceSoon(): void {
    if (this.advancing) this.tradePending = true;
    // A pass that fails (storage) changes nothing: the clock's pass tries again.
    else this.advance().catch(() => undefined);
  }

  /**
   * The clock's pass: the tape's trades since each pair's recorded mark, for every pair with a
   * pending order or an open position. Called once a second by the worker and before every answer.
   * Then a LEVER_TRADE push to every holder.
   */
  advance(): Promise<void> {
    this.advancing ??= this.runAdvance().finally(() => {
      this.advancing = null;
      if (this.tradePending) {
        this.tradePending = false;
        this.advanceSoon();
      }
    });
    return this.advancing;
  }

  private async runAdvance(): Promise<void> {
    const lever = leverOf(this.state());
    if (lever.active.size === 0) return;
    const at = this.market.advanceToNow();
    const pairs = new Set<number>();
    for (const id of lever.active) {
      const p = lever.positions.get(id);
      if (p) pairs.add(p.pairId);
    }
    const trades: { pairId: number; trades: TapeTradeRef[] }[] = [];
    for (const pairId of pairs) {
      const pair = this.market.pair(pairId);
      // A pair holding an action (a user's fill being settled) has not published its tape yet.
      if (!pair || pair.isActing()) continue;
      const since = lever.marks.get(pairId)?.id ?? 0;
      const list = this.tape.after(pairId, since).filter((trade) => trade.time <= at);
      if (list.length > 0) trades.push({ pairId, trades: list });
    }
    const command: LeverCommand = { kind: 'leverAdvance', at, day: Math.floor(at / DAY_MS), trades };
    const result = await this.log.execute(command);
    if (result.ok) this.afterEvents(result.events);
    this.pushTrades();
  }

  /**
   * LEVER_TRADE to every user holding open positions: their own account, per quote currency, once
   * for each pair they hold positions in, tagged with its currency_match_id (the family's clients
   * update a pair's page from the frames of that pair only). Every copy lists the whole account.
   */
  pushTrades(only?: number): void {
    const lever = leverOf(this.state());
    const holders = new Map<string, { userId: number; currencyId: number; rows: LeverPosition[] }>();
    for (const id of lever.active) {
      const p = lever.positions.get(id);
      if (!p || p.status !== LEVER_STATUS_OPEN || (only !== undefined && p.userId !== only)) continue;
      const key = `${p.userId}:${p.currencyId}`;
      const entry = holders.get(key) ?? { userId: p.userId, currencyId: p.currencyId, rows: [] };
      entry.rows.push(p);
      holders.set(key, entry);
    }
    if (holders.size === 0) return;
    const state = this.state();
    const marks = this.marks();
    for (const { userId, currencyId, rows } of holders.values()) {
      const account = leverAccountAnswer(state, userId, currencyId, marks);
      const frame = {
        type: LEVER_TRADE_CHANNEL,
        currency_id: currencyId,
        currency_code: account.currency_code,
        hazard_rate: account.hazard_rate,
        profits_all: account.profits_all,
        caution_money_all: account.caution_money_all,
        origin_caution_money_all: account.origin_caution_money_all,
        trades_all: rows.sort((a, b) => b.id - a.id).map((p) => leverPositionAnswer(state, p, marks)),
      };
      for (const pairId of new Set(rows.map((p) => p.pairId))) {
        this.hub.publishTo(userId, LEVER_TRADE_CHANNEL, { ...frame, currency_match_id: pairId });
      }
    }
  }

  private async run(
    command: LeverCommand,
    userId: number,
    request?: LeverRequest<LeverPosition>,
  ): Promise<LeverOutcome<LeverPosition>> {
    const result = await this.log.execute(command, commandRequest(request, positionOutcome));
    if (!result.ok) return { ok: false, key: keyOf(result.error) };
    this.afterEvents(result.events);
    this.pushTrades(userId);
    return positionOutcome(this.state(), result.reply);
  }

  /** LEVER_CLOSED for closes and cancels, and BALANCE for every lever account the events moved. */
  private afterEvents(events: readonly ExchangeEvent[]): void {
    const closed = new Map<number, number[]>();
    const moved = new Map<string, { userId: number; currencyId: number }>();
    const positions = this.positions();
    for (const event of events) {
      const id =
        event.type === 'LeverPlaced'
          ? event.position.id
          : 'positionId' in event
            ? event.positionId
            : undefined;
      const ids =
        event.type === 'LeverOvernight'
          ? event.charges.map((charge) => charge.positionId)
          : id === undefined
            ? []
            : [id];
      for (const positionId of ids) {
        const p = positions.get(positionId);
        if (!p) continue;
        moved.set(`${p.userId}:${p.currencyId}`, { userId: p.userId, currencyId: p.currencyId });
        if (event.type === 'LeverClosed' || event.type === 'LeverCancelled')
          closed.set(p.userId, [...(closed.get(p.userId) ?? []), p.id]);
        // A closed part is a closed position of its own (the rest stays open).
        if (event.type === 'LeverPartClosed')
          closed.set(p.userId, [...(closed.get(p.userId) ?? []), event.partId]);
      }
    }
    const state = this.state();
    const marks = this.marks();
    for (const [userId, ids] of closed) {
      this.hub.publishTo(userId, LEVER_CLOSED_CHANNEL, {
        type: LEVER_CLOSED_CHANNEL,
        // The family's clients read the closed ids as `id` (and call id.forEach); `ids` is the same list.
        id: ids,
        ids,
        trades: ids.flatMap((id) => {
          const p = positions.get(id);
          return p ? [leverPositionAnswer(state, p, marks)] : [];
        }),
      });
    }
    for (const { userId, currencyId } of moved.values()) {
      const balance = this.balance(userId, currencyId);
      this.hub.publishTo(userId, BALANCE_CHANNEL, {
        type: BALANCE_CHANNEL,
        account: 'lever',
        currency_id: currencyId,
        balance: unitsText(balance.available),
        lock_balance: unitsText(balance.locked),
      });
    }
  }

  /** The simulated time the market has reached. */
  now(): number {
    return Math.max(this.market.time(), 0);
  }
}

function keyOf(error: string): string {
  return error.startsWith('lever') || error.startsWith('wallet') ? error : 'internal';
}
