import {
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_CLOSE_USER,
  type LeverCloseReason,
} from '../contract-codes.ts';
import { LEDGER_DECIMALS, toScaled } from '../money.ts';
import { leverPnl, leverStopFired, type LeverSide } from './rules.ts';

/** The rule that closed a lever position, as its proof names it. */
export type LeverCloseRule = 'takeProfit' | 'stopLoss' | 'liquidation' | 'manual';

/** What a closed position says about itself, as the contract sends it (decimal strings). */
export interface ClosedPositionFacts {
  readonly side: LeverSide;
  readonly reason: LeverCloseReason;
  /** The entry price (leverPosition.price). */
  readonly entry: string;
  /** The quantity in the base currency (leverPosition.number). */
  readonly quantity: string;
  readonly takeProfit: string;
  readonly stopLoss: string;
  /** The price of the tape trade it closed on (close_trade.price). */
  readonly tradePrice: string;
  /** The realised PnL recorded (leverPosition.profits). */
  readonly profits: string;
}

/**
 * A settlement re-derived from what the screen shows, by the rules the simulator settles with
 * (leverStopFired, leverPnl): a person can follow every step by hand.
 */
export interface LeverCloseProof {
  readonly rule: LeverCloseRule;
  /**
   * For a take-profit or stop-loss: the price the trade is compared with, and whether the rule
   * fires at or above it, or at or below it. Null for a liquidation (an account rule, not a price)
   * and a close by the user (at the last trade when the close arrived).
   */
  readonly trigger: { readonly price: string; readonly fires: 'atOrAbove' | 'atOrBelow' } | null;
  /** Whether the trade's price fires that rule; null where there is no price rule. */
  readonly fired: boolean | null;
  /** The PnL at the trade's price: (trade - entry) x quantity for a long, (entry - trade) x quantity for a short, floored to 1e-8. */
  readonly pnl: bigint;
  /** Whether that PnL is the one recorded. */
  readonly agrees: boolean;
}

const RULES: Record<LeverCloseReason, LeverCloseRule | null> = {
  0: null,
  [LEVER_CLOSE_USER]: 'manual',
  [LEVER_CLOSE_LIQUIDATION]: 'liquidation',
  [LEVER_CLOSE_TAKE_PROFIT]: 'takeProfit',
  [LEVER_CLOSE_STOP_LOSS]: 'stopLoss',
};

/**
 * Where a take-profit or stop-loss fires from: a long's take-profit and a short's stop-loss fire at
 * or above their price, the other two at or below (leverStopFired).
 */
export function stopFiresAt(side: LeverSide, rule: 'takeProfit' | 'stopLoss'): 'atOrAbove' | 'atOrBelow' {
  return (side === 'long') === (rule === 'takeProfit') ? 'atOrAbove' : 'atOrBelow';
}

/**
 * The proof of a closed position's settlement, or null when it did not close or a figure is not a
 * decimal (a server's answer is shown as sent, never re-derived from guesses).
 */
export function leverCloseProof(facts: ClosedPositionFacts): LeverCloseProof | null {
  const rule = RULES[facts.reason];
  const scaled = (text: string) => toScaled(text, LEDGER_DECIMALS);
  const entry = scaled(facts.entry);
  const quantity = scaled(facts.quantity);
  const trade = scaled(facts.tradePrice);
  const profits = scaled(facts.profits);
  const takeProfit = scaled(facts.takeProfit) ?? 0n;
  const stopLoss = scaled(facts.stopLoss) ?? 0n;
  if (rule === null || entry === null || quantity === null || trade === null || profits === null) return null;
  const pnl = leverPnl(facts.side, entry, trade, quantity);
  let trigger: LeverCloseProof['trigger'] = null;
  let fired: boolean | null = null;
  if (rule === 'takeProfit' || rule === 'stopLoss') {
    trigger = {
      price: rule === 'takeProfit' ? facts.takeProfit : facts.stopLoss,
      fires: stopFiresAt(facts.side, rule),
    };
    // Only the rule named: a take-profit is checked alone, as the stop-loss could not be on the same side.
    fired =
      leverStopFired(
        facts.side,
        rule === 'takeProfit' ? takeProfit : 0n,
        rule === 'stopLoss' ? stopLoss : 0n,
        trade,
      ) === rule;
  }
  return { rule, trigger, fired, pnl, agrees: pnl === profits };
}
