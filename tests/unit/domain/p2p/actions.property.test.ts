import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionProblem, DISPUTE_REASONS, isDisputeReasonOf } from '../../../../src/domain/p2p/actions.ts';
import {
  nextOrderState,
  P2P_ACTIONS,
  P2P_ORDER_STATES,
  type P2pOrderState,
} from '../../../../src/domain/p2p/order-state.ts';
import { CONFIRM_LIMIT_MS, DISPUTE_WAIT_MS, type OrderClock } from '../../../../src/domain/p2p/timers.ts';

/** Who may ask for each action (spec §5, issue 16): written out here, not read from the module. */
const MAY_ASK = {
  pay: ['buyer'],
  cancel: ['buyer'],
  release: ['seller'],
  delay: ['seller'],
  dispute: ['buyer', 'seller'],
} as const;

const clock = (state: P2pOrderState, paidAt: number | null, delayed = false): OrderClock => ({
  state,
  createdAt: 0,
  payLimitMinutes: 15,
  paidAt,
  delayed,
  disputedAt: null,
});
const instant = fc.integer({ min: 0, max: 10 ** 9 });

describe('P2P actions: the reason a refusal names', () => {
  it('the right party asking in a state that does not allow the action is told it is not allowed', () => {
    for (const state of P2P_ORDER_STATES)
      for (const action of P2P_ACTIONS)
        for (const side of MAY_ASK[action]) {
          if (nextOrderState(state, action) !== null) continue;
          // Whatever the clock and the voucher: the state alone refuses it.
          expect(actionProblem(clock(state, 0), side, action, 10 ** 9, false)).toBe('p2pActionNotAllowed');
        }
  });

  it('only paying needs a voucher: release, delay and dispute are taken without one', () => {
    fc.assert(
      fc.property(instant, (paidAt) => {
        const paid = clock('paid', paidAt);
        expect(actionProblem(paid, 'seller', 'release', paidAt, false)).toBeNull();
        expect(actionProblem(paid, 'seller', 'delay', paidAt, false)).toBeNull();
        expect(actionProblem(paid, 'buyer', 'dispute', paidAt + DISPUTE_WAIT_MS, false)).toBeNull();
        expect(actionProblem(clock('unpaid', null), 'buyer', 'cancel', paidAt, false)).toBeNull();
      }),
    );
  });

  it('a dispute opens exactly DISPUTE_WAIT_MS after payment; a moment sooner it is too early', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom('buyer' as const, 'seller' as const),
        fc.boolean(),
        (paidAt, who, delayed) => {
          const order = clock(delayed ? 'delayed' : 'paid', paidAt, delayed);
          expect(actionProblem(order, who, 'dispute', paidAt + DISPUTE_WAIT_MS, true)).toBeNull();
          expect(actionProblem(order, who, 'dispute', paidAt + DISPUTE_WAIT_MS - 1, true)).toBe(
            'p2pDisputeTooEarly',
          );
        },
      ),
    );
  });

  it('an order with no payment time on file cannot be disputed yet, however late it is', () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(actionProblem(clock('paid', null), 'buyer', 'dispute', now, true)).toBe('p2pDisputeTooEarly');
      }),
    );
  });

  it('the seller may delay until the confirmation limit ends, not at its last instant', () => {
    fc.assert(
      fc.property(instant, (paidAt) => {
        const order = clock('paid', paidAt);
        expect(actionProblem(order, 'seller', 'delay', paidAt + CONFIRM_LIMIT_MS - 1, true)).toBeNull();
        expect(actionProblem(order, 'seller', 'delay', paidAt + CONFIRM_LIMIT_MS, true)).toBe('p2pDelayUsed');
      }),
    );
  });
});

describe('P2P dispute reasons', () => {
  it('each side has its own reasons; the clock\'s "timeout" and unknown words are no side\'s', () => {
    expect(isDisputeReasonOf('buyer', 'notReleased')).toBe(true);
    expect(isDisputeReasonOf('buyer', 'other')).toBe(true);
    expect(isDisputeReasonOf('buyer', 'notReceived')).toBe(false);
    expect(isDisputeReasonOf('seller', 'notReceived')).toBe(true);
    expect(isDisputeReasonOf('seller', 'wrongAmount')).toBe(true);
    expect(isDisputeReasonOf('seller', 'notReleased')).toBe(false);
    fc.assert(
      fc.property(fc.constantFrom('buyer' as const, 'seller' as const), fc.string(), (who, word) => {
        const listed = (DISPUTE_REASONS[who] as readonly string[]).includes(word);
        expect(isDisputeReasonOf(who, word)).toBe(listed);
        expect(isDisputeReasonOf(who, 'timeout')).toBe(false);
      }),
    );
  });
});
