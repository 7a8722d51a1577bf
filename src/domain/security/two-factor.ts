import type { Problem, ProblemCode } from '../validation/problem.ts';

/**
 * Two-factor sign-in (TOTP, RFC 6238): the rules both ends share. The codes themselves are computed
 * by the `otpauth` library (sim/features/accounts/totp.ts); what is decided here is which text is a
 * code at all, which time step a code may belong to, and that no step is used twice.
 *
 * The clock: TOTP runs on the wall clock (Unix time), never on the simulator's demo clock. The
 * authenticator app on a phone knows only the wall clock, so a code is checked against the real
 * time of the server (or of the browser running the simulator) even while the demo market is paused
 * or fast-forwarded. Everything else about a try (the attempt limit, its back-off, the events' `at`)
 * stays on the simulated clock like every other rule of the accounts feature.
 */

/** Seconds one code lives, digits in a code, and the steps either side of now still accepted. */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** One step each way (30 s) for a phone whose clock drifts a little, as most services allow. */
export const TOTP_WINDOW = 1;

/** Recovery codes made at enrolment, each usable once instead of a code from the app. */
export const RECOVERY_CODE_COUNT = 8;
/** Characters of a recovery code (shown as two groups of five: ABCDE-FGH23). */
export const RECOVERY_CODE_LENGTH = 10;
/** The recovery codes' characters: no 0/O or 1/I, since people copy them from paper. */
const RECOVERY_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const TOTP_CODE = new RegExp(`^\\d{${TOTP_DIGITS}}$`);
const RECOVERY_CODE = new RegExp(`^[${RECOVERY_CHARS}]{5}-?[${RECOVERY_CHARS}]{5}$`);

/** The time step a wall-clock instant (ms) falls in. */
export function totpStep(wallMs: number): number {
  return Math.floor(wallMs / (TOTP_PERIOD_S * 1000));
}

/** A step close enough to the current one for a code of it to be accepted now. */
export function stepInWindow(step: number, currentStep: number): boolean {
  return Math.abs(step - currentStep) <= TOTP_WINDOW;
}

/**
 * A code's step may be used only if it is later than the last step used: a code seen once (over a
 * shoulder, in a phishing page's log) is worthless afterwards, and so is any older one in the window.
 */
export function stepIsFresh(step: number, lastUsedStep: number | null): boolean {
  return lastUsedStep === null || step > lastUsedStep;
}

export function isTotpCode(text: string): boolean {
  return TOTP_CODE.test(text);
}

/** A recovery code as typed: upper case letters and digits, with or without its hyphen. */
export function isRecoveryCode(text: string): boolean {
  return RECOVERY_CODE.test(text.toUpperCase());
}

/** The form a recovery code is hashed and compared in: upper case, no hyphen. */
export function recoveryCodeKey(text: string): string {
  return text.toUpperCase().replace('-', '');
}

/** A recovery code as it is shown once: ABCDE-FGH23. */
export function showRecoveryCode(key: string): string {
  return `${key.slice(0, 5)}-${key.slice(5)}`;
}

/** The problem with a second-factor code as typed, or null. Nothing is trimmed or rewritten. */
export function twoFactorCodeProblem(text: string, allowRecovery = true): ProblemCode | null {
  if (text === '') return 'emptyTotp';
  if (isTotpCode(text) || (allowRecovery && isRecoveryCode(text))) return null;
  return 'badTotp';
}

export function validateTwoFactorCode(input: { totpCode: string }): Problem<'totpCode'> | null {
  const code = twoFactorCodeProblem(input.totpCode);
  return code === null ? null : { field: 'totpCode', code };
}
