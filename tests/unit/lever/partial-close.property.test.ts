import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVER_STATUS_CLOSED, LEVER_STATUS_OPEN } from '../../../src/domain/contract-codes.ts';
import {
  leverCloseLotsAllowed,
  leverLotsAtPercent,
  leverSplit,
  type LeverSplittable,
} from '../../../src/domain/lever/partial-close.ts';
import { leverPnl, leverSettlement } from '../../../src/domain/lever/rules.ts';
import { exchangeAggregate, type ExchangeCommand } from '../../../src/sim/exchange/exchange.ts';
import { leverPositionAnswer } from '../../../src/sim/features/lever/answers.ts';
import type { LeverEvent } from '../../../src/sim/features/lever/events.ts';
import { leverOf, leverPart } from '../../../src/sim/features/lever/part.ts';
import { spotAggregate } from '../../../src/sim/features/spot/aggregate.ts';
import { walletPart } from '../../../src/sim/features/wallet/part.ts';
import { bookKey, SYSTEM_BOOKS, userBalance } from '../../../src/sim/ledger/postings.ts';
import { LEVER_MULTIPLES, priceUnits } from '../../../src/sim/market/lever-terms.ts';
import { pairById } from '../../../src/sim/market/pairs.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  closeLots,
  leverPositionsMachine,
  type LeverAct,
  type LeverLists,
  type LeverListsRequest,
  type LeverPosition,
} from '../../../src/machines/lever-positions.machine.ts';

/**
 * Issue 32 item 4: closing part of a lever position. The split loses and makes up nothing; a part
 * closes at the market like a whole close on its share (PnL on its quantity, its share of the bond
 * back, a deeper loss from the balance, then the insurance book); the ledger stays balanced and
 * locked as the open bonds say; the ledger's records and the history have a line and a row for
 * every part; closing the parts and then the rest pays exactly what one whole close would have
 * (but for the rounding of each part's PnL, never in the user's favour).
 */
const aggregate = exchangeAggregate(spotAggregate(pairById), [walletPart, leverPart]);
const USDT = 1;
const START = Date.UTC(2026, 10, 2, 9, 0, 0);

const splittable = fc
  .record({
    lots: fc.bigInt({ min: 2n, max: 500n }),
    share: fc.bigInt({ min: 1n, max: 10n ** 8n }),
    bond: fc.bigInt({ min: 0n, max: 10n ** 13n }),
    originBond: fc.bigInt({ min: 0n, max: 10n ** 13n }),
    fee: fc.bigInt({ min: 0n, max: 10n ** 11n }),
    overnight: fc.bigInt({ min: 0n, max: 10n ** 11n }),
  })
  .map(({ share, ...rest }) => ({ ...rest, quantity: rest.lots * share }));

