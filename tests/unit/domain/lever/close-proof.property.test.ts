import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_NONE,
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_CLOSE_USER,
} from '../../../../src/domain/contract-codes.ts';
import {
  leverCloseProof,
  stopFiresAt,
  type ClosedPositionFacts,
} from '../../../../src/domain/lever/close-proof.ts';
import type { LeverSide } from '../../../../src/domain/lever/rules.ts';
import { unitsText } from '../../../../src/domain/money.ts';

/**
 * The proof of a closed lever position against references written out by hand: a long's
 * take-profit and a short's stop-loss fire at or above their price, the others at or below; the PnL
 * is the price move times the quantity, floored to 1e-8 (UNIT = 1e8 units).
 */
const UNIT = 100_000_000n;
const price = fc.bigInt({ min: 1n, max: 10n ** 14n });
const qty = fc.bigInt({ min: 1n, max: 10n ** 12n });
const side = fc.constantFrom<LeverSide>('long', 'short');
const stopReason = fc.constantFrom(LEVER_CLOSE_TAKE_PROFIT, LEVER_CLOSE_STOP_LOSS);

/** The PnL by the definition of a floor: the p with p x UNIT <= move x qty < (p + 1) x UNIT. */
function isFlooredPnl(pnl: bigint, s: LeverSide, entry: bigint, trade: bigint, quantity: bigint): boolean {
  const exact = (s === 'long' ? trade - entry : entry - trade) * quantity;
  return pnl * UNIT <= exact && exact < (pnl + 1n) * UNIT;
}

describe('leverCloseProof', () => {
  it('a take-profit or stop-loss fired exactly when the trade stands past its price on the rule side', () => {
    fc.assert(
      fc.property(side, stopReason, price, price, price, qty, (s, reason, entry, stop, trade, quantity) => {
        const takeProfit = reason === LEVER_CLOSE_TAKE_PROFIT;
        const proof = leverCloseProof({
          side: s,
          reason,
          entry: unitsText(entry),
          quantity: unitsText(quantity),
          takeProfit: takeProfit ? unitsText(stop) : '0',
          stopLoss: takeProfit ? '0' : unitsText(stop),
          tradePrice: unitsText(trade),
          profits: '0',
        });
        expect(proof).not.toBeNull();
        const above = (s === 'long') === takeProfit;
        expect(proof!.rule).toBe(takeProfit ? 'takeProfit' : 'stopLoss');
        expect(proof!.trigger).toEqual({ price: unitsText(stop), fires: above ? 'atOrAbove' : 'atOrBelow' });
        expect(proof!.fired).toBe(above ? trade >= stop : trade <= stop);
      }),
    );
  });

  it('re-derives the PnL at the trade, and agrees only with that PnL recorded', () => {
    fc.assert(
      fc.property(
        side,
        fc.constantFrom(
          LEVER_CLOSE_USER,
          LEVER_CLOSE_LIQUIDATION,
          LEVER_CLOSE_TAKE_PROFIT,
          LEVER_CLOSE_STOP_LOSS,
        ),
        price,
        price,
        qty,
        fc.bigInt({ min: -3n, max: 3n }),
        (s, reason, entry, trade, quantity, off) => {
          const facts = {
            side: s,
            reason,
            entry: unitsText(entry),
            quantity: unitsText(quantity),
            takeProfit: '0',
            stopLoss: '0',
            tradePrice: unitsText(trade),
          };
          const first = leverCloseProof({ ...facts, profits: '0' })!;
          expect(isFlooredPnl(first.pnl, s, entry, trade, quantity)).toBe(true);
          const recorded = leverCloseProof({ ...facts, profits: unitsText(first.pnl + off) })!;
          expect(recorded.agrees).toBe(off === 0n);
          // A liquidation and a close by the user name no price rule.
          if (reason === LEVER_CLOSE_USER || reason === LEVER_CLOSE_LIQUIDATION) {
            expect(recorded.trigger).toBeNull();
            expect(recorded.fired).toBeNull();
            expect(recorded.rule).toBe(reason === LEVER_CLOSE_USER ? 'manual' : 'liquidation');
          }
        },
      ),
    );
  });

  it('has no proof for a position that did not close or a figure that is not a decimal', () => {
    const facts: ClosedPositionFacts = {
      side: 'long',
      reason: LEVER_CLOSE_TAKE_PROFIT,
      entry: '100',
      quantity: '0.01',
      takeProfit: '101',
      stopLoss: '0',
      tradePrice: '101.5',
      profits: '0.015',
    };
    expect(leverCloseProof(facts)).toMatchObject({ fired: true, agrees: true, pnl: 1_500_000n });
    expect(leverCloseProof({ ...facts, reason: LEVER_CLOSE_NONE })).toBeNull();
    expect(leverCloseProof({ ...facts, tradePrice: 'abc' })).toBeNull();
    expect(leverCloseProof({ ...facts, profits: '' })).toBeNull();
  });

  it('names where each stop fires from', () => {
    expect(stopFiresAt('long', 'takeProfit')).toBe('atOrAbove');
    expect(stopFiresAt('long', 'stopLoss')).toBe('atOrBelow');
    expect(stopFiresAt('short', 'takeProfit')).toBe('atOrBelow');
    expect(stopFiresAt('short', 'stopLoss')).toBe('atOrAbove');
  });
});
