import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockText,
  dateTimeText,
  EXCHANGE_TIME_ZONE,
  fullDateTimeText,
  offsetLabel,
  parseTimeZoneChoice,
  utcOffsetMinutes,
  zoneOf,
} from '../../../src/domain/time-zone.ts';

const ZONES = [
  'UTC',
  'Asia/Shanghai',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Sao_Paulo',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
];
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });

describe('the time-zone choice', () => {
  it("defaults to the user's own zone; the exchange's zone is Asia/Shanghai (spec §9)", () => {
    expect(parseTimeZoneChoice(null)).toBe('local');
    expect(parseTimeZoneChoice('garbage')).toBe('local');
    expect(parseTimeZoneChoice('exchange')).toBe('exchange');
    expect(zoneOf('local', 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(zoneOf('exchange', 'Europe/Berlin')).toBe(EXCHANGE_TIME_ZONE);
    expect(EXCHANGE_TIME_ZONE).toBe('Asia/Shanghai');
  });

  it('reads an unknown or missing local zone as UTC', () => {
    expect(zoneOf('local', undefined)).toBe('UTC');
    expect(zoneOf('local', 'Mars/Olympus')).toBe('UTC');
    expect(zoneOf('local', '')).toBe('UTC');
  });
});

describe('offsets and labels', () => {
  it('labels fixed and half-hour zones', () => {
    const t = Date.UTC(2026, 0, 15, 12);
    expect(offsetLabel(t, 'Asia/Shanghai')).toBe('UTC+08:00');
    expect(offsetLabel(t, 'UTC')).toBe('UTC+00:00');
    expect(offsetLabel(t, 'Asia/Kolkata')).toBe('UTC+05:30');
    expect(offsetLabel(t, 'Asia/Kathmandu')).toBe('UTC+05:45');
    expect(offsetLabel(t, 'America/New_York')).toBe('UTC-05:00');
  });

  it('follows daylight-saving time on both sides of each change', () => {
    // Europe: last Sunday of March 01:00 UTC, last Sunday of October 01:00 UTC.
    expect(offsetLabel(Date.UTC(2026, 2, 29, 0, 59), 'Europe/Berlin')).toBe('UTC+01:00');
    expect(offsetLabel(Date.UTC(2026, 2, 29, 1, 0), 'Europe/Berlin')).toBe('UTC+02:00');
    expect(offsetLabel(Date.UTC(2026, 9, 25, 0, 59), 'Europe/London')).toBe('UTC+01:00');
    expect(offsetLabel(Date.UTC(2026, 9, 25, 1, 0), 'Europe/London')).toBe('UTC+00:00');
    // US: second Sunday of March 2:00 local (07:00 UTC), first Sunday of November 2:00 local (06:00 UTC).
    expect(offsetLabel(Date.UTC(2026, 2, 8, 6, 59), 'America/New_York')).toBe('UTC-05:00');
    expect(offsetLabel(Date.UTC(2026, 2, 8, 7, 0), 'America/New_York')).toBe('UTC-04:00');
    expect(offsetLabel(Date.UTC(2026, 10, 1, 5, 59), 'America/New_York')).toBe('UTC-04:00');
    expect(offsetLabel(Date.UTC(2026, 10, 1, 6, 0), 'America/New_York')).toBe('UTC-05:00');
    // Southern hemisphere and a half-hour DST shift.
    expect(offsetLabel(Date.UTC(2026, 0, 15), 'Australia/Lord_Howe')).toBe('UTC+11:00');
    expect(offsetLabel(Date.UTC(2026, 6, 15), 'Australia/Lord_Howe')).toBe('UTC+10:30');
    // Shanghai keeps UTC+8 all year.
    expect(offsetLabel(Date.UTC(2026, 6, 15), 'Asia/Shanghai')).toBe('UTC+08:00');
  });

  it('shows the wall clock that is UTC shifted by the labelled offset, in every zone, at any instant', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...ZONES), (ms, zone) => {
        const offset = utcOffsetMinutes(ms, zone);
        expect(Math.abs(offset)).toBeLessThanOrEqual(14 * 60);
        const shifted = new Date(ms + offset * 60_000);
        const pad = (n: number) => String(n).padStart(2, '0');
        const expected =
          `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())} ` +
          `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
        expect(fullDateTimeText(ms, zone)).toBe(expected);
        expect(dateTimeText(ms, zone)).toBe(expected.slice(5).replace('-', '/'));
        expect(clockText(ms, zone)).toBe(expected.slice(11));
        const label = offsetLabel(ms, zone);
        expect(label).toMatch(/^UTC[+-]\d{2}:\d{2}$/);
        const [hours, minutes] = label.slice(4).split(':').map(Number);
        expect((label[3] === '-' ? -1 : 1) * ((hours ?? 0) * 60 + (minutes ?? 0))).toBe(offset);
      }),
    );
  });

  it('shows the same instant in Shanghai eight hours ahead of UTC', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        expect(utcOffsetMinutes(ms, 'Asia/Shanghai')).toBe(480);
        expect(utcOffsetMinutes(ms, 'UTC')).toBe(0);
      }),
    );
  });
});
