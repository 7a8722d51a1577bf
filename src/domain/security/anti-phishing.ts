import { charCount } from '../validation/text.ts';
import type { Problem, ProblemCode } from '../validation/problem.ts';

/**
 * The anti-phishing code: a phrase the user chooses, printed in every message the exchange sends
 * them (e-mail, SMS, the demo outbox), so a message without it, or with another, is not from us.
 * Letters of any script, digits and underscores, 4 to 20 of them, as the big exchanges allow: no
 * spaces or punctuation, which a forged message could imitate with look-alikes more easily.
 */
export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 20;

const PHRASE = /^[\p{L}\p{N}_]+$/u;

/** The problem with a phrase as typed, or null. Nothing is trimmed: the phrase is what was typed. */
export function antiPhishingProblem(phrase: string): ProblemCode | null {
  if (phrase === '') return 'emptyPhrase';
  const length = charCount(phrase);
  if (length < ANTI_PHISHING_MIN || length > ANTI_PHISHING_MAX || !PHRASE.test(phrase)) return 'badPhrase';
  return null;
}

export function validateAntiPhishing(input: { phrase: string }): Problem<'phrase'> | null {
  const code = antiPhishingProblem(input.phrase);
  return code === null ? null : { field: 'phrase', code };
}

/**
 * The phrase as the personal centre shows it: its first two and last characters, the rest starred,
 * so a glance over the shoulder (or a screenshot) does not give it away. '' when none is set.
 */
export function maskAntiPhishing(phrase: string): string {
  const chars = [...phrase];
  if (chars.length === 0) return '';
  const hidden = Math.max(1, chars.length - 3);
  return `${chars.slice(0, Math.min(2, chars.length - 1)).join('')}${'*'.repeat(hidden)}${chars.at(-1) ?? ''}`;
}
