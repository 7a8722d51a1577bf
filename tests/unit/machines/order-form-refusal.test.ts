import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../src/api/client.ts';
import {
  leverOrderMachine,
  type LeverOrderEvent,
  type LeverSubmit,
} from '../../../src/machines/lever-order.machine.ts';
import type { LeverPosition } from '../../../src/machines/lever-positions.machine.ts';
import { microOrderMachine, type MicroOrderEvent } from '../../../src/machines/micro-order.machine.ts';
import { LEVER_TERMS, MICRO_TERMS } from './order-form-terms.ts';

/**
 * An order the exchange refuses (code 0: a balance spent in another tab, a wrong trade password)
 * leaves its words on the form until the user changes something; a failure that is not a refusal
 * leaves nothing there (the page's toast says it). The micro and lever forms alike.
 */
async function refusedWith(error: Error) {
  const actor = createActor(
    microOrderMachine.provide({
      actors: {
        loadTerms: fromPromise(async () => MICRO_TERMS),
        submit: fromPromise(() => Promise.reject(error)),
      },
    }),
    { input: { matchId: 1, decimalComma: false } },
  ).start();
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'AMOUNT', text: '40' });
  actor.send({ type: 'BUY', direction: 'up' });
  actor.send({ type: 'CONFIRM' });
  await waitFor(actor, (s) => s.matches('editing'));
  return actor;
}

describe('a refused micro purchase', () => {
  it("keeps the exchange's words until something is changed, and only a refusal's", async () => {
    const refused = await refusedWith(new ApiError('error', 'Insufficient balance in the micro account'));
    expect(refused.getSnapshot().context.refusal).toBe('Insufficient balance in the micro account');
    expect(refused.getSnapshot().context.pending).toBeNull();
    for (const kind of ['server-error', 'expired', 'malformed'] as const) {
      const failed = await refusedWith(new ApiError(kind, 'internal detail'));
      expect(failed.getSnapshot().context.refusal).toBeNull();
    }
    expect((await refusedWith(new Error('boom'))).getSnapshot().context.refusal).toBeNull();

    const change: fc.Arbitrary<MicroOrderEvent> = fc.oneof(
      fc.record({ type: fc.constant('AMOUNT' as const), text: fc.constantFrom('', '40', '5', 'x') }),
      fc.record({ type: fc.constant('PRESET' as const), number: fc.constantFrom('10', '50') }),
      fc.record({ type: fc.constant('SECONDS' as const), seconds: fc.constantFrom(30, 60) }),
      fc.record({ type: fc.constant('CURRENCY' as const), currencyId: fc.constant(1) }),
      fc.record({
        type: fc.constant('BUY' as const),
        direction: fc.constantFrom('up' as const, 'down' as const),
      }),
    );
    await fc.assert(
      fc.asyncProperty(change, async (event) => {
        const actor = await refusedWith(new ApiError('error', 'Refused'));
        actor.send(event);
        expect(actor.getSnapshot().context.refusal).toBeNull();
        actor.stop();
      }),
      { numRuns: 25 },
    );
  });
});

async function leverRefusedWith(error: Error) {
  const actor = createActor(
    leverOrderMachine.provide({
      actors: {
        loadTerms: fromPromise(async () => LEVER_TERMS),
        submit: fromPromise<LeverPosition, LeverSubmit>(() => Promise.reject(error)),
      },
    }),
    { input: { matchId: 1, decimalComma: false } },
  ).start();
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'LAST', price: '100' });
  actor.send({ type: 'MULTIPLE', multiple: 5 });
  actor.send({ type: 'LOTS', text: '2' });
  actor.send({ type: 'SUBMIT', side: 'long' });
  expect(actor.getSnapshot().matches('confirming')).toBe(true);
  actor.send({ type: 'CONFIRM' });
  await waitFor(actor, (s) => s.matches('editing'));
  return actor;
}

describe('a refused lever order', () => {
  it("keeps the exchange's words until something is changed or sent again, and only a refusal's", async () => {
    const refused = await leverRefusedWith(new ApiError('error', 'Wrong trade password'));
    expect(refused.getSnapshot().context.refusal).toBe('Wrong trade password');
    expect(refused.getSnapshot().context.pending).toBeNull();
    for (const kind of ['server-error', 'expired', 'malformed'] as const)
      expect((await leverRefusedWith(new ApiError(kind, 'detail'))).getSnapshot().context.refusal).toBeNull();

    const change: fc.Arbitrary<LeverOrderEvent> = fc.oneof(
      fc.record({ type: fc.constant('LOTS' as const), text: fc.constantFrom('', '2', '0', 'x') }),
      fc.record({ type: fc.constant('PRICE' as const), text: fc.constantFrom('', '99') }),
      fc.record({
        type: fc.constant('MODE' as const),
        mode: fc.constantFrom('market' as const, 'fixed' as const),
      }),
      fc.record({ type: fc.constant('MULTIPLE' as const), multiple: fc.constantFrom(5, 10) }),
      fc.record({ type: fc.constant('TP' as const), text: fc.constantFrom('', '120') }),
      fc.record({ type: fc.constant('SL' as const), text: fc.constantFrom('', '80') }),
      fc.record({
        type: fc.constant('SUBMIT' as const),
        side: fc.constantFrom('long' as const, 'short' as const),
      }),
      fc.record({ type: fc.constant('PAIR' as const), matchId: fc.constant(2) }),
    );
    await fc.assert(
      fc.asyncProperty(change, async (event) => {
        const actor = await leverRefusedWith(new ApiError('error', 'Refused'));
        actor.send(event);
        expect(actor.getSnapshot().context.refusal).toBeNull();
        actor.stop();
      }),
      { numRuns: 25 },
    );
  });
});
