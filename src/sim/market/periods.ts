/** The candle periods of market/kline and KLINE pushes (spec §9), and where their bars begin. */
export const KLINE_PERIODS = ['1min', '5min', '15min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const MINUTES: Partial<Record<KlinePeriod, number>> = {
  '1min': 1,
  '5min': 5,
  '15min': 15,
  '30min': 30,
  '60min': 60,
};

/** Minutes per bar for the intraday periods, undefined for day, week and month. */
export function minutesPerBar(period: KlinePeriod): number | undefined {
  return MINUTES[period];
}

/** Typical bar length, used to bound how many bars one request may ask for. */
export function nominalBarMs(period: KlinePeriod): number {
  const minutes = MINUTES[period];
  if (minutes !== undefined) return minutes * MINUTE_MS;
  if (period === '1day') return DAY_MS;
  if (period === '1week') return 7 * DAY_MS;
  return 30 * DAY_MS;
}

/**
 * Start of the bar containing `t`, in UTC: intraday bars on multiples of their length, days at
 * midnight, weeks on Monday (as exchanges do), months on the 1st.
 */
export function barStart(period: KlinePeriod, t: number): number {
  const minutes = MINUTES[period];
  if (minutes !== undefined) return Math.floor(t / (minutes * MINUTE_MS)) * minutes * MINUTE_MS;
  const day = Math.floor(t / DAY_MS);
  if (period === '1day') return day * DAY_MS;
  if (period === '1week') {
    // Day 0 (1970-01-01) was a Thursday: Monday-based weekday = (day + 3) mod 7.
    return (day - ((day + 3) % 7)) * DAY_MS;
  }
  const date = new Date(t);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** Start of the bar after the one starting at `start`. */
export function nextBarStart(period: KlinePeriod, start: number): number {
  const minutes = MINUTES[period];
  if (minutes !== undefined) return start + minutes * MINUTE_MS;
  if (period === '1day') return start + DAY_MS;
  if (period === '1week') return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}
