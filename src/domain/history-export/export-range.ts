import { fullDateTimeText, utcOffsetMinutes } from '../time-zone.ts';

/**
 * The date range of a history export, as the user picks it: two calendar days (YYYY-MM-DD) in
 * the time zone they chose, each optional (no start: from the first record; no end: to the last).
 * The range runs from the start of the first day to the end of the last, in that zone.
 */
export interface ExportRange {
  /** Inclusive, ms; -Infinity for no start. */
  from: number;
  /** Exclusive, ms; +Infinity for no end. */
  to: number;
}

export type ExportRangeProblem = 'badDate' | 'endBeforeStart';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant `day` begins in `zone` (ms), or undefined when `day` is not a real calendar day. */
export function zonedDayStart(day: string, zone: string): number | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) {
    return undefined;
  }
  // Midnight in the zone is midnight UTC less the zone's offset then; asked twice, since the offset
  // at the first guess may differ from the offset at midnight itself (a daylight-saving change).
  const guess = utc - utcOffsetMinutes(utc, zone) * 60_000;
  const midnight = utc - utcOffsetMinutes(guess, zone) * 60_000;
  if (fullDateTimeText(midnight, zone).startsWith(day)) return midnight;
  // The zone skips this midnight (its clocks jump from 00:00 to 01:00): what was found is an hour
  // of the day before, and the day begins when the clocks jump, at the offset in force before it.
  return utc - utcOffsetMinutes(midnight, zone) * 60_000;
}

/** The range of the two days typed (empty for open ends), or what is wrong with them. */
export function exportRange(
  fromDay: string,
  toDay: string,
  zone: string,
): { ok: true; range: ExportRange } | { ok: false; problem: ExportRangeProblem } {
  const from = fromDay === '' ? -Infinity : zonedDayStart(fromDay, zone);
  const endDay = toDay === '' ? Infinity : zonedDayStart(toDay, zone);
  if (from === undefined || endDay === undefined) return { ok: false, problem: 'badDate' };
  // The end day's last instant: the start of the next day in the zone (a day may be 23 or 25 hours).
  const to = Number.isFinite(endDay) ? nextDayStart(toDay, zone) : Infinity;
  if (to <= from) return { ok: false, problem: 'endBeforeStart' };
  return { ok: true, range: { from, to } };
}

function nextDayStart(day: string, zone: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return zonedDayStart(next, zone)!;
}

export function inRange(time: number, range: ExportRange): boolean {
  return time >= range.from && time < range.to;
}
