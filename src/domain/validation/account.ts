import type { ProblemCode } from './problem.ts';
import { clean } from './text.ts';

/** Registration and login work by e-mail or by mobile phone (spec §1): the two form tabs. */
export type AccountKind = 'email' | 'mobile';

export const EMAIL_MAX_LENGTH = 254;
export const MOBILE_MIN_DIGITS = 6;
/** E.164 numbers have at most 15 digits including the country code. */
export const MOBILE_MAX_DIGITS = 15;

// A pragmatic address check (what users mistype), not RFC 5322: a local part, an @, and a domain of
// dot-separated labels ending in an alphabetic top-level label of two letters or more.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** E-mail addresses compare case-insensitively: one account per address however it is typed. */
export function normalizeEmail(value: string): string {
  return clean(value).toLowerCase();
}

export function isEmail(value: string): boolean {
  const email = clean(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email) && !email.includes('..');
}

/** People type "138 0013-8000"; spaces and hyphens carry no meaning, so they are dropped. */
export function normalizeMobile(value: string): string {
  return clean(value).replace(/[\s-]/g, '');
}

/** A national number of 6 to 15 digits (spec §9: at least 6). */
export function isMobile(value: string): boolean {
  const digits = normalizeMobile(value);
  return new RegExp(`^\\d{${MOBILE_MIN_DIGITS},${MOBILE_MAX_DIGITS}}$`).test(digits);
}

export function normalizeAccount(kind: AccountKind, value: string): string {
  return kind === 'email' ? normalizeEmail(value) : normalizeMobile(value);
}

/** register.emptyEmail / pRightEmail on the e-mail tab, emptyPhone / pRightPhone on the phone tab. */
export function accountProblem(kind: AccountKind, value: string): ProblemCode | null {
  const trimmed = clean(value);
  if (kind === 'email') {
    if (trimmed === '') return 'emptyEmail';
    return isEmail(trimmed) ? null : 'pRightEmail';
  }
  if (trimmed === '') return 'emptyPhone';
  return isMobile(trimmed) ? null : 'pRightPhone';
}

/** Which tab an account typed anywhere (a `haccount` link, a remembered login) belongs to. */
export function guessAccountKind(value: string): AccountKind {
  return clean(value).includes('@') ? 'email' : 'mobile';
}
