import { assign, emit, fromPromise, setup } from 'xstate';

export interface EarningsRedeemContext {
  /** The holding waiting for the user's answer, or being redeemed. */
  pending: number | null;
}

export type EarningsRedeemEvent = { type: 'REDEEM'; id: number } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export type EarningsRedeemEmitted = { type: 'redeemed' };

/**
 * Redeeming a flexible holding: ask -> confirm -> ieo/redeem -> idle (emits `redeemed`). A refusal
 * (a fixed term, an ended holding: the server's message is toasted) returns to idle unchanged.
 */
export const earningsRedeemMachine = setup({
  types: {
    context: {} as EarningsRedeemContext,
    events: {} as EarningsRedeemEvent,
    emitted: {} as EarningsRedeemEmitted,
  },
  actors: {
    redeem: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('redeem actor not provided');
    }),
  },
}).createMachine({
  id: 'earningsRedeem',
  context: { pending: null },
  initial: 'idle',
  states: {
    idle: {
      on: { REDEEM: { target: 'confirming', actions: assign({ pending: ({ event }) => event.id }) } },
    },
    confirming: {
      on: {
        CONFIRM: 'redeeming',
        CANCEL: { target: 'idle', actions: assign({ pending: null }) },
      },
    },
    redeeming: {
      invoke: {
        src: 'redeem',
        input: ({ context }) => ({ id: context.pending ?? 0 }),
        onDone: { target: 'idle', actions: [assign({ pending: null }), emit({ type: 'redeemed' as const })] },
        onError: { target: 'idle', actions: assign({ pending: null }) },
      },
    },
  },
});
