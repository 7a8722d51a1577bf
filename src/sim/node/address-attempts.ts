/**
 * Failed sign-in attempts per client address: the accounts feature already limits
 * wrong passwords and codes per account; on a shared server one address trying many accounts must
 * be limited too. A refused (code 0) answer to one of the guarded calls counts as a failure; once an
 * address has `maxFailures` within `windowMs`, those calls are refused from it until the oldest
 * failure leaves the window. Bounded like the rate limiter: the least recently seen address goes.
 */
export const GUARDED_CALLS: ReadonlySet<string> = new Set([
  'user/login',
  'user/register',
  'user/forget_password',
]);

export class AddressAttempts {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    /** Wall-clock ms. */
    private readonly now: () => number,
    private readonly maxAddresses = 10_000,
  ) {}

  private recent(address: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(address) ?? []).filter((at) => at > since);
  }

  /** Ms until `address` may try again; 0 when it may now. */
  blockedFor(address: string): number {
    const recent = this.recent(address);
    if (recent.length < this.maxFailures) return 0;
    return recent[recent.length - this.maxFailures]! + this.windowMs - this.now();
  }

  recordFailure(address: string): void {
    const recent = [...this.recent(address), this.now()].slice(-this.maxFailures);
    this.failures.delete(address);
    this.failures.set(address, recent);
    if (this.failures.size > this.maxAddresses) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  /** Forgets every failure (a demo server's reset: the exchange starts afresh). */
  clear(): void {
    this.failures.clear();
  }
}
