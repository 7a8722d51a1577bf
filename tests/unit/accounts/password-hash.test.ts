import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  randomCode,
  randomDigits,
  randomHex,
  type Entropy,
} from '../../../src/sim/features/accounts/entropy.ts';
import { Outbox } from '../../../src/sim/features/accounts/outbox.ts';
import { hashPassword, verifyPassword } from '../../../src/sim/features/accounts/password-hash.ts';

describe('password hashing (PBKDF2-SHA-256 via WebCrypto)', () => {
  it('verifies the password it hashed and nothing else', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.string({ maxLength: 20 }),
        fc.uint8Array({ minLength: 16, maxLength: 16 }),
        async (password, other, salt) => {
          const stored = await hashPassword(password, salt, 10);
          expect(stored.hash).toMatch(/^[0-9a-f]{64}$/);
          expect(await verifyPassword(password, stored)).toBe(true);
          expect(await verifyPassword(other, stored)).toBe(other === password);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('salts: the same password under two salts hashes differently', async () => {
    const a = await hashPassword('Demo1234', new Uint8Array(16).fill(1), 1_000);
    const b = await hashPassword('Demo1234', new Uint8Array(16).fill(2), 1_000);
    expect(a.hash).not.toBe(b.hash);
    expect(a.iterations).toBe(1_000);
  });
});

describe('secrets from entropy', () => {
  /** A repeatable byte source cycling through every byte value. */
  function cycling(): Entropy {
    let next = 0;
    return { bytes: (count) => Uint8Array.from({ length: count }, () => next++ % 256) };
  }

  it('draws digits, codes and hex of the asked length and alphabet, without modulo bias', () => {
    const entropy = cycling();
    const digits = randomDigits(entropy, 10_000);
    expect(digits).toMatch(/^\d{10000}$/);
    const counts = [...'0123456789'].map((digit) => digits.split(digit).length - 1);
    // Rejection sampling drops bytes 250..255, so a full cycle yields each digit exactly 25 times.
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(10);
    expect(randomCode(entropy, 12)).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(randomHex(entropy, 32)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the demo outbox', () => {
  it('files messages per key, answers only newer ones, and keeps a bounded number', () => {
    const outbox = new Outbox();
    const base = {
      channel: 'email' as const,
      to: 'a@b.co',
      purpose: 1 as const,
      kind: 'code' as const,
      code: '1',
      at: 0,
      anti_phishing: '',
    };
    for (let index = 0; index < 40; index++) outbox.deliver('k1', { ...base, code: String(index) });
    outbox.deliver('k2', base);
    const mine = outbox.read('k1', 0);
    expect(mine).toHaveLength(30);
    expect(mine.at(-1)?.code).toBe('39');
    expect(outbox.read('k1', mine.at(-2)?.id ?? 0)).toHaveLength(1);
    expect(outbox.read('k2', 0)).toHaveLength(1);
    expect(outbox.read('k3', 0)).toEqual([]);
  });
});
