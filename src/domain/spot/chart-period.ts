/**
 * Spec §9 "Chart": periods 1, 5, 15, 30, 60 min, 1 day, 1 week, 1 month and a time line; 5 minutes
 * by default and remembered; about 7 hours visible at first; height 516; time zone Asia/Shanghai.
 */
export type KlinePeriod = '1min' | '5min' | '15min' | '30min' | '60min' | '1day' | '1week' | '1mon';

/** What the period buttons choose: a candle period, or the time line (a line of 1-minute closes). */
export type ChartPeriod = KlinePeriod | 'line';

export const CHART_PERIODS: readonly ChartPeriod[] = [
  'line',
  '1min',
  '5min',
  '15min',
  '30min',
  '60min',
  '1day',
  '1week',
  '1mon',
];
export const DEFAULT_CHART_PERIOD: ChartPeriod = '5min';
export const CHART_HEIGHT = 516;
export const CHART_TIME_ZONE = 'Asia/Shanghai';
/** Spec §9: "Initial visible range about 7 hours". */
export const INITIAL_VISIBLE_MS = 7 * 3_600_000;
/** A chart of fewer bars than this says nothing, so long periods show at least this many. */
export const MIN_VISIBLE_BARS = 30;
/** Bars loaded per visible bar, so there is history to scroll back into. */
export const HISTORY_FACTOR = 3;
/** market/kline answers at most 2000 bars per call. */
export const MAX_BARS = 2_000;

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;
const BAR_MS: Record<KlinePeriod, number> = {
  '1min': MINUTE,
  '5min': 5 * MINUTE,
  '15min': 15 * MINUTE,
  '30min': 30 * MINUTE,
  '60min': 60 * MINUTE,
  '1day': DAY,
  '1week': 7 * DAY,
  '1mon': 30 * DAY,
};

/** A stored preference read back; anything unknown is the default. */
export function parseChartPeriod(stored: string | null | undefined): ChartPeriod {
  return CHART_PERIODS.find((period) => period === stored) ?? DEFAULT_CHART_PERIOD;
}

/** The candle period whose bars a chart period draws. */
export function klinePeriodOf(period: ChartPeriod): KlinePeriod {
  return period === 'line' ? '1min' : period;
}

/** Nominal length of a bar (a month counts 30 days; it only sizes requests). */
export function barMs(period: KlinePeriod): number {
  return BAR_MS[period];
}

export function isIntraday(period: KlinePeriod): boolean {
  return BAR_MS[period] < DAY;
}

/** Bars visible at first: about 7 hours' worth, never fewer than MIN_VISIBLE_BARS. */
export function visibleBars(period: KlinePeriod): number {
  return Math.max(MIN_VISIBLE_BARS, Math.round(INITIAL_VISIBLE_MS / BAR_MS[period]));
}

/**
 * The market/kline request for a chart ending at `lastTime` (ms, the market's time, which at demo
 * speeds runs ahead of the wall clock): times in seconds, the last bar included.
 */
export function klineRange(period: KlinePeriod, lastTime: number): { from: number; to: number } {
  const bar = BAR_MS[period];
  const bars = Math.min(MAX_BARS - 1, visibleBars(period) * HISTORY_FACTOR);
  const to = Math.floor((lastTime + bar) / 1000);
  return { from: to - Math.floor((bars * bar) / 1000), to };
}

/** The dataZoom window (percent of the loaded bars) that shows the last `visibleBars` at first. */
export function initialZoomStart(loaded: number, period: KlinePeriod): number {
  if (loaded <= 0) return 0;
  const visible = visibleBars(period);
  return loaded <= visible ? 0 : 100 * (1 - visible / loaded);
}
