import { assign, setup } from 'xstate';
import { LEVER_STATUS_CLOSED } from '../domain/contract-codes.ts';
import type { LeverPosition } from './lever-positions.machine.ts';

export interface LeverCloseProofContext {
  /** The closed position whose detail is open; null while none is. */
  position: LeverPosition | null;
}

export type LeverCloseProofEvent = { type: 'SHOW'; position: LeverPosition } | { type: 'HIDE' };

/**
 * The detail of a closed lever position (issue 32: why it closed): which position's proof is open.
 * Only a closed position that names its closing trade has one; any other is not shown, so the
 * view never draws a proof without the trade it rests on.
 */
export const leverCloseProofMachine = setup({
  types: {
    context: {} as LeverCloseProofContext,
    events: {} as LeverCloseProofEvent,
  },
  guards: {
    provable: ({ event }) =>
      event.type === 'SHOW' &&
      event.position.status === LEVER_STATUS_CLOSED &&
      event.position.close_trade !== null,
  },
  actions: {
    take: assign({ position: ({ event }) => (event.type === 'SHOW' ? event.position : null) }),
    drop: assign({ position: null }),
  },
}).createMachine({
  id: 'leverCloseProof',
  context: { position: null },
  initial: 'hidden',
  states: {
    hidden: {
      on: { SHOW: { guard: 'provable', target: 'shown', actions: 'take' } },
    },
    shown: {
      on: {
        SHOW: { guard: 'provable', actions: 'take' },
        HIDE: { target: 'hidden', actions: 'drop' },
      },
    },
  },
});
