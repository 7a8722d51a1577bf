import { isIntraday, type KlinePeriod } from './chart-period.ts';

/**
 * Chart time labels in the chart's time zone (spec §9: Asia/Shanghai). ECharts has no time-zone
 * option, so the category axis shows these strings. Intl does the zone arithmetic (no I/O).
 */
const formats = new Map<string, Intl.DateTimeFormat>();

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;

/**
 * The parts of each time already asked, per zone. ECharts formats every bar's label again at each
 * repaint (every live tick), and formatToParts is the costly step (about 35 ms per /trade load): a bar's time is asked many times, and a new one only once per bar. Bounded: emptied
 * when it reaches PARTS_CACHE_SIZE (a chart holds a few hundred bars).
 */
const known = new Map<string, Parts>();
const PARTS_CACHE_SIZE = 4096;

function parts(ms: number, timeZone: string): Parts {
  const key = `${timeZone} ${ms}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  if (known.size >= PARTS_CACHE_SIZE) known.clear();
  const fresh = formatParts(ms, timeZone);
  known.set(key, fresh);
  return fresh;
}

function formatParts(ms: number, timeZone: string): Parts {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const out = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of format.formatToParts(ms)) {
    if (part.type in out) out[part.type as keyof typeof out] = part.value;
  }
  return out;
}

/** Axis label of a bar: "14:35" intraday ("05/14 00:00" at midnight), "05/14" daily, "2026/05" monthly. */
export function axisLabel(ms: number, period: KlinePeriod, timeZone: string): string {
  const p = parts(ms, timeZone);
  if (period === '1mon') return `${p.year}/${p.month}`;
  if (!isIntraday(period)) return `${p.month}/${p.day}`;
  return p.hour === '00' && p.minute === '00'
    ? `${p.month}/${p.day} ${p.hour}:${p.minute}`
    : `${p.hour}:${p.minute}`;
}

/** Full time of a bar for the tooltip: "2026-05-14 14:35". */
export function fullLabel(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
