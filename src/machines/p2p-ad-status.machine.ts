import { assign, emit, fromPromise, setup } from 'xstate';
import { OTC_AD_OPEN, type OtcAdStatus } from '../domain/contract-codes.ts';

export interface AdStatusContext {
  /** The change waiting for confirmation or being sent. */
  ask: { id: number; status: OtcAdStatus } | null;
}

export type AdStatusEvent =
  { type: 'ASK'; id: number; status: OtcAdStatus } | { type: 'CONFIRM' } | { type: 'CANCEL' };

export type AdStatusEmitted = { type: 'changed'; id: number };

/**
 * Opening, pausing or taking an ad off the shelf from the merchant's ad list: ask -> confirm ->
 * otc/ad_status. A refusal (toasted by the client) returns to idle with nothing changed.
 */
export const p2pAdStatusMachine = setup({
  types: {
    context: {} as AdStatusContext,
    events: {} as AdStatusEvent,
    emitted: {} as AdStatusEmitted,
  },
  actors: {
    setStatus: fromPromise<unknown, { id: number; status: OtcAdStatus }>(async () => {
      throw new Error('setStatus actor not provided');
    }),
  },
}).createMachine({
  id: 'p2pAdStatus',
  context: { ask: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        ASK: {
          target: 'confirming',
          actions: assign({ ask: ({ event }) => ({ id: event.id, status: event.status }) }),
        },
      },
    },
    confirming: {
      on: { CONFIRM: 'saving', CANCEL: { target: 'idle', actions: assign({ ask: null }) } },
    },
    saving: {
      invoke: {
        src: 'setStatus',
        input: ({ context }) => context.ask ?? { id: 0, status: OTC_AD_OPEN },
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context }) => ({ type: 'changed' as const, id: context.ask?.id ?? 0 })),
            assign({ ask: null }),
          ],
        },
        onError: { target: 'idle', actions: assign({ ask: null }) },
      },
    },
  },
});
