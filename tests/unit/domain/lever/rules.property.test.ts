import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hazardRateBasis,
  hazardRateText,
  isLiquidating,
  leverBond,
  leverEntryPrice,
  leverFee,
  leverLimitPriceAllowed,
  leverLimitTouched,
  leverLiquidationPrice,
  leverOrderProblem,
  leverOvernightFee,
  leverPnl,
  leverPriceAtChange,
  leverPriceAtPnl,
  leverQuantity,
  leverSettlement,
  leverStopFired,
  leverStopProblem,
  leverTransferable,
  LIQUIDATION_RATE_PERCENT,
  liquidationOrder,
  UNIT,
  type LeverSide,
} from '../../../../src/domain/lever/rules.ts';

/**
 * Every formula against an independent reference: the defining inequalities of the rounding it
 * promises (a ceiling c of x/y is the c with (c-1) y < x <= c y), on exact BigInt products.
 */
const price = fc.bigInt({ min: 1n, max: 10n ** 14n });
const qty = fc.bigInt({ min: 1n, max: 10n ** 13n });
const money = fc.bigInt({ min: 0n, max: 10n ** 15n });
const side = fc.constantFrom<LeverSide>('long', 'short');
const multiple = fc.constantFrom(1, 2, 5, 10, 20, 50, 100);
const rateText = fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 1e8).toFixed(8));

function isCeil(c: bigint, x: bigint, y: bigint): boolean {
  return (c - 1n) * y < x && x <= c * y;
}
function isFloor(f: bigint, x: bigint, y: bigint): boolean {
  return f * y <= x && x < (f + 1n) * y;
}
function units(text: string): bigint {
  const [int = '0', frac = ''] = text.split('.');
  return BigInt(int + frac.padEnd(8, '0').slice(0, 8));
}

