import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportRange, inRange, zonedDayStart } from '../../../../src/domain/history-export/export-range.ts';
import { exportTimeText, recordTimeMs } from '../../../../src/domain/history-export/export-time.ts';
import { fullDateTimeText } from '../../../../src/domain/time-zone.ts';

const ZONES = [
  'UTC',
  'Asia/Shanghai',
  'America/New_York',
  'Asia/Kathmandu',
  'Europe/Berlin',
  'Pacific/Chatham',
];
const zone = fc.constantFrom(...ZONES);
const day = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2040, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('an export’s date range, in the user’s zone', () => {
  it('starts each day at midnight in that zone', () => {
    fc.assert(
      fc.property(day, zone, (d, z) => {
        expect(fullDateTimeText(zonedDayStart(d, z)!, z)).toBe(`${d} 00:00:00`);
      }),
    );
  });

  it('holds every instant of its first and last day, and none of the days around them', () => {
    fc.assert(
      fc.property(day, day, zone, (a, b, z) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const checked = exportRange(from, to, z);
        expect(checked.ok).toBe(true);
        if (!checked.ok) return;
        const { range } = checked;
        expect(inRange(range.from, range)).toBe(true);
        expect(inRange(range.from - 1, range)).toBe(false);
        expect(inRange(range.to - 1, range)).toBe(true);
        expect(inRange(range.to, range)).toBe(false);
        expect(fullDateTimeText(range.to - 1000, z)).toBe(`${to} 23:59:59`);
      }),
    );
  });

  it('refuses an end before the start, and a day that is not on the calendar', () => {
    expect(exportRange('2026-05-02', '2026-05-01', 'UTC')).toEqual({ ok: false, problem: 'endBeforeStart' });
    // 0050 would read as 1950: the calendar day typed is not the one Date would give.
    for (const bad of ['2026-02-30', '2026-13-01', '0050-01-01', '26-01-01', 'yesterday', '2026-1-1'])
      expect(exportRange(bad, '', 'UTC')).toEqual({ ok: false, problem: 'badDate' });
    const open = exportRange('', '', 'UTC');
    expect(open.ok && open.range.from === -Infinity && open.range.to === Infinity).toBe(true);
  });
});

describe('an export’s times', () => {
  it('are ISO 8601 in the zone, with its offset, naming the same instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: 946_684_800, max: 2_208_988_800 }), zone, (seconds, z) => {
        const ms = seconds * 1000;
        const text = exportTimeText(ms, z);
        expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
        expect(Date.parse(text)).toBe(ms);
      }),
    );
  });

  it('read a record’s time in seconds, milliseconds or as a date text', () => {
    expect(recordTimeMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(recordTimeMs(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(recordTimeMs('1700000000')).toBe(1_700_000_000_000);
    expect(recordTimeMs('2026-05-14T06:35:07Z')).toBe(Date.UTC(2026, 4, 14, 6, 35, 7));
    expect(recordTimeMs('not a time')).toBeUndefined();
    // A date text that ends in digits is a date, not a number.
    expect(recordTimeMs('2026-05-14T06:35:07.250+00:00')).toBe(Date.UTC(2026, 4, 14, 6, 35, 7, 250));
    // Below 1e11 a number is seconds (1e11 s is the year 5138), from it on milliseconds (1973).
    expect(recordTimeMs(99_999_999_999)).toBe(99_999_999_999_000);
    expect(recordTimeMs(100_000_000_000)).toBe(100_000_000_000);
  });

  it('write a zone on UTC with +00:00, and one west of it with a minus', () => {
    expect(exportTimeText(Date.UTC(2026, 4, 14, 6, 35, 7), 'UTC')).toBe('2026-05-14T06:35:07+00:00');
    expect(exportTimeText(Date.UTC(2026, 0, 14, 6, 35, 7), 'America/New_York')).toBe(
      '2026-01-14T01:35:07-05:00',
    );
  });
});
