import type { KlineBar } from '../../../streams/payloads.ts';
import type { ChartBar } from './chart-option.ts';

/** A contract candle (decimal strings) as a drawable bar. */
export function toChartBar(bar: KlineBar): ChartBar {
  return {
    time: bar.time,
    open: Number(bar.open),
    high: Number(bar.high),
    low: Number(bar.low),
    close: Number(bar.close),
    volume: Number(bar.volume),
  };
}

/**
 * Folds live candles into the loaded ones (in place: the chart owns this array): a bar of a known
 * time replaces it (the forming bar, or a closed bar's final state), a newer one is appended.
 */
export function foldBars(bars: ChartBar[], updates: Iterable<ChartBar>): void {
  for (const bar of updates) {
    for (let i = bars.length - 1; i >= 0; i--) {
      const existing = bars[i]!;
      if (existing.time === bar.time) {
        bars[i] = bar;
        break;
      }
      if (existing.time < bar.time) {
        bars.splice(i + 1, 0, bar);
        break;
      }
      if (i === 0) bars.unshift(bar);
    }
    if (bars.length === 0) bars.push(bar);
  }
}
