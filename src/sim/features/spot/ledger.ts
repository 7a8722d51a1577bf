import { balanceKey, balanceOf, type SpotOrder, type SpotState } from './state.ts';

/**
 * Copy-on-write updates of the spot state, for `evolve`: the store keeps the previous state if a
 * write fails, so nothing here may change a map or record it was given.
 */

/** Adds to a user's available and locked amounts of one currency. */
export function adjustBalance(
  state: SpotState,
  userId: number,
  currencyId: number,
  delta: { available?: bigint; locked?: bigint },
): SpotState {
  const current = balanceOf(state, userId, currencyId);
  const balances = new Map(state.balances);
  balances.set(balanceKey(userId, currencyId), {
    available: current.available + (delta.available ?? 0n),
    locked: current.locked + (delta.locked ?? 0n),
  });
  return { ...state, balances };
}

export function putOrder(state: SpotState, order: SpotOrder): SpotState {
  const orders = new Map(state.orders);
  orders.set(order.id, order);
  return { ...state, orders };
}

export function addFee(state: SpotState, currencyId: number, units: bigint): SpotState {
  if (units === 0n) return state;
  const fees = new Map(state.fees);
  fees.set(currencyId, (fees.get(currencyId) ?? 0n) + units);
  return { ...state, fees };
}
