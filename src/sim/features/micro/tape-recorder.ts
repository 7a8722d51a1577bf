import type { Market } from '../../market/market.ts';
import type { Trade } from '../../market/trade.ts';
import type { TapeTradeRef } from './state.ts';

/** How long the recorder keeps trades: past the longest contract and a slow settlement pass. */
export const RECORD_KEEP_MS = 15 * 60_000;

/**
 * The public tape as micro needs it: every trade of every pair (with its tape id), kept for
 * RECORD_KEEP_MS, so a contract settles on the last trade at or before its expiry even when the
 * settlement pass runs later (at x60 a real second is a simulated minute). Fed by the market's
 * `onTrade`, seeded with the trades on each pair's tape when the market opens.
 */
export class TapeRecorder {
  private readonly trades = new Map<number, Trade[]>();
  private readonly listeners = new Set<(pairId: number, trade: TapeTradeRef) => void>();

  /**
   * Calls `listener` with every trade recorded from now on, once it is on the tape: what fires on a
   * trade (lever's stops, micro settlements) runs from the trade itself, not from a timer.
   */
  onTrade(listener: (pairId: number, trade: TapeTradeRef) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  record(pairId: number, trade: Trade): void {
    if (trade.id === undefined) return;
    let list = this.trades.get(pairId);
    if (!list) this.trades.set(pairId, (list = []));
    const last = list[list.length - 1];
    if (last && (last.id ?? 0) >= trade.id) return;
    list.push(trade);
    if (this.listeners.size > 0) {
      const ref = refOf(trade);
      for (const listener of this.listeners) listener(pairId, ref);
    }
    // Prune in batches so the front is not shifted at every trade.
    if (list.length > 256 && list[0]!.time < trade.time - RECORD_KEEP_MS - 60_000) {
      const keepFrom = list.findIndex((entry) => entry.time >= trade.time - RECORD_KEEP_MS);
      list.splice(0, Math.max(0, Math.min(keepFrom, list.length - 1)));
    }
  }

  /** Takes the trades each pair's tape already shows (the market's opening tape). */
  seed(market: Market): void {
    for (const pair of market.pairs) {
      for (const trade of pair.tape.latest().reverse()) this.record(pair.pair.id, trade);
    }
  }

  /** The pair's last recorded trade. */
  last(pairId: number): TapeTradeRef | null {
    const list = this.trades.get(pairId);
    const trade = list?.[list.length - 1];
    return trade ? refOf(trade) : null;
  }

  /** The pair's recorded trades after the trade `id`, oldest first (lever's clock pass reads them). */
  after(pairId: number, id: number): TapeTradeRef[] {
    const list = this.trades.get(pairId);
    if (!list) return [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((list[mid]!.id ?? 0) <= id) lo = mid + 1;
      else hi = mid;
    }
    return list.slice(lo).map(refOf);
  }

  /** The pair's last recorded trade at or before `time`; null when none is kept. */
  lastAtOrBefore(pairId: number, time: number): TapeTradeRef | null {
    const list = this.trades.get(pairId);
    if (!list) return null;
    let lo = 0;
    let hi = list.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.time <= time) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? null : refOf(list[found]!);
  }
}

function refOf(trade: Trade): TapeTradeRef {
  return { id: trade.id ?? 0, time: trade.time, price: trade.price };
}
