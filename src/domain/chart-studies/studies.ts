/**
 * The studies a chart can show. On the price: the simple moving averages (spec §9's two, MA7 and
 * MA25), an exponential average EMA(20) and Bollinger bands BOLL(20, 2); each below the price in a
 * pane of its own: volume, MACD(12, 26, 9) and RSI(14). The spec's chart shows the two moving
 * averages and volume, so those are what a chart shows until the user chooses.
 */
export const STUDIES = ['ma', 'ema', 'boll', 'volume', 'macd', 'rsi'] as const;

export type Study = (typeof STUDIES)[number];

export const DEFAULT_STUDIES: readonly Study[] = ['ma', 'volume'];

/** Studies drawn in a pane below the price, in the order the panes stack. */
export const PANE_STUDIES: readonly Study[] = ['volume', 'macd', 'rsi'];

export const STUDY_SETTINGS = {
  ema: 20,
  boll: { window: 20, width: 2 },
  macd: { fast: 12, slow: 26, signal: 9 },
  rsi: 14,
} as const;

export function isStudy(value: unknown): value is Study {
  return typeof value === 'string' && (STUDIES as readonly string[]).includes(value);
}

/** A set of studies in the menu's order, each once, whatever order or repeats it came in. */
export function normalizeStudies(values: readonly unknown[]): Study[] {
  return STUDIES.filter((study) => values.includes(study));
}

/** The set with `study` added when `on`, removed when not. */
export function toggleStudy(studies: readonly Study[], study: Study, on: boolean): Study[] {
  return normalizeStudies(on ? [...studies, study] : studies.filter((s) => s !== study));
}
