import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { leverOrderMachine, type LeverSubmit } from '../../../src/machines/lever-order.machine.ts';
import type { LeverPosition } from '../../../src/machines/lever-positions.machine.ts';
import type { LeverTerms } from '../../../src/machines/lever-terms.ts';
import { deferred, type Deferred } from './machine-kit.ts';
import { LEVER_TERMS, MICRO_TERMS } from './order-form-terms.ts';
import { microOrderMachine, type MicroTerms } from '../../../src/machines/micro-order.machine.ts';

/**
 * After an order the lever and micro forms reload the balance in the background (`refreshing`),
 * and the form stays usable. A long/short or up/down pressed in that moment used to be dropped:
 * the button did nothing. The press is now remembered and judged once the fresh balance is in,
 * against that balance, exactly once.
 */

/** A lever form in `refreshing`, whose reload answers when the test says. */
async function leverFormReloading() {
  const loads: Deferred<LeverTerms>[] = [];
  const actor = createActor(
    leverOrderMachine.provide({
      actors: {
        loadTerms: fromPromise(async () => {
          if (loads.length === 0) {
            loads.push(deferred());
            return LEVER_TERMS;
          }
          const load = deferred<LeverTerms>();
          loads.push(load);
          return load.promise;
        }),
        submit: fromPromise<LeverPosition, LeverSubmit>(() => Promise.reject(new Error('not in this test'))),
      },
    }),
    { input: { matchId: 1, decimalComma: false } },
  ).start();
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'LAST', price: '100' });
  actor.send({ type: 'REFRESH' });
  expect(actor.getSnapshot().matches('refreshing')).toBe(true);
  return { actor, reload: () => loads[loads.length - 1]! };
}

describe('a press while the lever balance reloads', () => {
  it('is judged once against the fresh balance: confirm when it covers the bond, a balance message when not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('long' as const, 'short' as const), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('1000', '0.01'),
        fc.boolean(),
        async (presses, balance, reloadFails) => {
          const { actor, reload } = await leverFormReloading();
          actor.send({ type: 'LOTS', text: '2' });
          for (const side of presses) actor.send({ type: 'SUBMIT', side });
          expect(actor.getSnapshot().matches('refreshing')).toBe(true);
          if (reloadFails) reload().reject(new Error('down'));
          else reload().resolve({ ...LEVER_TERMS, balance });
          await waitFor(actor, (s) => !s.matches('refreshing'));
          const snapshot = actor.getSnapshot();
          const side = presses[presses.length - 1]!;
          // A failed reload keeps the balance it had (1000), which covers 2 lots.
          const covered = reloadFails || balance === '1000';
          if (covered) {
            expect(snapshot.matches('confirming')).toBe(true);
            expect(snapshot.context.pending?.side).toBe(side);
            expect(snapshot.context.pending?.lots).toBe(2);
          } else {
            expect(snapshot.matches('editing')).toBe(true);
            expect(snapshot.context.problems.lots).toEqual({ kind: 'balance' });
            expect(snapshot.context.pending).toBeNull();
          }
          expect(snapshot.context.pressed).toBeNull();
          // Judged once: cancelling the confirm leaves nothing to replay.
          actor.send({ type: 'CANCEL' });
          expect(actor.getSnapshot().matches('editing')).toBe(true);
          actor.stop();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a pair change during the reload forgets the press', async () => {
    const { actor, reload } = await leverFormReloading();
    actor.send({ type: 'LOTS', text: '2' });
    actor.send({ type: 'SUBMIT', side: 'long' });
    actor.send({ type: 'PAIR', matchId: 2 });
    expect(actor.getSnapshot().context.pressed).toBeNull();
    reload().resolve(LEVER_TERMS);
    actor.stop();
  });
});

function microTermsWith(balance: string): MicroTerms {
  const [usdt] = MICRO_TERMS.currencies;
  return { ...MICRO_TERMS, currencies: [{ ...usdt!, micro_account: { balance, lock_balance: '0' } }] };
}

describe('a press while the micro balances reload', () => {
  it('is judged once against the fresh balance, with the duration chosen meanwhile', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('up' as const, 'down' as const), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('1000.00000000', '5.00000000'),
        fc.constantFrom(30, 60),
        async (presses, balance, seconds) => {
          let load = deferred<MicroTerms>();
          let loads = 0;
          const actor = createActor(
            microOrderMachine.provide({
              actors: {
                loadTerms: fromPromise(async () => (loads++ === 0 ? MICRO_TERMS : load.promise)),
                submit: fromPromise(() => Promise.reject(new Error('not in this test'))),
              },
            }),
            { input: { matchId: 1, decimalComma: false } },
          ).start();
          await waitFor(actor, (s) => s.matches('editing'));
          actor.send({ type: 'REFRESH' });
          actor.send({ type: 'SECONDS', seconds });
          actor.send({ type: 'AMOUNT', text: '10' });
          for (const direction of presses) actor.send({ type: 'BUY', direction });
          expect(actor.getSnapshot().matches('refreshing')).toBe(true);
          load.resolve(microTermsWith(balance));
          await waitFor(actor, (s) => !s.matches('refreshing'));
          const snapshot = actor.getSnapshot();
          if (balance === '1000.00000000') {
            expect(snapshot.matches('confirming')).toBe(true);
            expect(snapshot.context.pending?.direction).toBe(presses[presses.length - 1]);
            expect(snapshot.context.pending?.payload.seconds).toBe(seconds);
          } else {
            expect(snapshot.matches('editing')).toBe(true);
            expect(snapshot.context.problem).not.toBeNull();
          }
          expect(snapshot.context.pressed).toBeNull();
          load = deferred();
          actor.stop();
        },
      ),
      { numRuns: 40 },
    );
  });
});
