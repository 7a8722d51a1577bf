/**
 * Requests per client address: a token bucket per address that refills
 * `perSecond` tokens a second up to `burst`; a request takes one token or is refused (429). The
 * table is bounded: past `maxClients` addresses the least recently seen one is forgotten (it starts
 * again with a full bucket, which only ever errs on the side of serving).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    /** Wall-clock ms. */
    private readonly now: () => number,
    private readonly maxClients = 10_000,
  ) {}

  /** Takes one token for `client`; false when its bucket is empty. */
  take(client: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(client);
    let tokens = this.burst;
    if (bucket) {
      tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
      this.buckets.delete(client);
    }
    const allowed = tokens >= 1;
    // Re-inserting keeps the Map in least-recently-seen order.
    this.buckets.set(client, { tokens: allowed ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.maxClients) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return allowed;
  }

  clients(): number {
    return this.buckets.size;
  }
}
