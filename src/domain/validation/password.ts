import type { ProblemCode } from './problem.ts';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 16;

/**
 * The password rule (spec §5, §9): 6 to 16 characters, at least one letter and one digit ("password
 * too simple" is rejected), printable ASCII without spaces so every keyboard can type it again.
 * The spec does not show the exact strength rule; this one is stated in the register.length message.
 * Passwords are not trimmed: a space is simply not allowed, rather than silently removed.
 */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    value.length <= PASSWORD_MAX_LENGTH &&
    /^[\x21-\x7e]+$/.test(value) &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value)
  );
}

/** emptyPassword, or register.length when the rule above fails. */
export function passwordProblem(value: string): ProblemCode | null {
  if (value === '') return 'emptyPassword';
  return isStrongPassword(value) ? null : 'length';
}

/** The confirmation: enterPassword2 when missing, register.unlike when different. */
export function confirmProblem(password: string, confirmation: string): ProblemCode | null {
  if (confirmation === '') return 'enterPassword2';
  return confirmation === password ? null : 'unlike';
}
