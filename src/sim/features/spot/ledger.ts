import { withEntry } from '../../store/persistent-map.ts';
import { ORDER_STATUS_OPEN } from '../../../domain/contract-codes.ts';
import {
  balanceKey,
  balanceOf,
  openOrderIndex,
  withOpenOrder,
  type SpotOrder,
  type SpotState,
} from './state.ts';

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

/**
 * Stores an order (new, or a new version of one). The one writer of `orders`, so it keeps the
 * open-order index too: an order that opens or stops being open enters or leaves its user's entry.
 */
export function putOrder(state: SpotState, order: SpotOrder): SpotState {
  // Stored on every write: a state from an older snapshot has it from its first order write on.
  const open = order.status === ORDER_STATUS_OPEN;
  const openOrders = withOpenOrder(openOrderIndex(state), order.userId, order.id, open);
  return { ...state, orders: withEntry(state.orders, order.id, order), openOrders };
}

export function addFee(state: SpotState, currencyId: number, units: bigint): SpotState {
  if (units === 0n) return state;
  return { ...state, fees: withEntry(state.fees, currencyId, (state.fees.get(currencyId) ?? 0n) + units) };
}
