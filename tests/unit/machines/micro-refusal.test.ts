import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../src/api/client.ts';
import { microOrderMachine, type MicroOrderEvent } from '../../../src/machines/micro-order.machine.ts';
import { MICRO_TERMS } from './order-form-terms.ts';

/**
 * A purchase the exchange refuses (code 0: its balance moved in another tab, its terms changed)
 * leaves its words on the form, beside the amount, until the user changes something; a failure
 * that is not a refusal leaves nothing there (the page's toast says it).
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
