import type { TapeWay } from '../contract-codes.ts';

/**
 * The recent-trades tape (spec §9: kept to 30 entries). Pushes bring batches newest first; the tape
 * keeps the newest `limit`, newest first. A batch that arrived before the snapshot it overlaps is
 * dropped by time, so a trade is not listed twice around the snapshot.
 */
export const TAPE_LIMIT = 30;

export interface TapeTrade {
  readonly time: string | number;
  readonly price: string;
  readonly number: string;
  /** The taker's side, numbered as on the tape (contract-codes.ts: TAPE_WAY_BUY is 2). */
  readonly way: TapeWay;
}

export function timeOf(trade: TapeTrade): number {
  return typeof trade.time === 'number' ? trade.time : Date.parse(trade.time.replace(' ', 'T'));
}

/** `batch` (newest first) on top of `current` (newest first), at most `limit` kept. */
export function pushTrades<T extends TapeTrade>(
  current: readonly T[],
  batch: readonly T[],
  limit = TAPE_LIMIT,
): T[] {
  if (batch.length >= limit) return batch.slice(0, limit);
  return [...batch, ...current.slice(0, limit - batch.length)];
}

/** The snapshot's trades plus the pushed ones that are newer than its newest. */
export function tapeAfterSnapshot<T extends TapeTrade>(
  snapshot: readonly T[],
  pushed: readonly T[],
  limit = TAPE_LIMIT,
): T[] {
  const newest = snapshot.length > 0 ? timeOf(snapshot[0]!) : -Infinity;
  return pushTrades(
    snapshot.slice(0, limit),
    pushed.filter((trade) => timeOf(trade) > newest),
    limit,
  );
}