describe('lever formulas (issue 13)', () => {
  it('entry: the spread moves a long up and a short down, on the price tick, rounded against the user', () => {
    fc.assert(
      fc.property(
        side,
        price,
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 8 }),
        (s, last, bp, dec) => {
          const point = (bp / 100).toFixed(2);
          const entry = leverEntryPrice(s, last, point, dec);
          const tick = 10n ** BigInt(8 - dec);
          expect(entry % tick).toBe(0n);
          // exact = last x (100 +- point) / 100, with point in hundredths of a percent.
          const exactNum = last * (s === 'long' ? 10_000n + BigInt(bp) : 10_000n - BigInt(bp));
          const ticks = entry / tick;
          if (s === 'long') expect(isCeil(ticks, exactNum, 10_000n * tick)).toBe(true);
          else expect(isFloor(ticks, exactNum, 10_000n * tick)).toBe(true);
        },
      ),
    );
  });

  it('quantity = lots x share; bond = price x quantity / multiple and fee = price x quantity x rate, rounded up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000n }),
        rateText,
        price,
        multiple,
        rateText,
        (lots, share, p, m, fee) => {
          const q = leverQuantity(lots, share);
          expect(q).toBe(lots * units(share));
          if (q === 0n) return;
          expect(isCeil(leverBond(p, q, m), p * q, UNIT * BigInt(m))).toBe(true);
          const f = leverFee(p, q, fee);
          if (units(fee) === 0n) expect(f).toBe(0n);
          else expect(isCeil(f, p * q * units(fee), UNIT * UNIT)).toBe(true);
          expect(leverOvernightFee(p, q, fee)).toBe(f);
          // A higher multiple never asks a larger bond.
          expect(leverBond(p, q, m * 2)).toBeLessThanOrEqual(leverBond(p, q, m));
        },
      ),
    );
  });

  it('PnL: (mark - entry) x quantity for a long, the opposite for a short, rounded down', () => {
    fc.assert(
      fc.property(price, price, qty, (entry, mark, q) => {
        const long = leverPnl('long', entry, mark, q);
        const short = leverPnl('short', entry, mark, q);
        expect(isFloor(long, (mark - entry) * q, UNIT)).toBe(true);
        expect(isFloor(short, (entry - mark) * q, UNIT)).toBe(true);
        // Long and short of the same size never gain together: at most one unit of rounding apart.
        expect(long + short === 0n || long + short === -1n).toBe(true);
        expect(leverPnl('long', entry, entry, q)).toBe(0n);
      }),
    );
  });

  it('hazard rate = (balance + bonds + PnL) / bonds x 100, and liquidation is at or below the threshold', () => {
    fc.assert(
      fc.property(
        money,
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        (b, bonds, pnl) => {
          const basis = hazardRateBasis(b, bonds, pnl);
          expect(basis).not.toBeNull();
          expect(isFloor(basis ?? 0n, (b + bonds + pnl) * 10_000n, bonds)).toBe(true);
          expect(isLiquidating(b, bonds, pnl)).toBe(
            (b + bonds + pnl) * 100n <= LIQUIDATION_RATE_PERCENT * bonds,
          );
          const text = hazardRateText(b, bonds, pnl);
          expect(text).toMatch(/^-?\d+\.\d\d$/);
        },
      ),
    );
    expect(hazardRateBasis(5n, 0n, 0n)).toBeNull();
    expect(hazardRateText(5n, 0n, 0n)).toBe('0');
    expect(isLiquidating(0n, 0n, -5n)).toBe(false);
    expect(hazardRateText(0n, 100n, -50n)).toBe('50.00');
  });

  it('liquidation price: the account liquidates at it and not a step beyond it on the safe side', () => {
    fc.assert(
      fc.property(
        side,
        price,
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 12n }),
        money,
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        (s, entry, q, balance, bonds, other) => {
          const lp = leverLiquidationPrice(s, entry, q, balance, bonds, other);
          const liquidatesAt = (mark: bigint) =>
            isLiquidating(balance, bonds, other + leverPnl(s, entry, mark, q));
          if (lp === 0n) {
            // A long with no liquidation price survives every positive price (down to one unit).
            if (s === 'long') expect(liquidatesAt(1n)).toBe(false);
            return;
          }
          expect(liquidatesAt(lp)).toBe(true);
          // One unit of PnL (UNIT / q price units, rounded up) plus one past it, the account is safe.
          const step = (UNIT + q - 1n) / q + 1n;
          const safer = s === 'long' ? lp + step : lp - step;
          if (safer > 0n) expect(liquidatesAt(safer)).toBe(false);
        },
      ),
    );
  });

  it('take-profit and stop-loss sides: long TP above entry and last, SL below both; short reversed; 0 clears', () => {
    fc.assert(
      fc.property(
        side,
        price,
        price,
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        (s, entry, last, tp, sl) => {
          const high = entry > last ? entry : last;
          const low = entry < last ? entry : last;
          const tpOk = tp === 0n || (s === 'long' ? tp > high : tp < low);
          const slOk = sl === 0n || (s === 'long' ? sl < low : sl > high);
          const problem = leverStopProblem(s, entry, last, tp, sl);
          expect(problem === null).toBe(tpOk && slOk);
          if (!tpOk) expect(problem).toBe('takeProfitSide');
          else if (!slOk) expect(problem).toBe('stopLossSide');
          // A valid pair never fires on the last price, and a trade fires at most one of them.
          if (problem === null) expect(leverStopFired(s, tp, sl, last)).toBeNull();
        },
      ),
    );
    expect(leverStopProblem('long', 10n, 10n, -1n, 0n)).toBe('negative');
  });

  it('fires a take-profit or stop-loss on a trade at or through it', () => {
    fc.assert(
      fc.property(
        price,
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        (mid, gap, beyond) => {
          const tpLong = mid + gap;
          const slLong = mid - gap > 0n ? mid - gap : 0n;
          expect(leverStopFired('long', tpLong, slLong, tpLong + beyond)).toBe('takeProfit');
          if (slLong > 0n && slLong - beyond > 0n)
            expect(leverStopFired('long', tpLong, slLong, slLong - beyond)).toBe('stopLoss');
          expect(leverStopFired('short', slLong, tpLong, tpLong + beyond)).toBe('stopLoss');
          if (slLong > 0n && slLong - beyond > 0n)
            expect(leverStopFired('short', slLong, tpLong, slLong - beyond)).toBe('takeProfit');
          expect(leverStopFired('long', 0n, 0n, mid)).toBeNull();
        },
      ),
    );
  });

  it('fixed price: a long below the last trade, a short above; opens on a trade at or through it', () => {
    fc.assert(
      fc.property(side, price, price, price, (s, limit, last, trade) => {
        expect(leverLimitPriceAllowed(s, limit, last)).toBe(s === 'long' ? limit < last : limit > last);
        expect(leverLimitTouched(s, limit, trade)).toBe(s === 'long' ? trade <= limit : trade >= limit);
      }),
    );
    expect(leverLimitPriceAllowed('long', 0n, 5n)).toBe(false);
  });

  it('the TP/SL dialog: a % change and an expected PnL give back the price', () => {
    fc.assert(
      fc.property(
        side,
        price,
        qty,
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        (s, entry, q, pnl) => {
          const at = leverPriceAtPnl(s, entry, q, pnl);
          const back = leverPnl(s, entry, at, q);
          // Within one price unit's worth of PnL of what was asked (both roundings go down).
          const slack = q / UNIT + 2n;
          expect(back <= pnl + slack && back >= pnl - slack).toBe(true);
        },
      ),
    );
    expect(leverPriceAtChange(100n * UNIT, 5n * UNIT)).toBe(105n * UNIT);
    expect(leverPriceAtChange(100n * UNIT, -5n * UNIT)).toBe(95n * UNIT);
  });

  it('a close pays bond + PnL back, a deeper loss from the balance, then from the insurance book', () => {
    fc.assert(
      fc.property(money, fc.bigInt({ min: -(10n ** 16n), max: 10n ** 15n }), money, (bond, pnl, free) => {
        const { returned, fromBalance, fromInsurance } = leverSettlement(bond, pnl, free);
        expect(returned >= 0n && fromBalance >= 0n && fromInsurance >= 0n).toBe(true);
        expect(fromBalance <= free).toBe(true);
        // Conservation: what the user ends with = bond + PnL + what the insurance book covered.
        expect(returned - fromBalance).toBe(bond + pnl + fromInsurance);
        if (fromInsurance > 0n) expect(fromBalance).toBe(free);
      }),
    );
  });

  it('a transfer out may take the free balance less unrealised losses; then the rate stays >= 100 %', () => {
    fc.assert(
      fc.property(
        money,
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        (free, bonds, pnl) => {
          const room = leverTransferable(free, pnl);
          expect(room >= 0n && room <= free).toBe(true);
          if (room > 0n) expect((hazardRateBasis(free - room, bonds, pnl) ?? 0n) >= 10_000n).toBe(true);
        },
      ),
    );
  });

  it('liquidates the largest loss first, then the lowest id', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(1000), pnl: fc.bigInt({ min: -100n, max: 100n }) })),
        (rows) => {
          const order = liquidationOrder(rows);
          for (let i = 1; i < order.length; i += 1) {
            const a = order[i - 1];
            const b = order[i];
            if (a && b) expect(a.pnl < b.pnl || (a.pnl === b.pnl && a.id <= b.id)).toBe(true);
          }
        },
      ),
    );
  });

  it('refuses lots out of bounds, a multiple not offered and a cost above the balance', () => {
    const base = {
      lots: 5n,
      minLots: 1n,
      maxLots: 10n,
      multiple: 10,
      multiples: [5, 10],
      cost: 100n,
      available: 100n,
    };
    expect(leverOrderProblem(base)).toBeNull();
    expect(leverOrderProblem({ ...base, lots: 11n })).toBe('lotsRange');
    expect(leverOrderProblem({ ...base, lots: 0n, minLots: 0n })).toBe('lotsRange');
    expect(leverOrderProblem({ ...base, multiple: 3 })).toBe('multiple');
    expect(leverOrderProblem({ ...base, cost: 101n })).toBe('insufficient');
  });
});
