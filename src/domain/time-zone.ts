import { CHART_TIME_ZONE } from './spot/chart-period.ts';

/**
 * Which clock trade times are shown in (the tape, the orders, the chart): the user's own time zone
 * by default, or the exchange's (spec §9: the chart's Asia/Shanghai) as a choice the user can make.
 * Every time shown says which zone it is in: "UTC+01:00" is the offset at the instant shown, so a
 * daylight-saving change shows up in the label. Intl does the zone arithmetic (no I/O here).
 */
export type TimeZoneChoice = 'local' | 'exchange';

export const TIME_ZONE_CHOICES: readonly TimeZoneChoice[] = ['local', 'exchange'];
export const DEFAULT_TIME_ZONE_CHOICE: TimeZoneChoice = 'local';
/** The spec's chart time zone, offered as the "exchange" choice. */
export const EXCHANGE_TIME_ZONE = CHART_TIME_ZONE;

/** A stored preference read back; anything unknown is the default (the user's own zone). */
export function parseTimeZoneChoice(stored: string | null | undefined): TimeZoneChoice {
  return TIME_ZONE_CHOICES.find((choice) => choice === stored) ?? DEFAULT_TIME_ZONE_CHOICE;
}

/** Whether Intl knows `zone` as an IANA time-zone name. */
export function isTimeZone(zone: string): boolean {
  if (zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA zone a choice stands for. `localZone` is what the browser reports
 * (Intl.DateTimeFormat().resolvedOptions().timeZone); an unknown or missing one reads as UTC.
 */
export function zoneOf(choice: TimeZoneChoice, localZone: string | undefined): string {
  if (choice === 'exchange') return EXCHANGE_TIME_ZONE;
  return localZone !== undefined && isTimeZone(localZone) ? localZone : 'UTC';
}

type Parts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
const formats = new Map<string, Intl.DateTimeFormat>();

function parts(ms: number, timeZone: string): Parts {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const out: Parts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of format.formatToParts(ms)) {
    if (part.type in out) out[part.type as keyof Parts] = part.value;
  }
  return out;
}

/** Minutes the zone's wall clock is ahead of UTC at the instant `ms` (negative west of Greenwich). */
export function utcOffsetMinutes(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  // Whole seconds on both sides: the offset is a whole number of minutes in every zone in use.
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The zone's offset at `ms` as a label: "UTC+08:00", "UTC-05:00", "UTC+05:45", "UTC+00:00". */
export function offsetLabel(ms: number, timeZone: string): string {
  const offset = utcOffsetMinutes(ms, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hours}:${minutes}`;
}

/** A trade's time of day in the zone: "14:35:07". */
export function clockText(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** An order's date and time in the zone: "05/14 14:35:07". */
export function dateTimeText(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** A full date and time in the zone: "2026-05-14 14:35:07". */
export function fullDateTimeText(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
