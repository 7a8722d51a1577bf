import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentRecord, waitMinutes, type BackoffRule } from '../../../src/domain/attempts.ts';
import { displayDecimals } from '../../../src/domain/display-decimals.ts';
import { formatNewsDate, NO_VALUE } from '../../../src/domain/format.ts';
import { displayPhone } from '../../../src/domain/phone.ts';
import { showsSimTime, SIM_TIME_SHOWN_FROM_MS } from '../../../src/domain/sim-time.ts';
import { axisLabel } from '../../../src/domain/spot/chart-time.ts';
import { isTimeZone } from '../../../src/domain/time-zone.ts';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_TITLE_MAX,
  validateFeedback,
} from '../../../src/domain/validation/feedback.ts';
import {
  isCardId,
  isPersonName,
  NAME_MAX,
  normalizePersonName,
  validateRealName,
} from '../../../src/domain/validation/real-name.ts';

describe('showsSimTime', () => {
  it('shows nothing while either clock is unknown, however far the other is', () => {
    expect(showsSimTime(null, 10 * SIM_TIME_SHOWN_FROM_MS)).toBe(false);
    expect(showsSimTime(10 * SIM_TIME_SHOWN_FROM_MS, null)).toBe(false);
    expect(showsSimTime(null, null)).toBe(false);
  });

  it('shows simulated time from a difference of exactly a minute, either way', () => {
    const wall = 1_700_000_000_000;
    expect(showsSimTime(wall + SIM_TIME_SHOWN_FROM_MS, wall)).toBe(true);
    expect(showsSimTime(wall - SIM_TIME_SHOWN_FROM_MS, wall)).toBe(true);
    expect(showsSimTime(wall + SIM_TIME_SHOWN_FROM_MS - 1, wall)).toBe(false);
  });
});

describe('displayPhone', () => {
  it('trims the number and the dial code, and drops one leading +', () => {
    expect(displayPhone(' +44 ', ' 7700900123 ')).toBe('+44 7700900123');
    expect(displayPhone('44', '7700900123')).toBe('+44 7700900123');
  });

  it('shows the number alone when the dial code is not 1 to 4 digits', () => {
    expect(displayPhone('4+4', '123')).toBe('123');
    expect(displayPhone('12345', '123')).toBe('123');
    expect(displayPhone('a1234', '123')).toBe('123');
    expect(displayPhone('++44', '123')).toBe('123');
    expect(displayPhone('', '123')).toBe('123');
  });
});

describe('attempts', () => {
  const rule: BackoffRule = { free: 3, baseLockMs: 60_000, maxLockMs: 3_600_000, forgetAfterMs: 86_400_000 };
  const record = { failures: 2, lastAt: 1_000_000 };

  it('forgets a record after exactly the quiet spell, not before', () => {
    expect(currentRecord(record, record.lastAt + rule.forgetAfterMs, rule)).toBeUndefined();
    expect(currentRecord(record, record.lastAt + rule.forgetAfterMs - 1, rule)).toBe(record);
    expect(currentRecord(record, record.lastAt + 1, rule)).toBe(record);
  });

  it('waitMinutes rounds a wait up to whole minutes, and is 0 without a wait', () => {
    expect(waitMinutes(0)).toBe(0);
    expect(waitMinutes(-120_000)).toBe(0);
    expect(waitMinutes(1)).toBe(1);
    expect(waitMinutes(60_000)).toBe(1);
    expect(waitMinutes(60_001)).toBe(2);
  });
});

describe('displayDecimals reads the currency code trimmed, in either case', () => {
  it('finds ETH however typed', () => {
    expect(displayDecimals('ETH')).toBe(6);
    expect(displayDecimals(' eth ')).toBe(6);
  });
});

describe('chart axis labels', () => {
  // 2026-05-14 in Asia/Shanghai (UTC+8, no daylight saving).
  const at = (hour: number, minute: number) => Date.UTC(2026, 4, 14, hour - 8, minute);

  it('shows the date only at midnight, on intraday periods', () => {
    expect(axisLabel(at(0, 0), '5min', 'Asia/Shanghai')).toBe('05/14 00:00');
    expect(axisLabel(at(0, 30), '5min', 'Asia/Shanghai')).toBe('00:30');
    expect(axisLabel(at(14, 0), '60min', 'Asia/Shanghai')).toBe('14:00');
    expect(axisLabel(at(14, 35), '1min', 'Asia/Shanghai')).toBe('14:35');
  });
});

