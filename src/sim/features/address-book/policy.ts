/** The address book's numbers (simulated time, like every duration in the simulator). */
export const ADDRESS_POLICY = {
  /** A binding code is valid this long. */
  codeTtlMs: 15 * 60_000,
  /** One code per user per this interval: the form counts 59 s down, so 55 s never refuses it. */
  codeIntervalMs: 55_000,
  /** At most this many codes per user per hour. */
  codesPerHour: 10,
  /** Wrong tries that void a code. */
  codeMaxTries: 5,
  /** Bound addresses per user. */
  maxEntries: 50,
  /** A session key lives as long as a session may (the token's own expiry still applies). */
  keyTtlMs: 7 * 24 * 60 * 60_000,
} as const;

export type AddressPolicy = { -readonly [K in keyof typeof ADDRESS_POLICY]: number };

export const HOUR_MS = 60 * 60_000;
