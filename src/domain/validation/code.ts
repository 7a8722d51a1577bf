import type { ProblemCode } from './problem.ts';
import { clean } from './text.ts';

/** Verification codes sent by SMS or e-mail are six digits. */
export const CODE_LENGTH = 6;

export function isCode(value: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(clean(value));
}

/** emptyCode when missing (spec §5), badCode when it cannot be a code we sent. */
export function codeProblem(value: string): ProblemCode | null {
  if (clean(value) === '') return 'emptyCode';
  return isCode(value) ? null : 'badCode';
}