describe('isTimeZone', () => {
  it('answers false, not just something falsy, for unknown zones', () => {
    expect(isTimeZone('Not/AZone')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('Europe/London')).toBe(true);
  });
});

describe('real name', () => {
  it('stores runs of spaces inside a name as one space', () => {
    expect(normalizePersonName('  Ann   Lee ')).toBe('Ann Lee');
    expect(normalizePersonName('Ann Lee')).toBe('Ann Lee');
  });

  it('takes names up to NAME_MAX characters', () => {
    expect(isPersonName('A'.repeat(NAME_MAX))).toBe(true);
    expect(isPersonName('A'.repeat(NAME_MAX + 1))).toBe(false);
  });

  it('refuses an ID number with anything around it', () => {
    expect(isCardId('AB-1234')).toBe(true);
    expect(isCardId('!1234')).toBe(false);
    expect(isCardId('1234!')).toBe(false);
    expect(isCardId(`${'1'.repeat(32)}`)).toBe(true);
    expect(isCardId(`${'1'.repeat(33)}`)).toBe(false);
  });

  it('names the field and the problem', () => {
    const ok = { name: 'Ann Lee', cardId: 'AB1234', frontPic: 'f.png', backPic: 'b.png' };
    expect(validateRealName(ok)).toBeNull();
    expect(validateRealName({ ...ok, name: '' })).toEqual({ field: 'name', code: 'emptyName' });
    expect(validateRealName({ ...ok, name: 'Ann1' })).toEqual({ field: 'name', code: 'badName' });
    expect(validateRealName({ ...ok, cardId: ' ' })).toEqual({ field: 'cardId', code: 'emptyCardId' });
    expect(validateRealName({ ...ok, cardId: '1!' })).toEqual({ field: 'cardId', code: 'badCardId' });
    expect(validateRealName({ ...ok, frontPic: '' })).toEqual({ field: 'frontPic', code: 'emptyFront' });
    expect(validateRealName({ ...ok, backPic: '' })).toEqual({ field: 'backPic', code: 'emptyBack' });
  });
});

describe('feedback', () => {
  const ok = { type: 1, title: 'Title', content: 'Ten chars at least' };

  it('names the field and the problem', () => {
    expect(validateFeedback(ok)).toBeNull();
    expect(validateFeedback({ ...ok, type: null })).toEqual({ field: 'type', code: 'emptyType' });
    expect(validateFeedback({ ...ok, type: 9 })).toEqual({ field: 'type', code: 'emptyType' });
    expect(validateFeedback({ ...ok, title: '  ' })).toEqual({ field: 'title', code: 'emptyTitle' });
    expect(validateFeedback({ ...ok, content: 'short' })).toEqual({ field: 'content', code: 'shortContent' });
  });

  it('takes a title and content up to their maximum length, not one more', () => {
    expect(validateFeedback({ ...ok, title: 'a'.repeat(FEEDBACK_TITLE_MAX) })).toBeNull();
    expect(validateFeedback({ ...ok, title: 'a'.repeat(FEEDBACK_TITLE_MAX + 1) })).toEqual({
      field: 'title',
      code: 'longTitle',
    });
    expect(validateFeedback({ ...ok, content: 'a'.repeat(FEEDBACK_CONTENT_MAX) })).toBeNull();
    expect(validateFeedback({ ...ok, content: 'a'.repeat(FEEDBACK_CONTENT_MAX + 1) })).toEqual({
      field: 'content',
      code: 'longContent',
    });
  });

  it('any title length within 1..max is fine', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: FEEDBACK_TITLE_MAX + 20 }), (length) => {
        const problem = validateFeedback({ ...ok, title: 'x'.repeat(length) });
        expect(problem).toEqual(length > FEEDBACK_TITLE_MAX ? { field: 'title', code: 'longTitle' } : null);
      }),
    );
  });
});

describe('formatNewsDate', () => {
  it('shows no value for an empty timestamp', () => {
    expect(formatNewsDate('')).toBe(NO_VALUE);
  });

  it('keeps the date of a date-time string, ignoring surrounding spaces', () => {
    expect(formatNewsDate(' 2026-05-14 ')).toBe('2026-05-14');
    expect(formatNewsDate('2026-05-14 08:00:00')).toBe('2026-05-14');
    expect(formatNewsDate('2026-05-14T08:00:00Z')).toBe('2026-05-14');
  });
});
