import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actionProblem, allowedActions, arbiterRuling } from '../../../src/domain/p2p/actions.ts';
import { readAdForm } from '../../../src/domain/p2p/ad-entry.ts';
import {
  amountForQuantity,
  centsOf,
  centsText,
  figuresOf,
  quantityForAmount,
  quantityStep,
} from '../../../src/domain/p2p/amounts.ts';
import {
  BUYER_CANCELS_PER_DAY,
  buyingBarredUntil,
  DAY_MS,
  dayStart,
} from '../../../src/domain/p2p/cancellations.ts';
import { companionText, readOrderEntry } from '../../../src/domain/p2p/entry.ts';
import { adProblem, effectiveMaxCents, orderSizeProblem } from '../../../src/domain/p2p/limits.ts';
import {
  escrowMoveOf,
  isOpenOrder,
  nextOrderState,
  P2P_ACTIONS,
  P2P_ORDER_STATES,
  type P2pCause,
  type P2pOrderState,
} from '../../../src/domain/p2p/order-state.ts';
import {
  clockCause,
  confirmDeadline,
  CONFIRM_LIMIT_MS,
  countdowns,
  countdownSeconds,
  DELAY_MS,
  DISPUTE_WAIT_MS,
  MINUTE_MS,
  type OrderClock,
} from '../../../src/domain/p2p/timers.ts';

const UNIT = 100_000_000n;
const state = fc.constantFrom(...P2P_ORDER_STATES);
const side = fc.constantFrom('buyer' as const, 'seller' as const);
const action = fc.constantFrom(...P2P_ACTIONS);
const cause = fc.constantFrom<P2pCause>(
  ...P2P_ACTIONS,
  'payTimeout',
  'confirmTimeout',
  'arbiterRelease',
  'arbiterRefund',
);
const price = fc.bigInt({ min: 1n, max: 10_000_000_00n });
const decimals = fc.constantFrom(2, 4, 6);

const clockOf = (s: P2pOrderState, paidAt: number | null, delayed = false): OrderClock => ({
  state: s,
  createdAt: 0,
  payLimitMinutes: 15,
  paidAt,
  delayed,
  disputedAt: s === 'disputed' ? (paidAt ?? 0) + DISPUTE_WAIT_MS : null,
});

describe('P2P order states', () => {
  it('ended orders never move, and every move out of an open state keeps or ends the escrow once', () => {
    fc.assert(
      fc.property(state, cause, (s, c) => {
        const next = nextOrderState(s, c);
        if (!isOpenOrder(s)) expect(next).toBeNull();
        if (next === null) return;
        const move = escrowMoveOf(s, next);
        // Coins leave escrow exactly when the order ends.
        expect(move === 'toBuyer' || move === 'toSeller').toBe(!isOpenOrder(next));
        if (next === 'completed') expect(move).toBe('toBuyer');
      }),
    );
  });

  it('a paid order reaches completion only by a release (seller or arbiter): the clock never releases', () => {
    fc.assert(
      fc.property(fc.array(cause, { maxLength: 12 }), (causes) => {
        let s: P2pOrderState = 'unpaid';
        let released = false;
        for (const c of causes) {
          const next = nextOrderState(s, c);
          if (next === null) continue;
          if (next === 'completed') released = c === 'release' || c === 'arbiterRelease';
          if (c === 'payTimeout' || c === 'confirmTimeout') expect(next === 'completed').toBe(false);
          s = next;
        }
        if (s === 'completed') expect(released).toBe(true);
      }),
    );
  });

  it('only the buyer pays and cancels, only the seller releases and delays', () => {
    fc.assert(
      fc.property(state, side, action, fc.integer({ min: 0, max: 10 ** 8 }), (s, who, a, now) => {
        const problem = actionProblem(clockOf(s, 0), who, a, now, true);
        if ((a === 'pay' || a === 'cancel') && who === 'seller') expect(problem).toBe('p2pActionNotAllowed');
        if ((a === 'release' || a === 'delay') && who === 'buyer')
          expect(problem).toBe('p2pActionNotAllowed');
        if (problem === null) expect(nextOrderState(s, a)).not.toBeNull();
        // What the page offers is exactly what the server accepts (with a voucher on file).
        expect(allowedActions(clockOf(s, 0), who, now).includes(a)).toBe(problem === null);
      }),
    );
  });

  it('paying needs a voucher; a dispute waits DISPUTE_WAIT_MS after payment; a delay is once', () => {
    expect(actionProblem(clockOf('unpaid', null), 'buyer', 'pay', 0, false)).toBe('p2pVoucherMissing');
    expect(actionProblem(clockOf('unpaid', null), 'buyer', 'pay', 0, true)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.integer({ min: 0, max: 10 ** 7 }),
        (paidAt, wait) => {
          const problem = actionProblem(clockOf('paid', paidAt), 'buyer', 'dispute', paidAt + wait, true);
          expect(problem === null).toBe(wait >= DISPUTE_WAIT_MS);
          expect(actionProblem(clockOf('paid', paidAt, true), 'seller', 'delay', paidAt, true)).toBe(
            'p2pDelayUsed',
          );
          const delay = actionProblem(clockOf('paid', paidAt), 'seller', 'delay', paidAt + wait, true);
          expect(delay === null).toBe(wait < CONFIRM_LIMIT_MS);
        },
      ),
    );
  });

  it('the arbiter refunds only a seller who says the money did not come', () => {
    expect(arbiterRuling('notReceived')).toBe('arbiterRefund');
    expect(arbiterRuling('wrongAmount')).toBe('arbiterRefund');
    expect(arbiterRuling('timeout')).toBe('arbiterRelease');
    expect(arbiterRuling('notReleased')).toBe('arbiterRelease');
  });
});

