import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { sendByHand } from '../../../src/machines/devtools/hand-event.ts';

/** A machine whose guard and assignment read fields an event typed by hand may not have. */
const fragile = setup({
  types: {
    context: {} as { total: number },
    events: {} as { type: 'GO'; data: { n: number } } | { type: 'ADD'; amount: { value: number } },
  },
  actors: { answer: fromPromise(async () => 1) },
  guards: { big: ({ event }) => event.type === 'GO' && event.data.n > 1 },
}).createMachine({
  id: 'fragile',
  context: { total: 0 },
  initial: 'waiting',
  states: {
    waiting: {
      invoke: { src: 'answer' },
      on: {
        GO: { guard: 'big', target: 'gone' },
        ADD: {
          actions: assign({
            total: ({ context, event }) =>
              context.total + (event as { amount: { value: number } }).amount.value,
          }),
        },
      },
    },
    gone: {},
  },
});

describe('an event sent by hand from the inspector', () => {
  it('is tried on a copy first: one that would throw in a guard or an assignment is refused and the machine runs on', () => {
    const actor = createActor(fragile).start();
    expect(sendByHand(actor, '{"type":"GO"}')).toMatchObject({
      reason: 'sendThrows',
      detail: expect.stringContaining("guard 'big'"),
    });
    expect(sendByHand(actor, '{"type":"ADD","amount":null}')).toMatchObject({ reason: 'sendThrows' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(sendByHand(actor, '{"type":"ADD","amount":{"value":2}}')).toBeNull();
    expect(actor.getSnapshot().context.total).toBe(2);
    expect(sendByHand(actor, '{"type":"GO","data":{"n":5}}')).toBeNull();
    expect(actor.getSnapshot().value).toBe('gone');
  });

  it('refuses what is not an event, XState internal events, and stopped actors', () => {
    const actor = createActor(fragile).start();
    for (const text of ['', 'GO', '{type:"GO"}', '[]', 'null', '{"type":3}', '{"type":"  "}', '"GO"']) {
      expect(sendByHand(actor, text), text).toEqual({ reason: 'badEvent' });
    }
    expect(sendByHand(actor, '{"type":"xstate.done.actor.0.fragile.waiting","output":1}')).toEqual({
      reason: 'sendReserved',
    });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.stop();
    expect(sendByHand(actor, '{"type":"GO","data":{"n":5}}')).toEqual({ reason: 'sendStopped' });
  });

  it('property: whatever is typed, nothing throws and the machine is never left broken', () => {
    const typed = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record(
          {
            type: fc.constantFrom('GO', 'ADD', 'OTHER'),
            data: fc.anything(),
            amount: fc.anything(),
          },
          { requiredKeys: ['type'] },
        )
        .map((event) => JSON.stringify(event) ?? ''),
    );
    fc.assert(
      fc.property(fc.array(typed, { maxLength: 12 }), (texts) => {
        const actor = createActor(fragile).start();
        for (const text of texts) {
          expect(() => sendByHand(actor, text)).not.toThrow();
          expect(actor.getSnapshot().status).not.toBe('error');
        }
        actor.stop();
      }),
    );
  });
});
