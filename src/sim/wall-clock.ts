/**
 * The wall clock, for the one rule that must read it: TOTP codes (domain/security/two-factor.ts). An
 * authenticator app on a phone counts real time, so a code is checked against real time, never the
 * demo's simulated clock. The log stays deterministic: what a check found (the code's time step) is
 * recorded in the event, and folding the log never reads this clock.
 */
export function systemWallClock(): number {
  return Date.now();
}