describe('P2P timers', () => {
  it('countdowns are the deadlines less now, never negative, and the clock acts exactly at zero', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(15, 30),
        fc.integer({ min: 0, max: 10 ** 8 }),
        fc.boolean(),
        fc.constantFrom<P2pOrderState>('unpaid', 'paid', 'delayed'),
        (limit, now, delayed, s) => {
          const order: OrderClock = {
            state: s,
            createdAt: 0,
            payLimitMinutes: limit,
            paidAt: s === 'unpaid' ? null : 1000,
            delayed: s === 'delayed' || delayed,
            disputedAt: null,
          };
          const { pay, confirm } = countdowns(order, now);
          expect(pay).toBeGreaterThanOrEqual(0);
          expect(confirm).toBeGreaterThanOrEqual(0);
          if (s === 'unpaid') {
            expect(pay).toBe(Math.max(0, limit * MINUTE_MS - now));
            expect(clockCause(order, now)).toBe(pay === 0 ? 'payTimeout' : null);
          } else {
            expect(pay).toBe(0);
            const due = confirmDeadline(order)!;
            expect(due).toBe(1000 + CONFIRM_LIMIT_MS + (order.delayed ? DELAY_MS : 0));
            expect(clockCause(order, now)).toBe(confirm === 0 ? 'confirmTimeout' : null);
          }
        },
      ),
    );
  });

  it('the client countdown runs at the simulation speed and stops at 0', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 7 }),
        fc.integer({ min: 0, max: 10 ** 6 }),
        fc.constantFrom(1, 10, 60),
        (remaining, elapsed, speed) => {
          const seconds = countdownSeconds(remaining, elapsed, speed);
          expect(seconds).toBeGreaterThanOrEqual(0);
          expect(seconds).toBeLessThanOrEqual(Math.ceil(remaining / 1000));
          if (remaining - elapsed * speed <= 0) expect(seconds).toBe(0);
        },
      ),
    );
  });
});

describe('P2P amounts', () => {
  it('an amount buys at most what it pays for, within one step; a quantity costs at least its worth, within a cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), price, decimals, (amount, p, d) => {
        const units = quantityForAmount(amount, p, d);
        expect(units % quantityStep(d)).toBe(0n);
        expect(units * p).toBeLessThanOrEqual(amount * UNIT);
        expect((units + quantityStep(d)) * p).toBeGreaterThan(amount * UNIT);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 14n }), price, (units, p) => {
        const cents = amountForQuantity(units, p);
        expect(cents * UNIT).toBeGreaterThanOrEqual(units * p);
        expect((cents - 1n) * UNIT).toBeLessThan(units * p);
      }),
    );
  });

  it('cents read and print back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 14n }), (cents) => {
        expect(centsOf(centsText(cents))).toBe(cents);
      }),
    );
    expect(centsOf('1.234')).toBeNull();
    expect(centsOf('-1')).toBeNull();
    expect(centsOf('1e3')).toBeNull();
  });
});

