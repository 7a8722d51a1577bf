import type { ProblemCode } from '../domain/validation/problem.ts';

/**
 * The translation key of each validation problem. Spec §8 names the login and register messages
 * (register.emptyEmail, register.length, ...); the others live in the "validation" section.
 */
const SPEC_KEYS: Partial<Record<ProblemCode, string>> = {
  emptyEmail: 'register.emptyEmail',
  pRightEmail: 'register.pRightEmail',
  emptyPhone: 'register.emptyPhone',
  pRightPhone: 'register.pRightPhone',
  emptyPassword: 'register.emptyPassword',
  emptyCode: 'register.emptyCode',
  length: 'register.length',
  enterPassword2: 'register.enterPassword2',
  unlike: 'register.unlike',
  agree: 'register.agree',
};

export function problemKey(code: ProblemCode): string {
  return SPEC_KEYS[code] ?? `validation.${code}`;
}
