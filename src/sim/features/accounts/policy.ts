import { FLAG_ON } from '../../../domain/contract-codes.ts';
/**
 * The accounts feature's numbers. Durations are simulated time (the only clock the simulator has);
 * they are generous because the market can run up to 60x faster than real time, and a code that
 * lives an hour of simulated time still lives a minute of real time at full speed.
 */
export const POLICY = {
  /** A verification code is valid this long after it was sent. */
  codeTtlMs: 60 * 60_000,
  /**
   * One code per address per this interval. The form counts 60 s down after the answer arrives, so a
   * slightly shorter server interval never refuses a user who waited for the countdown.
   */
  codeIntervalMs: 55_000,
  /** At most this many codes per address per hour. */
  codesPerHour: 10,
  /** A session token is valid this long after login (then calls answer 999). */
  sessionTtlMs: 7 * 24 * 60 * 60_000,
  /** The demo review of a real-name submission takes this long before it is approved. */
  reviewDelayMs: 6_000,
  /** PBKDF2-SHA-256 rounds for new password hashes (each hash records its own count). */
  passwordIterations: 100_000,
  /** Feedback items kept per user (older ones leave the state; the log keeps them all). */
  feedbackKept: 50,
} as const;

export type Policy = { -readonly [K in keyof typeof POLICY]: number };

/** Minimal units per whole coin: ledger balances are BigInt in 1e-8 units (DESIGN.md). */
export const UNITS_PER_COIN = 100_000_000n;

/** What every new account receives in its trade (change) account, so the demo can be traded at once. */
export const DEMO_GRANT: ReadonlyArray<{ currency: string; units: bigint }> = [
  { currency: 'USDT', units: 10_000n * UNITS_PER_COIN },
  { currency: 'BTC', units: UNITS_PER_COIN / 2n },
  { currency: 'ETH', units: 5n * UNITS_PER_COIN },
];

/** The seeded demo account that every test and visitor can sign in with. */
export const DEMO_ACCOUNT = {
  email: 'demo@tessera.example',
  password: 'Demo1234',
  inviteCode: 'TESSERA1',
  isSeller: FLAG_ON,
} as const;
