import { assign, emit, setup } from 'xstate';
import type { SpotSide } from '../domain/spot/order-kind.ts';

export type TradeKeysEvent =
  | { type: 'SHEET' }
  /** The submit key on a side; `skipConfirm` is the trader's "pro" setting. */
  | { type: 'SUBMIT'; side: SpotSide; skipConfirm: boolean }
  | { type: 'CONFIRM' }
  | { type: 'CLOSE' };

/**
 * Keyboard trading's own flow on the trade screen: the shortcut sheet (`?`), and the confirmation a
 * keyboard submit asks for before the order goes (skipped by the "pro" setting). It only says when
 * an order should go (`place`): the page hands that to the screen's form, which applies the rules.
 */
export const tradeKeysMachine = setup({
  types: {
    context: {} as { side: SpotSide },
    events: {} as TradeKeysEvent,
    emitted: {} as { type: 'place'; side: SpotSide },
  },
  actions: {
    place: emit((_, params: { side: SpotSide }) => ({ type: 'place' as const, side: params.side })),
  },
}).createMachine({
  id: 'tradeKeys',
  context: { side: 'buy' },
  initial: 'idle',
  states: {
    idle: {
      on: {
        SHEET: 'sheet',
        SUBMIT: [
          {
            guard: ({ event }) => event.skipConfirm,
            actions: { type: 'place', params: ({ event }) => ({ side: event.side }) },
          },
          { target: 'confirming', actions: assign({ side: ({ event }) => event.side }) },
        ],
      },
    },
    sheet: {
      on: { SHEET: 'idle', CLOSE: 'idle' },
    },
    confirming: {
      on: {
        CONFIRM: {
          target: 'idle',
          actions: { type: 'place', params: ({ context }) => ({ side: context.side }) },
        },
        CLOSE: 'idle',
        // The sheet's key while a confirmation is up: the confirmation stays, nothing else opens.
        SHEET: {},
      },
    },
  },
});
