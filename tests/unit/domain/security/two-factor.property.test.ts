import fc from 'fast-check';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  isRecoveryCode,
  isTotpCode,
  recoveryCodeKey,
  showRecoveryCode,
  stepInWindow,
  stepIsFresh,
  totpStep,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  twoFactorCodeProblem,
} from '../../../../src/domain/security/two-factor.ts';
import { seedFromBytes, totpCodeStep } from '../../../../src/sim/features/accounts/totp.ts';

const PERIOD_MS = TOTP_PERIOD_S * 1000;
const wall = fc.integer({ min: 1_600_000_000_000, max: 2_100_000_000_000 });
const seed = fc.uint8Array({ minLength: 20, maxLength: 20 }).map(seedFromBytes);
const RECOVERY_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const recoveryKey = fc
  .array(fc.constantFrom(...RECOVERY_CHARS), { minLength: 10, maxLength: 10 })
  .map((chars) => chars.join(''));

function codeAt(secret: string, at: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

describe('two-factor rules', () => {
  it('a step is fresh only when later than the last step used (no replay, no going back)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.option(fc.integer(), { nil: null }), (step, last) => {
        expect(stepIsFresh(step, last)).toBe(last === null || step > last);
      }),
    );
    // Spending steps in any order: a step passes at most once.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 })), (steps) => {
        let last: number | null = null;
        const passed: number[] = [];
        for (const step of steps) {
          if (stepIsFresh(step, last)) {
            passed.push(step);
            last = step;
          }
        }
        expect(new Set(passed).size).toBe(passed.length);
      }),
    );
  });

  it('the window is one step either side of now', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -5, max: 5 }), (now, delta) => {
        expect(stepInWindow(now + delta, now)).toBe(Math.abs(delta) <= TOTP_WINDOW);
      }),
    );
  });

  it('a code of the seed within the window is found at its own step; one further out, or of another seed, is not', () => {
    fc.assert(
      fc.property(seed, seed, wall, fc.integer({ min: -3, max: 3 }), (mine, theirs, now, delta) => {
        const code = codeAt(mine, now + delta * PERIOD_MS);
        const step = totpCodeStep(mine, code, now);
        if (Math.abs(delta) <= TOTP_WINDOW) expect(step).toBe(totpStep(now) + delta);
        else if (step !== null) {
          // Only a collision of two 6-digit codes can pass: it is still inside the window.
          expect(stepInWindow(step, totpStep(now))).toBe(true);
        }
        const foreign = totpCodeStep(theirs, code, now);
        if (theirs !== mine && foreign !== null) expect(codeAt(theirs, foreign * PERIOD_MS)).toBe(code);
      }),
      { numRuns: 200 },
    );
  });

  it('a seed is the base32 of its own bytes (what the app is given is what the exchange keeps)', () => {
    // RFC 6238's test seed: the ASCII bytes of "12345678901234567890".
    const rfc = Uint8Array.from('12345678901234567890', (char) => char.charCodeAt(0));
    expect(seedFromBytes(rfc)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        expect([...Secret.fromBase32(seedFromBytes(bytes)).bytes]).toEqual([...bytes]);
      }),
    );
  });

  it('recovery codes are shown with a hyphen and read back with or without it, in either case', () => {
    fc.assert(
      fc.property(recoveryKey, fc.boolean(), (key, lower) => {
        const shown = showRecoveryCode(key);
        expect(shown).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
        for (const typed of [shown, key]) {
          const text = lower ? typed.toLowerCase() : typed;
          expect(isRecoveryCode(text)).toBe(true);
          expect(recoveryCodeKey(text)).toBe(key);
          expect(twoFactorCodeProblem(text)).toBeNull();
          expect(twoFactorCodeProblem(text, false)).toBe('badTotp');
        }
      }),
    );
  });

  it('accepts exactly six digits or a recovery code, and never trims what was typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), (text) => {
        const problem = twoFactorCodeProblem(text);
        if (text === '') expect(problem).toBe('emptyTotp');
        else if (/^\d{6}$/.test(text) || isRecoveryCode(text)) expect(problem).toBeNull();
        else expect(problem).toBe('badTotp');
      }),
    );
    for (const bad of [' 123456', '123456 ', '12345', '1234567', '１２３４５６', '12 3456', 'ABCDE-FGHI1'])
      expect(twoFactorCodeProblem(bad)).toBe('badTotp');
    expect(isTotpCode('012345')).toBe(true);
  });
});
