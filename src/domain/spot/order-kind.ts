import {
  ORDER_TYPE_LIMIT,
  ORDER_TYPE_MARKET,
  ORDER_TYPE_OCO,
  ORDER_TYPE_STOP_LIMIT,
  WAY_BUY,
  WAY_SELL,
  type OrderType,
  type Way,
} from '../contract-codes.ts';

/**
 * The words of a spot order (spec §3, §4): its side, how the contract numbers it (way, see
 * contract-codes.ts), and the entry mode. The numbers themselves are defined in contract-codes.ts;
 * LIMIT, MARKET, EntryMode and Way are their names on the spot screen.
 */
export type SpotSide = 'buy' | 'sell';
export type { Way };
export type EntryMode = OrderType;

export const LIMIT: EntryMode = ORDER_TYPE_LIMIT;
export const MARKET: EntryMode = ORDER_TYPE_MARKET;
export const STOP_LIMIT: EntryMode = ORDER_TYPE_STOP_LIMIT;
/** A limit order and a stop-limit order placed together; one cancels the other (domain/spot/oco.ts). */
export const OCO: EntryMode = ORDER_TYPE_OCO;
export const ENTRY_MODES: readonly EntryMode[] = [LIMIT, MARKET, STOP_LIMIT, OCO];

export const SIDES: readonly SpotSide[] = ['buy', 'sell'];

export function wayOf(side: SpotSide): Way {
  return side === 'buy' ? WAY_BUY : WAY_SELL;
}

export function sideOfWay(way: Way): SpotSide {
  return way === WAY_BUY ? 'buy' : 'sell';
}

export function otherSide(side: SpotSide): SpotSide {
  return side === 'buy' ? 'sell' : 'buy';
}

/**
 * Spec §5: selling on currency match 64 is blocked (message `remind`). Pair 64 is the house token,
 * which may be bought but not sold here.
 */
export const SELL_BLOCKED_MATCH_ID = 64;

export function isSellBlocked(matchId: number, side: SpotSide): boolean {
  return side === 'sell' && matchId === SELL_BLOCKED_MATCH_ID;
}
