import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_MAX_TRIES,
  PASSWORD_BACKOFF,
  codeTriesLeft,
  lockMs,
  recordFailure,
  triesLeft,
  waitMinutes,
  waitMs,
  type BackoffRule,
  type FailureRecord,
} from '../../../src/domain/attempts.ts';

const rule = PASSWORD_BACKOFF;
const MINUTE = 60_000;

/**
 * An attacker's script: gaps (ms) between tries. Each try is honoured only when the account is not
 * locked at that moment (a locked try is refused before any password is checked, and records
 * nothing), like the login route.
 */
function run(gaps: number[], start = 0): { checked: number[]; record: FailureRecord | undefined } {
  let record: FailureRecord | undefined;
  let at = start;
  const checked: number[] = [];
  for (const gap of gaps) {
    at += gap;
    if (waitMs(record, at, rule) > 0) continue;
    checked.push(at);
    record = recordFailure(record, at, rule);
  }
  return { checked, record };
}

const gaps = fc.array(fc.integer({ min: 0, max: 10 * MINUTE }), { maxLength: 300 });

describe('attempt limits (issue 10)', () => {
  it('allows the free tries, then locks: the first lock is the base lock', () => {
    let record: FailureRecord | undefined;
    for (let n = 0; n < rule.free; n++) {
      expect(waitMs(record, 0, rule)).toBe(0);
      expect(triesLeft(record, 0, rule)).toBe(rule.free - n);
      record = recordFailure(record, 0, rule);
    }
    expect(triesLeft(record, 0, rule)).toBe(0);
    expect(waitMs(record, 0, rule)).toBe(rule.baseLockMs);
    expect(waitMinutes(waitMs(record, 0, rule))).toBe(1);
  });

  it('lock length never shrinks with more failures and never exceeds the cap', () => {
    fc.assert(
      fc.property(fc.nat(200), fc.nat(200), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(lockMs(low, rule)).toBeLessThanOrEqual(lockMs(high, rule));
        expect(lockMs(high, rule)).toBeLessThanOrEqual(rule.maxLockMs);
        expect(lockMs(low, rule) === 0).toBe(low < rule.free);
      }),
    );
  });

  it('no script of tries gets more password checks than the free tries plus one per lock served', () => {
    fc.assert(
      fc.property(gaps, (script) => {
        const { checked } = run(script);
        // Between two checks beyond the free ones at least the base lock has passed, unless a quiet
        // day reset the count.
        for (let i = rule.free; i < checked.length; i++) {
          const gap = (checked[i] ?? 0) - (checked[i - 1] ?? 0);
          expect(gap >= rule.baseLockMs || gap >= rule.forgetAfterMs).toBe(true);
        }
        // Within any one hour: the free tries plus the doubling locks' worth, never 200.
        const hour = 60 * MINUTE;
        for (const [i, t] of checked.entries()) {
          const inHour = checked.filter((u, j) => j >= i && u < t + hour).length;
          expect(inHour).toBeLessThanOrEqual(rule.free + Math.ceil(Math.log2(hour / rule.baseLockMs)) + 2);
        }
      }),
    );
  });

  it('200 rapid wrong passwords: at most the free tries and one more are ever checked within a minute', () => {
    const { checked, record } = run(Array.from({ length: 200 }, () => 100));
    expect(checked.length).toBe(rule.free);
    expect(waitMs(record, 200 * 100, rule)).toBeGreaterThan(0);
  });

  it('waits are shown in whole minutes, never 0 while there is a wait', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 * 60 * MINUTE }), (ms) => {
        const minutes = waitMinutes(ms);
        expect(minutes).toBeGreaterThanOrEqual(1);
        expect(minutes * MINUTE).toBeGreaterThanOrEqual(ms);
        expect((minutes - 1) * MINUTE).toBeLessThan(ms);
      }),
    );
  });

  it('a long quiet spell forgets the count; the wait is always within the lock', () => {
    fc.assert(
      fc.property(gaps, fc.nat(3 * 24 * 60 * MINUTE), (script, later) => {
        const { record } = run(script);
        if (!record) return;
        const at = record.lastAt + later;
        const wait = waitMs(record, at, rule);
        expect(wait).toBeLessThanOrEqual(lockMs(record.failures, rule));
        if (later >= rule.forgetAfterMs) {
          expect(wait).toBe(0);
          expect(triesLeft(record, at, rule)).toBe(rule.free);
        }
      }),
    );
  });

  it('holds for any rule, not only the shipped one', () => {
    const anyRule: fc.Arbitrary<BackoffRule> = fc
      .record({
        free: fc.integer({ min: 1, max: 10 }),
        baseLockMs: fc.integer({ min: 1, max: 10 * MINUTE }),
        factor: fc.integer({ min: 1, max: 100 }),
        forgetAfterMs: fc.integer({ min: 1, max: 48 * 60 * MINUTE }),
      })
      .map(({ free, baseLockMs, factor, forgetAfterMs }) => ({
        free,
        baseLockMs,
        maxLockMs: baseLockMs * factor,
        forgetAfterMs,
      }));
    fc.assert(
      fc.property(anyRule, fc.nat(100), (r, failures) => {
        const lock = lockMs(failures, r);
        expect(lock).toBeLessThanOrEqual(r.maxLockMs);
        expect(lock >= r.baseLockMs || failures < r.free).toBe(true);
      }),
    );
  });

  it('a code has CODE_MAX_TRIES tries: the left count falls by one per wrong try to 0', () => {
    fc.assert(
      fc.property(fc.nat(50), (wrong) => {
        const left = codeTriesLeft(wrong);
        expect(left).toBe(Math.max(0, CODE_MAX_TRIES - wrong));
        expect(codeTriesLeft(wrong + 1)).toBe(Math.max(0, left - 1));
      }),
    );
  });
});
