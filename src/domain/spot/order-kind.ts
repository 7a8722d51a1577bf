/**
 * The words of a spot order (spec §3, §4): its side, how the contract numbers it (way 1 buy, 2 sell),
 * and the entry mode (0 limit, 1 market).
 */
export type SpotSide = 'buy' | 'sell';
export type Way = 1 | 2;
export type EntryMode = 0 | 1;

export const LIMIT: EntryMode = 0;
export const MARKET: EntryMode = 1;
export const ENTRY_MODES: readonly EntryMode[] = [LIMIT, MARKET];

export const SIDES: readonly SpotSide[] = ['buy', 'sell'];

export function wayOf(side: SpotSide): Way {
  return side === 'buy' ? 1 : 2;
}

export function sideOfWay(way: Way): SpotSide {
  return way === 1 ? 'buy' : 'sell';
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
