import type { Candle } from './candle.ts';
import type { Market } from './market.ts';
import { MINUTE_MS } from './periods.ts';

/**
 * Every pair's settled 24 h window at a fresh exchange's opening minute: the fold of the 1,439
 * synthesised minutes before it, which the quotes' 24 h figures are built on (PairMarket
 * dayWindow). A fresh profile's worker would synthesise those minutes of every pair before its
 * first answer could go out (about 200 ms of a browser worker's first stage, a third of it); they are
 * the same in every fresh profile of a build, so the build folds them once (scripts/prerender)
 * and compiles them into the worker, which takes them instead. The minutes themselves are still
 * synthesised the first time anything else reads them (a chart), from the same seeded history.
 */
export interface OpeningDayWindows {
  /** The opening instant (ms) they were folded at. */
  at: number;
  /** [pair id, the fold, or null where those minutes hold no trade], in the market's pair order. */
  pairs: Array<[number, Candle | null]>;
}

/** The settled 24 h windows of a market that has just opened (what the build writes down). */
export function openingDayWindowsOf(market: Market): OpeningDayWindows {
  return {
    at: market.time(),
    pairs: market.pairs.map((pair) => [pair.pair.id, pair.settledDayWindow() ?? null]),
  };
}

/**
 * Gives each pair of a market that has just opened in the minute of `windows.at` its settled
 * window, so its first quote folds only the minute now. The minute, not the instant: a worker's
 * clock has run a few milliseconds past the build's instant by the time its market is built, and
 * the minutes before are the same. Returns how many pairs took theirs: none where the market opened
 * in another minute, or a pair already folded its window.
 */
export function adoptOpeningDayWindows(market: Market, windows: OpeningDayWindows): number {
  const minute = Math.floor(windows.at / MINUTE_MS);
  if (Math.floor(market.time() / MINUTE_MS) !== minute) return 0;
  let adopted = 0;
  for (const [pairId, bar] of windows.pairs) {
    if (market.pair(pairId)?.adoptSettledDayWindow(minute, bar ?? undefined)) adopted++;
  }
  return adopted;
}

const CANDLE_FIELDS = ['time', 'open', 'high', 'low', 'close', 'volume', 'turnover', 'trades'] as const;

function isCandle(value: unknown): value is Candle {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return CANDLE_FIELDS.every((field) => typeof record[field] === 'number' && Number.isFinite(record[field]));
}

/**
 * The windows the build compiled in (a JSON text), or undefined where there are none or the text
 * is not theirs: the worker then folds the minutes itself, as before.
 */
export function parseOpeningDayWindows(text: unknown): OpeningDayWindows | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { at, pairs } = value as { at?: unknown; pairs?: unknown };
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || !Array.isArray(pairs)) return undefined;
  const valid = pairs.every(
    (entry: unknown) =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      Number.isSafeInteger(entry[0]) &&
      (entry[1] === null || isCandle(entry[1])),
  );
  return valid ? { at, pairs: pairs as OpeningDayWindows['pairs'] } : undefined;
}