describe('P2P limits', () => {
  const terms = fc.record({
    priceCents: fc.bigInt({ min: -5n, max: 10n ** 8n }),
    totalUnits: fc.bigInt({ min: -5n, max: 10n ** 12n }).map((u) => u - (u % 1_000_000n)),
    minCents: fc.bigInt({ min: -5n, max: 10n ** 8n }),
    maxCents: fc.bigInt({ min: -5n, max: 10n ** 8n }),
    payMethods: fc.subarray(['alipay', 'wxpay', 'bank', 'cash']),
    payLimitMinutes: fc.constantFrom(10, 15, 30),
    remarks: fc.string({ maxLength: 220 }),
    coinDecimals: fc.constant(2),
  });

  it('an accepted ad has a price, max not below min, and a total that covers one minimum order', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const problem = adProblem(t);
        if (problem !== null) return;
        expect(t.priceCents).toBeGreaterThan(0n);
        expect(t.maxCents).toBeGreaterThanOrEqual(t.minCents);
        expect(t.minCents).toBeGreaterThan(0n);
        expect(amountForQuantity(t.totalUnits, t.priceCents)).toBeGreaterThanOrEqual(t.minCents);
        expect(t.payMethods.length).toBeGreaterThan(0);
        expect(t.payMethods).not.toContain('cash');
        expect([15, 30]).toContain(t.payLimitMinutes);
      }),
    );
    expect(
      adProblem({
        priceCents: 700n,
        totalUnits: 100n * UNIT,
        minCents: 500_00n,
        maxCents: 100_00n,
        payMethods: ['bank'],
        payLimitMinutes: 15,
        remarks: '',
        coinDecimals: 2,
      }),
    ).toBe('p2pMaxBelowMin');
  });

  it('an order inside the limits and what is left is accepted, anything else names why', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        (units, amountCents, minCents, maxCents, leftUnits) => {
          const problem = orderSizeProblem({ units, amountCents, minCents, maxCents, leftUnits });
          const fits = units > 0n && amountCents >= minCents && amountCents <= maxCents && units <= leftUnits;
          expect(problem === null).toBe(fits && amountCents > 0n);
        },
      ),
    );
  });

  it('the effective maximum never exceeds the ad maximum or what is left', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        price,
        (max, left, p) => {
          const eff = effectiveMaxCents(max, left, p);
          expect(eff).toBeLessThanOrEqual(max);
          expect(eff * UNIT).toBeLessThanOrEqual(left * p);
        },
      ),
    );
  });
});

describe('three buyer cancellations a day', () => {
  it('bars buying from the third cancellation of a UTC day until the next midnight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5 * DAY_MS }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 5 * DAY_MS }),
        (times, now) => {
          const sameDay = times.filter((at) => dayStart(at) === dayStart(now)).length;
          const until = buyingBarredUntil(times, now);
          if (sameDay >= BUYER_CANCELS_PER_DAY) {
            expect(until).toBe(dayStart(now) + DAY_MS);
            expect(until!).toBeGreaterThan(now);
          } else expect(until).toBeNull();
        },
      ),
    );
  });
});

describe('order dialog and ad editor entries', () => {
  const dialog = {
    priceCents: 720n,
    minCents: 100_00n,
    maxCents: 5000_00n,
    leftUnits: 1000n * UNIT,
    coinDecimals: 2,
  };

  it('reads a decimal comma where the language writes one and refuses what is not a number', () => {
    const entry = readOrderEntry('144,00', 'amount', dialog, true);
    expect(entry.ok && entry.figures).toEqual({ units: 20n * UNIT, amountCents: 144_00n });
    expect(readOrderEntry('144,00', 'amount', dialog, false)).toEqual({
      ok: false,
      problem: { kind: 'notNumber' },
    });
    expect(readOrderEntry('1e3', 'amount', dialog, false)).toEqual({
      ok: false,
      problem: { kind: 'notNumber' },
    });
    expect(readOrderEntry('99.99', 'amount', dialog, false)).toEqual({
      ok: false,
      problem: { kind: 'p2pBelowMin' },
    });
    expect(readOrderEntry('5000.01', 'amount', dialog, false)).toEqual({
      ok: false,
      problem: { kind: 'p2pAboveMax' },
    });
    expect(companionText('20', 'quantity', dialog, false)).toBe('144.00');
    expect(companionText('144', 'amount', dialog, false)).toBe('20.00');
  });

  it('amount and quantity stay in sync: the companion of an amount costs no more than the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 7 }), (cents) => {
        const text = centsText(BigInt(cents));
        const quantity = companionText(text, 'amount', dialog, false);
        const back = figuresOf('quantity', BigInt(Math.round(Number(quantity) * 100)) * 1_000_000n, 720n, 2);
        expect(back.amountCents).toBeLessThanOrEqual(BigInt(cents));
      }),
    );
  });

  it('the ad editor refuses a maximum below the minimum and a total that cannot fill one order', () => {
    const form = {
      price: '7.20',
      total: '100',
      min: '100',
      max: '50',
      payMethods: ['bank'],
      payLimitMinutes: 15,
      remarks: '',
    };
    expect(readAdForm(form, 2, false)).toMatchObject({
      ok: false,
      field: 'max',
      problem: { kind: 'p2pMaxBelowMin' },
    });
    expect(readAdForm({ ...form, max: '500', total: '10' }, 2, false)).toMatchObject({
      ok: false,
      field: 'total',
      problem: { kind: 'p2pTotalBelowMin' },
    });
    expect(readAdForm({ ...form, max: '500', price: '7,2' }, 2, true)).toEqual({
      ok: true,
      values: { price: '7.2', floatMargin: '', total: '100', min: '100', max: '500' },
    });
    expect(readAdForm({ ...form, max: '500', payMethods: [] }, 2, false)).toMatchObject({
      field: 'payMethods',
    });
  });
});
