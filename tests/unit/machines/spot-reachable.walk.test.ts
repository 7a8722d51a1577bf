import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { __unsafe_getAllOwnEventDescriptors, type AnyMachineSnapshot } from 'xstate';
import {
  spotEntryMachine,
  type PairBalances,
  type SpotEntryEvent,
  type SpotPair,
} from '../../../src/machines/spot-entry.machine.ts';
import { spotOrdersMachine, type SpotOrdersEvent } from '../../../src/machines/spot-orders.machine.ts';
import { fold, spawned, type WalkEvent } from './walk-kit.ts';

/**
 * The spot forms and orders panel, folded through event sequences: while the backend is
 * unreachable neither ever starts a call that places or cancels an order (nothing is queued for
 * later either), and the balances are exactly what the last BALANCE push of each pair currency
 * said, without a reload.
 */
const BTC: SpotPair = { matchId: 1, baseCurrencyId: 2, quoteCurrencyId: 1, priceDecimals: 2 };
const LOADED: PairBalances = { quote: '1000', base: '2', quoteLocked: '0', baseLocked: '0' };

/** The answer of the balances load, whichever id XState gave the invoke. */
function balancesAnswer(snapshot: AnyMachineSnapshot): WalkEvent<typeof spotEntryMachine> {
  const type = __unsafe_getAllOwnEventDescriptors(snapshot).find(
    (descriptor) => descriptor.startsWith('xstate.done.actor.') && descriptor.includes('balances'),
  );
  return { type: (type ?? 'xstate.done.actor.none') as `xstate.${string}`, output: LOADED };
}

const amount = fc.integer({ min: 0, max: 99_999 }).map((cents) => (cents / 100).toFixed(2));

const entryEvent: fc.Arbitrary<SpotEntryEvent | 'answer'> = fc.oneof(
  fc.boolean().map((reachable): SpotEntryEvent => ({ type: 'REACHABLE', reachable })),
  fc.constantFrom<SpotEntryEvent>(
    { type: 'PRICE', side: 'buy', text: '100' },
    { type: 'PRICE', side: 'buy', text: '150' },
    { type: 'QUANTITY', side: 'buy', text: '1' },
    { type: 'SUBMIT', side: 'buy' },
    { type: 'CONFIRM', side: 'buy' },
    { type: 'BEST', bid: '99', ask: '100' },
  ),
  fc
    .record({ currencyId: fc.constantFrom(1, 2, 9), balance: amount, locked: amount })
    .map((balance): SpotEntryEvent => ({ type: 'BALANCE', balance })),
  fc.constant('answer' as const),
);

describe('spot forms and panel while the backend comes and goes', () => {
  it('(the walks see the calls they watch for: a placement and a cancel while reachable start one)', () => {
    const entry = fold(spotEntryMachine, { pair: BTC, signedIn: true }, [
      (snapshot: AnyMachineSnapshot) => balancesAnswer(snapshot),
      { type: 'PRICE', side: 'buy', text: '100' },
      { type: 'QUANTITY', side: 'buy', text: '1' },
      { type: 'SUBMIT', side: 'buy' },
    ]);
    expect(entry.steps.flatMap((step) => spawned(step.effects).map((actor) => actor.src))).toContain(
      'placeOrder',
    );
    const panel = fold(spotOrdersMachine, { matchId: 1, signedIn: true }, [
      { type: 'CANCEL', id: 7, way: 1 },
    ]);
    expect(panel.steps.flatMap((step) => spawned(step.effects).map((actor) => actor.src))).toContain(
      'cancelOrder',
    );
  });

  it('the forms place nothing while unreachable, and follow the pushed balances with no reload', () => {
    fc.assert(
      fc.property(fc.array(entryEvent, { maxLength: 30 }), (events) => {
        const { steps } = fold(
          spotEntryMachine,
          { pair: BTC, signedIn: true },
          events.map((event) =>
            event === 'answer' ? (snapshot: AnyMachineSnapshot) => balancesAnswer(snapshot) : event,
          ),
        );
        for (const step of steps) {
          const started = spawned(step.effects).map((actor) => actor.src);
          if (!step.before.context.reachable) expect(started).not.toContain('placeOrder');
          if (step.event.type !== 'BALANCE') continue;
          expect(started).not.toContain('loadBalances');
          const { currencyId, balance, locked } = (step.event as Extract<SpotEntryEvent, { type: 'BALANCE' }>)
            .balance;
          const before = step.before.context.balances;
          const after = step.after.context.balances;
          if (before === null || currencyId === 9) {
            expect(after).toEqual(before);
          } else if (currencyId === BTC.quoteCurrencyId) {
            expect(after).toEqual({ ...before, quote: balance, quoteLocked: locked });
          } else {
            expect(after).toEqual({ ...before, base: balance, baseLocked: locked });
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the panel cancels nothing while unreachable', () => {
    const panelEvent = fc.oneof(
      fc.boolean().map((reachable): SpotOrdersEvent => ({ type: 'REACHABLE', reachable })),
      fc.constant<SpotOrdersEvent>({ type: 'CANCEL', id: 7, way: 1 }),
    );
    fc.assert(
      fc.property(fc.array(panelEvent, { maxLength: 20 }), (events) => {
        const { steps } = fold(spotOrdersMachine, { matchId: 1, signedIn: true }, events);
        let cancels = 0;
        for (const step of steps) {
          const started = spawned(step.effects).map((actor) => actor.src);
          if (!step.before.context.reachable) expect(started).not.toContain('cancelOrder');
          if (step.event.type === 'CANCEL' && step.before.matches({ cancel: 'idle' }))
            cancels += step.before.context.reachable ? 1 : 0;
          expect(step.after.context.reachable).toBe(
            step.event.type === 'REACHABLE' ? step.event.reachable : step.before.context.reachable,
          );
          if (started.includes('cancelOrder')) cancels -= 1;
        }
        // Every cancel asked while reachable from an idle panel started one call; no other did.
        expect(cancels).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
