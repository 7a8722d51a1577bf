import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEVER_CLOSE_USER,
  LEVER_STATUS_CLOSED,
  LEVER_STATUS_OPEN,
} from '../../../src/domain/contract-codes.ts';
import {
  leverCloseOrderLots,
  leverCloseOrderProblem,
  leverCloseOrderTouched,
} from '../../../src/domain/lever/close-order.ts';
import { leverSplit } from '../../../src/domain/lever/partial-close.ts';
import { leverPnl, tickUnits } from '../../../src/domain/lever/rules.ts';
import { exchangeAggregate, type ExchangeCommand } from '../../../src/sim/exchange/exchange.ts';
import { leverPositionAnswer } from '../../../src/sim/features/lever/answers.ts';
import type { LeverEvent } from '../../../src/sim/features/lever/events.ts';
import { leverOf, leverPart, leverTriggeredBy } from '../../../src/sim/features/lever/part.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import { bookKey, SYSTEM_BOOKS } from '../../../src/sim/ledger/postings.ts';
import { priceUnits } from '../../../src/sim/market/lever-terms.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  closeAtPrice,
  closePriceText,
  leverPositionsMachine,
  type LeverAct,
  type LeverAsk,
  type LeverLists,
  type LeverListsRequest,
  type LeverPosition,
} from '../../../src/machines/lever-positions.machine.ts';

/**
 * Issue 32 item 4, at a price: a position's resting close order (domain/lever/close-order.ts). Its
 * rule, and the exchange keeping it: refused on the wrong side of the last trade or for lots the
 * position does not hold (no event), fired by the first later trade that reaches it and by no
 * other, closing its lots at that trade's price like a close at market (a part with its row and its
 * line in the records, the ledger balanced), then gone; cancelled by price 0.
 */
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, leverPart]);
const USDT = 1;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

