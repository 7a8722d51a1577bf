import type { LanguageCode } from '../../../src/domain/languages.ts';
import { numberTextFor } from '../../../src/domain/number-locale.ts';
import type { ChartFrame } from '../../../src/views/pages/trade/chart-option.ts';

/** A chart's colours and labels for tests that build its options (any distinct values do). */
export const CHART_COLORS: ChartFrame['colors'] = {
  up: '#0f0',
  down: '#f00',
  text: '#fff',
  faint: '#999',
  grid: '#333',
  panel: '#111',
  line: '#ff0',
  averages: ['#ff0', '#a0f'],
  study: '#0ff',
  drawing: '#fa0',
  font: 'sans-serif',
};

export const CHART_LABELS: ChartFrame['labels'] = {
  open: 'O',
  high: 'H',
  low: 'L',
  close: 'C',
  volume: 'V',
  average: (window: number) => `MA${window}`,
  ema: (window: number) => `EMA${window}`,
  boll: (line: string) => `BOLL-${line}`,
  macd: (line: string) => `MACD-${line}`,
  rsi: (window: number) => `RSI${window}`,
};

/** A 5-minute candle chart with the default studies, its numbers in `language`. */
export function chartFrame(language: LanguageCode = 'en'): ChartFrame {
  return {
    period: '5min',
    line: false,
    timeZone: 'UTC',
    colors: CHART_COLORS,
    labels: CHART_LABELS,
    studies: ['ma', 'volume'],
    numbers: numberTextFor(language),
  };
}
