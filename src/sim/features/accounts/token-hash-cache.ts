import { tokenHash } from './secret-hash.ts';

/**
 * The hashes of the session tokens in use, so a call or a socket frame does not hash its token
 * again (SHA-256 in JavaScript, on every call). It maps a token to its hash, a pure function, and
 * never to a session: whoever asks still looks the hash up in the accounts' current state, so a
 * logout, a password change or an expiry takes effect at once, cached or not.
 *
 * Only tokens of live sessions are kept (`remember` is called after a look-up found one), so
 * strangers' made-up tokens cannot push them out; at most `limit` of them, the least recently used
 * going first; and the tokens of ended sessions are dropped (`forgetEnded`), so the process does
 * not hold tokens that no longer open anything.
 */
export class TokenHashCache {
  private readonly hashes = new Map<string, string>();

  constructor(private readonly limit = 4096) {}

  hashOf(token: string): string {
    const known = this.hashes.get(token);
    if (known === undefined) return tokenHash(token);
    // Moved to the end: a Map iterates in insertion order, so the first key is the least recent.
    this.hashes.delete(token);
    this.hashes.set(token, known);
    return known;
  }

  /** Keeps a token whose hash opened a live session. */
  remember(token: string, hash: string): void {
    if (this.hashes.has(token)) return;
    this.hashes.set(token, hash);
    if (this.hashes.size > this.limit) this.hashes.delete(this.hashes.keys().next().value!);
  }

  /** Drops every token whose session is no longer in `sessions` (after a logout or a revocation). */
  forgetEnded(sessions: ReadonlyMap<string, unknown>): void {
    for (const [token, hash] of this.hashes) if (!sessions.has(hash)) this.hashes.delete(token);
  }

  /** Whether the token's hash is kept (without counting as a use). */
  has(token: string): boolean {
    return this.hashes.has(token);
  }

  get size(): number {
    return this.hashes.size;
  }
}