describe('close order at a price (issue 32 item 4)', () => {
  it('is refused for lots not 1 to all, off the tick, or not beyond the last trade on its side', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.bigInt({ min: 1n, max: 500n }),
        fc.bigInt({ min: -2n, max: 502n }),
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        fc.integer({ min: 0, max: 8 }),
        (side, held, lots, last, price, decimals) => {
          const tick = tickUnits(decimals);
          const problem = leverCloseOrderProblem(side, held, lots, price * tick, last * tick, decimals);
          if (lots < 1n || lots > held) {
            expect(problem).toBe('closeLots');
            return;
          }
          const beyond = side === 'long' ? price > last : price < last;
          expect(problem).toBe(price > 0n && beyond ? null : 'closeOrderSide');
          // Off the tick: refused whatever the side.
          if (tick > 1n)
            expect(leverCloseOrderProblem(side, held, lots, price * tick + 1n, last * tick, decimals)).toBe(
              'closeOrderSide',
            );
        },
      ),
    );
  });

  it('is refused at no price, or against no last trade, whatever the side', () => {
    for (const side of ['long', 'short'] as const) {
      expect(leverCloseOrderProblem(side, 5n, 1n, 0n, 100n, 0)).toBe('closeOrderSide');
      expect(leverCloseOrderProblem(side, 5n, 1n, 100n, 0n, 0)).toBe('closeOrderSide');
      expect(leverCloseOrderProblem(side, 5n, 1n, -100n, 100n, 0)).toBe('closeOrderSide');
    }
  });

  it('fires at or beyond its price, and never closes more than the position holds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 500n }),
        fc.bigInt({ min: 1n, max: 500n }),
        (side, price, trade, order, held) => {
          expect(leverCloseOrderTouched(side, price, trade)).toBe(
            side === 'long' ? trade >= price : trade <= price,
          );
          expect(leverCloseOrderTouched(side, 0n, trade)).toBe(false);
          // A trade at exactly its price reaches it, on either side.
          expect(leverCloseOrderTouched(side, price, price)).toBe(true);
          const lots = leverCloseOrderLots(order, held);
          expect(lots <= held && lots <= order && (lots === held || lots === order)).toBe(true);
        },
      ),
    );
  });

  it('in the exchange: refused without an event, fired once by the first trade reaching it, recorded as a part', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.integer({ min: 2, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 300 }),
        (side, lots, orderLots, bps) => {
          const pair = pairById(1)!;
          let state = aggregate.initial();
          const events: LeverEvent[] = [];
          const run = (command: unknown) => {
            const decision = aggregate.decide(state, command as ExchangeCommand);
            if (!decision.ok) return decision.error;
            for (const event of decision.events) {
              state = aggregate.evolve(state, event);
              events.push(event as unknown as LeverEvent);
            }
            return null;
          };
          const last = { id: 100, time: START, price: 6_500_000 };
          run({
            kind: 'credit',
            at: START,
            grant: 0,
            userId: 1,
            lines: [{ currencyId: USDT, units: 10n ** 14n }],
          });
          run({
            kind: 'transfer',
            at: START,
            userId: 1,
            currencyId: USDT,
            from: 'change',
            to: 'lever',
            units: 10n ** 12n,
          });
          expect(
            run({
              kind: 'leverPlace',
              at: START,
              userId: 1,
              pairId: 1,
              side,
              lots: BigInt(lots),
              multiple: 10,
              limit: 0n,
              last,
            }),
          ).toBeNull();
          const id = leverOf(state).nextId - 1;
          const sign = side === 'long' ? 1 : -1;
          const target = last.price + sign * Math.max(1, Math.round((last.price * bps) / 10_000));
          const order = (price: number, wanted: number) => ({
            kind: 'leverCloseAt',
            at: START + 1,
            userId: 1,
            positionId: id,
            lots: BigInt(wanted),
            price: priceUnits(pair, price),
            last,
          });
          const before = events.length;
          // Wrong side (at or behind the last trade) and lots it does not hold: refused, no event.
          expect(run(order(last.price - sign * 10, 1))).toBe('leverCloseOrderSide');
          expect(run(order(last.price, 1))).toBe('leverCloseOrderSide');
          expect(run(order(target, lots + 1))).toBe('leverCloseLots');
          expect(run({ ...order(target, 1), userId: 2 })).toBe('leverNotFound');
          expect(events.length).toBe(before);
          const wanted = Math.min(orderLots, lots);
          expect(run(order(target, wanted))).toBeNull();
          const open = leverOf(state).positions.get(id)!;
          expect(leverPositionAnswer(state, open, new Map())).toMatchObject({
            close_order_share: String(wanted),
            close_order_price: expect.stringMatching(/^\d+\.\d{8}$/),
          });
          // A trade short of the price fires nothing.
          const short = { id: 101, time: START + 2_000, price: target - sign };
          expect(leverTriggeredBy(state, 1, short)).toBe(false);
          run({ kind: 'leverAdvance', at: START + 2_000, day: 0, trades: [{ pairId: 1, trades: [short] }] });
          expect(leverOf(state).positions.get(id)!.closeOrder?.lots).toBe(BigInt(wanted));
          // The first trade beyond it fires it, at that trade's price.
          const reach = { id: 102, time: START + 3_000, price: target + sign * 5 };
          expect(leverTriggeredBy(state, 1, reach)).toBe(true);
          const held = leverOf(state).positions.get(id)!;
          const logs = state.wallet.logs.get(1)?.length ?? 0;
          const fired = events.length;
          run({ kind: 'leverAdvance', at: START + 3_000, day: 0, trades: [{ pairId: 1, trades: [reach] }] });
          const produced = events.slice(fired).filter((event) => event.type !== 'LeverMarked');
          const price = priceUnits(pair, reach.price);
          if (wanted < lots) {
            const part = produced.find((event) => event.type === 'LeverPartClosed');
            if (!part || part.type !== 'LeverPartClosed') throw new Error('no part closed');
            expect(part.lots).toBe(BigInt(wanted));
            expect(part.price).toBe(price);
            expect(part.trade).toEqual(reach);
            expect(part.pnl).toBe(
              leverPnl(side, held.entry, price, leverSplit(held, BigInt(wanted)).closed.quantity),
            );
            expect(leverOf(state).positions.get(part.partId)).toMatchObject({
              status: LEVER_STATUS_CLOSED,
              partOf: id,
              closeReason: LEVER_CLOSE_USER,
            });
            expect(leverOf(state).positions.get(id)).toMatchObject({
              status: LEVER_STATUS_OPEN,
              lots: BigInt(lots - wanted),
            });
          } else {
            expect(produced.some((event) => event.type === 'LeverClosed' && event.price === price)).toBe(
              true,
            );
            expect(leverOf(state).positions.get(id)!.status).toBe(LEVER_STATUS_CLOSED);
          }
          // Gone once fired: a later trade there fires nothing more.
          expect(leverOf(state).positions.get(id)!.closeOrder).toBeUndefined();
          expect(leverTriggeredBy(state, 1, { id: 103, time: START + 4_000, price: reach.price })).toBe(
            false,
          );
          // Its line in the records, and the ledger still sums to 0.
          expect((state.wallet.logs.get(1) ?? []).slice(logs).map((line) => line.kind)).toEqual([
            'leverClose',
          ]);
          const totals = new Map<number, bigint>();
          for (const [key, b] of state.balances) {
            const currency = Number(key.split(':')[1]);
            totals.set(currency, (totals.get(currency) ?? 0n) + b.available + b.locked);
          }
          for (const [currency, total] of totals) {
            let sum = total;
            for (const book of SYSTEM_BOOKS) sum += state.books.get(bookKey(book, currency)) ?? 0n;
            expect(sum).toBe(0n);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('price 0 cancels a close order; a cancelled one never fires', () => {
    const pair = pairById(1)!;
    let state = aggregate.initial();
    const run = (command: unknown) => {
      const decision = aggregate.decide(state, command as ExchangeCommand);
      if (!decision.ok) return decision.error;
      for (const event of decision.events) state = aggregate.evolve(state, event);
      return null;
    };
    const last = { id: 100, time: START, price: 6_500_000 };
    run({ kind: 'credit', at: START, grant: 0, userId: 1, lines: [{ currencyId: USDT, units: 10n ** 14n }] });
    run({
      kind: 'transfer',
      at: START,
      userId: 1,
      currencyId: USDT,
      from: 'change',
      to: 'lever',
      units: 10n ** 12n,
    });
    run({
      kind: 'leverPlace',
      at: START,
      userId: 1,
      pairId: 1,
      side: 'long',
      lots: 4n,
      multiple: 10,
      limit: 0n,
      last,
    });
    const id = leverOf(state).nextId - 1;
    const at = (price: bigint) => ({
      kind: 'leverCloseAt',
      at: START,
      userId: 1,
      positionId: id,
      lots: 2n,
      price,
      last,
    });
    expect(run(at(priceUnits(pair, 6_600_000)))).toBeNull();
    expect(run(at(0n))).toBeNull();
    expect(leverOf(state).positions.get(id)!.closeOrder).toBeUndefined();
    expect(leverTriggeredBy(state, 1, { id: 101, time: START + 1, price: 6_700_000 })).toBe(false);
  });

  it('the close dialog at a price: refused on the wrong side of the last price, as typed; sent with its lots', async () => {
    const row = {
      id: 7,
      share: '4',
      type: 1,
      currency_match_id: 1,
      status: LEVER_STATUS_OPEN,
    } as unknown as LeverPosition;
    const acts: LeverAct[] = [];
    const actor = createActor(
      leverPositionsMachine.provide({
        actors: {
          loadLists: fromPromise<LeverLists, LeverListsRequest>(async () => ({
            open: [row],
            paged: null,
            totals: { delegation: 1, all: 1, pending: 0, closed: 0 },
          })),
          act: fromPromise<LeverPosition[], LeverAct>(async ({ input }) => {
            acts.push(input);
            return [];
          }),
        },
      }),
      { input: { matchId: 1, priceDecimals: 2, decimalComma: true } },
    ).start();
    await waitFor(actor, (s) => s.context.open.length === 1);
    actor.send({ type: 'LAST', price: '100' });
    actor.send({ type: 'CLOSE', id: 7 });
    actor.send({ type: 'CLOSE_PERCENT', percent: 50 });
    actor.send({ type: 'CLOSE_AT', at: 'price' });
    const terms = () => actor.getSnapshot().context;
    const ask = () => actor.getSnapshot().context.ask as Extract<LeverAsk, { kind: 'close' }>;
    for (const [text, verdict] of [
      ['', 'closePriceRequired'],
      ['abc', 'notNumber'],
      ['99,5', 'closeOrderSide'],
      ['100', 'closeOrderSide'],
      ['100,001', 'tooManyDecimals'],
      ['100,5', null],
    ] as const) {
      actor.send({ type: 'CLOSE_PRICE', text });
      expect(ask().price).toBe(text);
      const read = closeAtPrice(ask(), 2, terms());
      expect('problem' in read ? read.problem.kind : null).toBe(verdict);
      if (verdict !== null) {
        actor.send({ type: 'CONFIRM' });
        expect(actor.getSnapshot().matches({ dialog: 'asking' })).toBe(true);
      }
    }
    expect(closePriceText(ask(), terms())).toBe('100.5');
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ dialog: 'none' }));
    expect(acts).toMatchObject([
      { ask: { id: 7, lots: '2', at: 'price', price: '100,5' }, terms: { last: '100' } },
    ]);
    // The resting order cancelled from the same dialog, without the confirm.
    actor.send({ type: 'CLOSE', id: 7 });
    actor.send({ type: 'CLOSE_ORDER_CANCEL' });
    await waitFor(actor, (s) => s.matches({ dialog: 'none' }));
    expect(acts[1]).toMatchObject({ ask: { id: 7, at: 'cancelOrder' } });
    actor.stop();
  });
});
