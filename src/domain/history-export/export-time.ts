import { fullDateTimeText, utcOffsetMinutes } from '../time-zone.ts';

/**
 * A record's time as an export writes it: ISO 8601 in the user's zone with its offset
 * ("2026-05-14T14:35:07+08:00"), which a spreadsheet or a tax tool reads without guessing the zone.
 */
export function exportTimeText(ms: number, zone: string): string {
  const offset = utcOffsetMinutes(ms, zone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const minutes = String(abs % 60).padStart(2, '0');
  return `${fullDateTimeText(ms, zone).replace(' ', 'T')}${sign}${hours}:${minutes}`;
}

/**
 * A record's time as the contract sends it (seconds or milliseconds since 1970, or a date text) in
 * ms, or undefined when it is none of those.
 */
export function recordTimeMs(value: string | number): number | undefined {
  const ms =
    typeof value === 'number'
      ? Math.abs(value) < 1e11
        ? value * 1000
        : value
      : /^\d+$/.test(value)
        ? recordTimeMs(Number(value))
        : Date.parse(value);
  return ms !== undefined && Number.isFinite(ms) ? ms : undefined;
}
