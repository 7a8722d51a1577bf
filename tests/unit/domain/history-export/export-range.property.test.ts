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
  // Daylight saving begins at midnight there: some days have no 00:00.
  'America/Santiago',
  'America/Havana',
];
const zone = fc.constantFrom(...ZONES);
const day = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2040, 11, 31)), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

describe('an export’s date range, in the user’s zone', () => {
  it('starts each day at its first instant in that zone: midnight, or 01:00 where midnight is skipped', () => {
    fc.assert(
      fc.property(day, zone, (d, z) => {
        const start = zonedDayStart(d, z)!;
        expect([`${d} 00:00:00`, `${d} 01:00:00`]).toContain(fullDateTimeText(start, z));
        expect(fullDateTimeText(start - 1000, z).slice(0, 10)).not.toBe(d);
      }),
    );
    for (const z of ZONES)
      expect(fullDateTimeText(zonedDayStart('2026-05-14', z)!, z)).toBe('2026-05-14 00:00:00');
  });

  it('starts a day whose midnight the zone skips (daylight saving begins at 00:00) when its clocks jump', () => {
    // Santiago jumps from 00:00 to 01:00 on 2026-09-06 and Havana on 2026-03-08 (both behind UTC),
    // Beirut on 2026-03-29 (ahead of it). Sydney and Chatham go back an hour on 2026-04-05 between
    // their midnight and UTC's: the offset at UTC's midnight is not the one at theirs.
    for (const [d, z, clock] of [
      ['2026-09-06', 'America/Santiago', '01:00:00'],
      ['2026-03-08', 'America/Havana', '01:00:00'],
      ['2026-03-29', 'Asia/Beirut', '01:00:00'],
      ['2026-04-05', 'Australia/Sydney', '00:00:00'],
      ['2026-04-05', 'Pacific/Chatham', '00:00:00'],
    ] as const) {
      const start = zonedDayStart(d, z)!;
      expect(fullDateTimeText(start, z)).toBe(`${d} ${clock}`);
      // The instant before is the day before's: no hour of it is counted in this day.
      expect(fullDateTimeText(start - 1000, z).slice(0, 10)).not.toBe(d);
      const before = exportRange(
        '2026-01-01',
        new Date(Date.parse(d) - 86_400_000).toISOString().slice(0, 10),
        z,
      );
      expect(before.ok && before.range.to).toBe(start);
    }
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
