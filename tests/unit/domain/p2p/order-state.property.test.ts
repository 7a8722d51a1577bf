import { describe, expect, it } from 'vitest';
import {
  escrowMoveOf,
  nextOrderState,
  P2P_ORDER_STATES,
  type P2pCause,
} from '../../../../src/domain/p2p/order-state.ts';

const CAUSES: readonly P2pCause[] = [
  'pay',
  'cancel',
  'release',
  'delay',
  'dispute',
  'payTimeout',
  'confirmTimeout',
  'arbiterRelease',
  'arbiterRefund',
];

describe('P2P escrow moves', () => {
  it('a new order locks the coins', () => {
    expect(escrowMoveOf(null, 'unpaid')).toBe('lock');
  });

  it('staying in a state moves nothing', () => {
    for (const state of P2P_ORDER_STATES) expect(escrowMoveOf(state, state)).toBe('none');
  });

  it('every transition: completion pays the buyer, cancel and abnormal return to the seller, the rest keep escrow', () => {
    // Every (state, cause), not a sample: the table is small and each move matters.
    const seen = new Set<string>();
    for (const from of P2P_ORDER_STATES)
      for (const cause of CAUSES) {
        const to = nextOrderState(from, cause);
        if (to === null) continue;
        const expected =
          to === 'completed' ? 'toBuyer' : to === 'cancelled' || to === 'abnormal' ? 'toSeller' : 'none';
        expect(escrowMoveOf(from, to), `${from} --${cause}--> ${to}`).toBe(expected);
        seen.add(expected);
      }
    // The table reaches each kind of move (a table with no refund path would make this vacuous).
    expect([...seen].sort()).toEqual(['none', 'toBuyer', 'toSeller']);
    expect(escrowMoveOf('disputed', 'abnormal')).toBe('toSeller');
    expect(escrowMoveOf('paid', 'delayed')).toBe('none');
  });
});
