import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PayloadOf } from '../../../src/api/catalogue.ts';
import { microOrderMachine, type MicroTerms } from '../../../src/machines/micro-order.machine.ts';
import type { MicroOrder } from '../../../src/streams/micro-pushes.ts';
import { MICRO_TERMS } from '../machines/order-form-terms.ts';

/** The micro form with the "pro" setting (issue 33 item 6): BUY sends the contract at once. */
function start(terms: MicroTerms = MICRO_TERMS) {
  const sent: PayloadOf<'microtrade/submit'>[] = [];
  const actor = createActor(
    microOrderMachine.provide({
      actors: {
        loadTerms: fromPromise<MicroTerms>(async () => terms),
        submit: fromPromise<MicroOrder, PayloadOf<'microtrade/submit'>>(({ input }) => {
          sent.push(input);
          return new Promise(() => {});
        }),
      },
    }),
    { input: { matchId: 1, decimalComma: false } },
  ).start();
  return { actor, sent };
}

describe('the micro form with the "pro" setting', () => {
  it('sends the contract on BUY without the confirmation; without it, BUY asks first', async () => {
    const { actor, sent } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    const seconds = MICRO_TERMS.seconds[0]!.seconds;
    actor.send({ type: 'SECONDS', seconds });
    actor.send({ type: 'AMOUNT', text: '100' });
    actor.send({ type: 'BUY', direction: 'down', skipConfirm: false });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(sent).toEqual([]);
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'BUY', direction: 'down', skipConfirm: true });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ number: '100', seconds });
  });

  it('still refuses an amount the rules refuse, pro or not', async () => {
    const { actor, sent } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'SECONDS', seconds: MICRO_TERMS.seconds[0]!.seconds });
    actor.send({ type: 'AMOUNT', text: 'abc' });
    actor.send({ type: 'BUY', direction: 'up', skipConfirm: true });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sent).toEqual([]);
  });
});
