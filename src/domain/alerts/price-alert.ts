import { ALERT_FALLS, ALERT_RISES } from '../contract-codes.ts';

/**
 * Price alerts (issue 33): "tell me when BTC/USDT rises to 50,000" or "falls to 40,000". An alert
 * fires once, on the first public trade at or through its price after it was set, and is then
 * done: it never fires again, whatever the market does (a trader who wants another sets another).
 * Prices are ledger units (1e-8), like every price the exchange compares.
 */
export type AlertDirection = 'rises' | 'falls';

/** What an alert waits for: a price reached, or a move by a percent within a window (move-alert.ts). */
export type AlertCondition = AlertDirection | 'moves';

/** The contract's codes for a direction (`alert/add`'s `direction`). */
export const ALERT_DIRECTION_CODE: Readonly<Record<AlertDirection, typeof ALERT_RISES | typeof ALERT_FALLS>> =
  {
    rises: ALERT_RISES,
    falls: ALERT_FALLS,
  };

export function alertDirectionOf(code: number): AlertDirection | null {
  if (code === ALERT_DIRECTION_CODE.rises) return 'rises';
  if (code === ALERT_DIRECTION_CODE.falls) return 'falls';
  return null;
}

/** Active alerts a user may keep at once, over every pair (Binance allows a few dozen). */
export const MAX_ACTIVE_ALERTS = 20;

/** Whether a trade at `price` fires an alert: at or above a rising target, at or below a falling one. */
export function alertFires(direction: AlertDirection, target: bigint, price: bigint): boolean {
  return direction === 'rises' ? price >= target : price <= target;
}

export type AlertTargetProblem = 'alertPriceNotAbove' | 'alertPriceNotBelow' | 'alertNoPrice';

/**
 * Why a target cannot be set against the pair's last trade, or null. A rising alert must be above
 * the last price and a falling one below it: one already reached would fire on the next trade, which
 * is never what the trader meant (they picked the wrong direction or mistyped the price). A pair
 * with no trade yet has nothing to measure against.
 */
export function alertTargetProblem(
  direction: AlertDirection,
  target: bigint,
  last: bigint | null,
): AlertTargetProblem | null {
  if (last === null || last <= 0n) return 'alertNoPrice';
  if (direction === 'rises' && target <= last) return 'alertPriceNotAbove';
  if (direction === 'falls' && target >= last) return 'alertPriceNotBelow';
  return null;
}

/** The first trade (oldest first) that fires the alert, or null. */
export function firstFiringTrade<T extends { readonly price: bigint }>(
  direction: AlertDirection,
  target: bigint,
  trades: readonly T[],
): T | null {
  return trades.find((trade) => alertFires(direction, target, trade.price)) ?? null;
}
