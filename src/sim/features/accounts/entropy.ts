/**
 * Secrets (tokens, salts, codes, invite codes) need unpredictable bytes. The seeded Rng would make
 * every token guessable from the seed, so they come from the platform's CSPRNG instead; it is
 * injected so tests can make it repeatable. Secrets enter the state only through commands, so the
 * log still replays to the same state.
 */
export interface Entropy {
  bytes(count: number): Uint8Array;
}

export const cryptoEntropy: Entropy = {
  bytes: (count) => crypto.getRandomValues(new Uint8Array(count)),
};

/** Without ambiguous characters (0/O, 1/I): people read these codes aloud and type them. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A uniform integer in [0, n) by rejection sampling (no modulo bias), n <= 256. */
function uniformBelow(entropy: Entropy, n: number): number {
  const limit = 256 - (256 % n);
  for (;;) {
    const byte = entropy.bytes(1)[0] ?? 0;
    if (byte < limit) return byte % n;
  }
}

export function randomDigits(entropy: Entropy, length: number): string {
  return Array.from({ length }, () => String(uniformBelow(entropy, 10))).join('');
}

export function randomCode(entropy: Entropy, length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[uniformBelow(entropy, CODE_ALPHABET.length)]).join('');
}

export function randomHex(entropy: Entropy, bytes: number): string {
  return Array.from(entropy.bytes(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