describe('partial close of a lever position (issue 32)', () => {
  it('splits into a part and a rest that add up to the position, the part never charged above its share', () => {
    fc.assert(
      fc.property(splittable, fc.nat(), (position, pick) => {
        const part = 1n + (BigInt(pick) % (position.lots - 1n));
        const { closed, rest } = leverSplit(position, part);
        for (const key of Object.keys(position) as (keyof LeverSplittable)[]) {
          expect(closed[key] + rest[key]).toBe(position[key]);
          expect(closed[key] * position.lots <= position[key] * part).toBe(true);
          expect((closed[key] + 1n) * position.lots > position[key] * part).toBe(true);
        }
        expect(closed.lots).toBe(part);
        // Quantity is lots x share_num: the part's is exact.
        expect(closed.quantity * position.lots).toBe(position.quantity * part);
      }),
    );
  });

  it('a share of the lots is rounded down; 1 to all of them may close', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000n }), fc.constantFrom(25, 50, 75, 100), (lots, percent) => {
        const part = leverLotsAtPercent(lots, percent);
        expect(part * 100n <= lots * BigInt(percent)).toBe(true);
        expect((part + 1n) * 100n > lots * BigInt(percent)).toBe(true);
        expect(leverCloseLotsAllowed(lots, part)).toBe(part >= 1n);
      }),
    );
    expect(leverLotsAtPercent(7n, 25)).toBe(1n);
    // No share, or a share of nothing, is nothing.
    for (const percent of [0, -25]) expect(leverLotsAtPercent(7n, percent)).toBe(0n);
    for (const lots of [0n, -7n]) expect(leverLotsAtPercent(lots, 50)).toBe(0n);
    expect(leverCloseLotsAllowed(3n, 0n)).toBe(false);
    expect(leverCloseLotsAllowed(3n, 4n)).toBe(false);
    expect(leverCloseLotsAllowed(3n, 3n)).toBe(true);
  });

  it('in the exchange: parts and rest settle like the whole, the ledger balanced, every part recorded', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2),
        fc.constantFrom('long' as const, 'short' as const),
        fc.integer({ min: 2, max: 500 }),
        fc.constantFrom(...LEVER_MULTIPLES),
        fc.array(fc.record({ bps: fc.integer({ min: -900, max: 900 }), pick: fc.nat() }), {
          minLength: 1,
          maxLength: 5,
        }),
        (pairId, side, lots, multiple, closes) => {
          const pair = pairById(pairId)!;
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
          const last = { id: 100, time: START, price: pairId === 1 ? 6_500_000 : 350_000 };
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
          const place = {
            kind: 'leverPlace',
            at: START,
            userId: 1,
            pairId,
            side,
            lots: BigInt(lots),
            multiple,
          };
          if (run({ ...place, limit: 0n, last }) !== null) return;
          const id = leverOf(state).nextId - 1;
          const whole = leverOf(state).positions.get(id)!;
          const logsBefore = state.wallet.logs.get(1)?.length ?? 0;
          let at = START;
          let tradeId = 100;
          let parts = 0;
          for (const { bps, pick } of closes) {
            const p = leverOf(state).positions.get(id)!;
            if (p.status !== LEVER_STATUS_OPEN) break;
            at += 1_000;
            tradeId += 1;
            const trade = {
              id: tradeId,
              time: at,
              price: Math.max(1, Math.round(last.price * (1 + bps / 10_000))),
            };
            const wanted = BigInt(pick % (Number(p.lots) + 2));
            const freeBefore = userBalance(state, 1, 'lever', USDT).available;
            const refusal = run({
              kind: 'leverClose',
              at,
              userId: 1,
              positionId: id,
              last: trade,
              lots: wanted,
            });
            expect(refusal).toBe(leverCloseLotsAllowed(p.lots, wanted) ? null : 'leverCloseLots');
            if (refusal !== null) continue;
            const event = events.at(-1)!;
            const price = priceUnits(pair, trade.price);
            if (wanted === p.lots) {
              expect(event.type).toBe('LeverClosed');
              continue;
            }
            parts += 1;
            if (event.type !== 'LeverPartClosed') throw new Error(`expected a part, got ${event.type}`);
            const { closed, rest } = leverSplit(p, wanted);
            expect(event.pnl).toBe(leverPnl(p.side, p.entry, price, closed.quantity));
            expect({
              returned: event.returned,
              fromBalance: event.fromBalance,
              fromInsurance: event.fromInsurance,
            }).toEqual(leverSettlement(closed.bond, event.pnl, freeBefore));
            const part = leverOf(state).positions.get(event.partId)!;
            expect(part).toMatchObject({
              status: LEVER_STATUS_CLOSED,
              partOf: id,
              lots: wanted,
              pnl: event.pnl,
            });
            expect(leverPositionAnswer(state, part, new Map()).part_of).toBe(id);
            expect(leverOf(state).positions.get(id)).toMatchObject({ ...rest, status: LEVER_STATUS_OPEN });
          }
          // The ledger: every currency sums to 0, nothing negative, the lock is the open bond.
          const totals = new Map<number, bigint>();
          for (const [key, b] of state.balances) {
            expect(b.available >= 0n && b.locked >= 0n).toBe(true);
            const currency = Number(key.split(':')[1]);
            totals.set(currency, (totals.get(currency) ?? 0n) + b.available + b.locked);
          }
          for (const [currency, total] of totals) {
            let sum = total;
            for (const book of SYSTEM_BOOKS) sum += state.books.get(bookKey(book, currency)) ?? 0n;
            expect(sum).toBe(0n);
          }
          const now = leverOf(state).positions.get(id)!;
          expect(userBalance(state, 1, 'lever', USDT).locked).toBe(
            now.status === LEVER_STATUS_OPEN ? now.bond : 0n,
          );
          // The parts and what is left add up to the position as opened.
          const pieces = [...leverOf(state).positions.values()].filter((p) => p.id === id || p.partOf === id);
          expect(pieces.length).toBe(parts + 1);
          for (const key of ['lots', 'quantity', 'bond', 'originBond', 'fee'] as const)
            expect(pieces.reduce((sum, p) => sum + p[key], 0n)).toBe(whole[key]);
          // One line of the records for every part and the final close, each naming the position.
          const lines = (state.wallet.logs.get(1) ?? [])
            .slice(logsBefore)
            .filter((line) => line.kind === 'leverClose');
          const moved = events.filter(
            (e) => (e.type === 'LeverPartClosed' || e.type === 'LeverClosed') && e.returned !== e.fromBalance,
          );
          expect(lines.map((line) => line.value)).toEqual(
            moved.map((e) =>
              e.type === 'LeverPartClosed' || e.type === 'LeverClosed' ? e.returned - e.fromBalance : 0n,
            ),
          );
          expect(lines.every((line) => line.detail === String(id))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the close dialog: a share of the lots or lots typed, 1 to all of them, else it stays open', async () => {
    const row = {
      id: 7,
      share: '2',
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
      { input: { matchId: 1, priceDecimals: 2, decimalComma: false } },
    ).start();
    await waitFor(actor, (s) => s.context.open.length === 1);
    actor.send({ type: 'CLOSE', id: 7 });
    expect(actor.getSnapshot().context.ask).toEqual({
      kind: 'close',
      id: 7,
      total: 2,
      lots: '2',
      side: 'long',
      at: 'market',
      price: '',
    });
    for (const [text, ok] of [
      ['3', false],
      ['0', false],
      ['1.5', false],
      ['abc', false],
      ['1', true],
    ] as const) {
      actor.send({ type: 'CLOSE_LOTS', text });
      const ask = actor.getSnapshot().context.ask;
      // Kept as typed, judged by closeLots.
      expect(ask?.kind === 'close' && ask.lots).toBe(text);
      expect(ask?.kind === 'close' && 'lots' in closeLots(ask, false)).toBe(ok);
    }
    actor.send({ type: 'CLOSE_LOTS', text: '3' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().matches({ dialog: 'asking' })).toBe(true);
    actor.send({ type: 'CLOSE_PERCENT', percent: 50 });
    expect(actor.getSnapshot().context.ask).toMatchObject({ lots: '1' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ dialog: 'none' }));
    expect(acts).toMatchObject([
      { matchId: 1, ask: { kind: 'close', id: 7, total: 2, lots: '1', at: 'market' } },
    ]);
    actor.stop();
  });
});
