import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arbitrationDue,
  ARBITRATION_MS,
  clockCause,
  clockText,
  confirmDeadline,
  CONFIRM_LIMIT_MS,
  countdowns,
  countdownSeconds,
  disputeOpensAt,
  MINUTE_MS,
  type OrderClock,
} from '../../../../src/domain/p2p/timers.ts';
import type { P2pOrderState } from '../../../../src/domain/p2p/order-state.ts';

const instant = fc.integer({ min: 0, max: 10 ** 9 });
const clock = (state: P2pOrderState, paidAt: number | null, delayed = false): OrderClock => ({
  state,
  createdAt: 0,
  payLimitMinutes: 15,
  paidAt,
  delayed,
  disputedAt: state === 'disputed' ? paidAt : null,
});

describe('P2P deadlines before the event they count from', () => {
  it('no confirmation deadline, dispute opening or arbitration before payment / dispute', () => {
    expect(confirmDeadline({ paidAt: null, delayed: false })).toBeNull();
    expect(confirmDeadline({ paidAt: null, delayed: true })).toBeNull();
    expect(disputeOpensAt({ paidAt: null })).toBeNull();
    expect(arbitrationDue({ disputedAt: null })).toBeNull();
  });

  it('the arbiter decides ARBITRATION_MS after the dispute opened', () => {
    fc.assert(
      fc.property(instant, (at) => {
        expect(arbitrationDue({ disputedAt: at })).toBe(at + ARBITRATION_MS);
        expect(ARBITRATION_MS).toBeGreaterThan(0);
      }),
    );
  });
});

describe('P2P clock at the deadlines', () => {
  it('an unpaid order times out at the payment deadline exactly, not a moment before', () => {
    fc.assert(
      fc.property(fc.constantFrom(15, 30), instant, (limit, createdAt) => {
        const order = { ...clock('unpaid', null), createdAt, payLimitMinutes: limit };
        const due = createdAt + limit * MINUTE_MS;
        expect(clockCause(order, due - 1)).toBeNull();
        expect(clockCause(order, due)).toBe('payTimeout');
      }),
    );
  });

  it('a paid or delayed order times out at the confirmation deadline exactly, not a moment before', () => {
    fc.assert(
      fc.property(instant, fc.boolean(), (paidAt, delayed) => {
        const order = clock(delayed ? 'delayed' : 'paid', paidAt, delayed);
        const due = confirmDeadline(order)!;
        expect(clockCause(order, due - 1)).toBeNull();
        expect(clockCause(order, due)).toBe('confirmTimeout');
      }),
    );
  });

  it('a paid order with no payment time on file is never timed out by the confirmation clock', () => {
    fc.assert(
      fc.property(instant, (now) => {
        expect(clockCause(clock('paid', null), now)).toBeNull();
      }),
    );
  });

  it('disputed and ended orders have no countdown and the clock no longer acts on them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<P2pOrderState>('disputed', 'completed', 'cancelled', 'abnormal'),
        instant,
        fc.integer({ min: 0, max: 2 * CONFIRM_LIMIT_MS }),
        fc.boolean(),
        (state, paidAt, after, delayed) => {
          const order = clock(state, paidAt, delayed);
          expect(countdowns(order, paidAt + after)).toEqual({ pay: 0, confirm: 0 });
          expect(clockCause(order, paidAt + after)).toBeNull();
        },
      ),
    );
  });
});

describe('client countdown', () => {
  it('shows the whole seconds left (rounded up) while time is left', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 7 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.constantFrom(1, 10, 60),
        (remaining, elapsed, speed) => {
          const leftMs = remaining - elapsed * speed;
          fc.pre(leftMs > 0);
          const seconds = countdownSeconds(remaining, elapsed, speed);
          // Rounded up: at least the time left, less than a second more.
          expect(seconds * 1000).toBeGreaterThanOrEqual(leftMs);
          expect(seconds * 1000 - leftMs).toBeLessThan(1000);
        },
      ),
    );
  });

  it('an unknown (zero or negative) speed counts at wall-clock rate, neither frozen nor backwards', () => {
    expect(countdownSeconds(10_000, 3_000, 0)).toBe(7);
    expect(countdownSeconds(10_000, 3_000, -5)).toBe(7);
    expect(countdownSeconds(10_000, 3_000, 1)).toBe(7);
  });
});

describe('clock text', () => {
  it('reads back to the whole seconds: mm:ss below an hour, h:mm:ss from an hour on', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * 3600 }), (seconds) => {
        const text = clockText(seconds);
        const parts = text.split(':');
        expect(parts.length).toBe(seconds >= 3600 ? 3 : 2);
        for (const part of parts.slice(-2)) expect(part).toMatch(/^\d\d$/);
        const [s = NaN, m = NaN, h = 0] = parts.map(Number).reverse();
        expect(s).toBeLessThan(60);
        expect(m).toBeLessThan(60);
        expect(h * 3600 + m * 60 + s).toBe(seconds);
      }),
    );
    expect(clockText(0)).toBe('00:00');
    expect(clockText(59.9)).toBe('00:59');
    expect(clockText(-5)).toBe('00:00');
    expect(clockText(3600)).toBe('1:00:00');
    expect(clockText(15 * 60)).toBe('15:00');
  });
});
