import { withEntry } from '../../store/persistent-map.ts';
import { balanceKey, balanceOf, type SpotOrder, type SpotState } from './state.ts';

/**
 * Copy-on-write updates of the spot state, for `evolve`: the store keeps the previous state if a
 * write fails, so nothing here may change a map or record it was given. The maps are persistent
 * (store/persistent-map.ts): a write copies one path of the map, not the map.
 */

/** Adds to a user's available and locked amounts of one currency. */
export function adjustBalance(
  state: SpotState,
  userId: number,
  currencyId: number,
  delta: { available?: bigint; locked?: bigint },
): SpotState {
  const current = balanceOf(state, userId, currencyId);
  const balances = withEntry(state.balances, balanceKey(userId, currencyId), {
    available: current.available + (delta.available ?? 0n),
    locked: current.locked + (delta.locked ?? 0n),
  });
  return { ...state, balances };
}

export function putOrder(state: SpotState, order: SpotOrder): SpotState {
  return { ...state, orders: withEntry(state.orders, order.id, order) };
}

export function addFee(state: SpotState, currencyId: number, units: bigint): SpotState {
  if (units === 0n) return state;
  return { ...state, fees: withEntry(state.fees, currencyId, (state.fees.get(currencyId) ?? 0n) + units) };
}
