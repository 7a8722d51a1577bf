/**
 * The security bar of the account settings page (spec §4, §9): 50 to start, +25 for a bound phone,
 * +25 for a bound e-mail, +25 once verified. Every account has a phone or an e-mail (it registered
 * with one), so real accounts start at 75; the bar is full at 100 and the score never exceeds it.
 */
export const SECURITY_BASE = 50;
export const SECURITY_STEP = 25;
export const SECURITY_MAX = 100;

export type SecurityLabel = 'middle' | 'high' | 'strong';

export interface SecurityFacts {
  hasMobile: boolean;
  hasEmail: boolean;
  verified: boolean;
}

export interface SecurityLevel {
  /** 50..100: the bar's fill in percent. */
  score: number;
  label: SecurityLabel;
}

export function securityLevel(facts: SecurityFacts): SecurityLevel {
  const raw =
    SECURITY_BASE + [facts.hasMobile, facts.hasEmail, facts.verified].filter(Boolean).length * SECURITY_STEP;
  const score = Math.min(SECURITY_MAX, raw);
  const label: SecurityLabel = score >= 100 ? 'strong' : score >= 75 ? 'high' : 'middle';
  return { score, label };
}
