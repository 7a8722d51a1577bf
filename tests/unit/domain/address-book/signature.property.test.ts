import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isFreshTimestamp,
  SIGNATURE_MAX_SKEW_SECONDS,
  SIGNED_FIELDS,
  signAddressData,
  signatureTimestamp,
  stringToSign,
  verifyAddressSignature,
  type SignedAddressData,
} from '../../../../src/domain/address-book/signature.ts';

const keyHex = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(''));

const data: fc.Arbitrary<SignedAddressData> = fc.record({
  user_id: fc.integer({ min: 1, max: 1e9 }),
  address: fc.string({ maxLength: 64 }),
  coin_name: fc.constantFrom('USDT', 'BTC', 'ETH', 'TRX'),
  contract_address: fc.string({ maxLength: 42 }),
  verificationcode: fc.stringMatching(/^\d{6}$/),
  timestamp: fc.integer({ min: 0, max: 4e9 }),
  label: fc.string({ maxLength: 30 }),
});

/** The same fields in another insertion order. */
function shuffled(record: SignedAddressData, seed: number): Record<string, string | number> {
  const names = [...SIGNED_FIELDS];
  const out: Record<string, string | number> = {};
  while (names.length > 0) {
    const [name] = names.splice(seed % names.length, 1);
    if (name) out[name] = record[name];
  }
  return out;
}

describe('the address form signature', () => {
  it('the string to sign lists the fields sorted by name as name=value joined with &', () => {
    expect(
      stringToSign({
        user_id: 7,
        address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        coin_name: 'USDT',
        contract_address: 'c',
        verificationcode: '123456',
        timestamp: 1700000000,
        label: 'cold',
      }),
    ).toBe(
      'address=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&coin_name=USDT&contract_address=c&label=cold&' +
        'timestamp=1700000000&user_id=7&verificationcode=123456',
    );
  });

  it('is HMAC-SHA256 of that string, as lower-case hex (checked against Node crypto)', async () => {
    await fc.assert(
      fc.asyncProperty(keyHex, data, async (key, record) => {
        const expected = createHmac('sha256', Buffer.from(key, 'hex'))
          .update(stringToSign(record), 'utf8')
          .digest('hex');
        expect(await signAddressData(key, record)).toBe(expected);
      }),
      { numRuns: 50 },
    );
  });

  it('does not depend on the order the fields were written in', async () => {
    await fc.assert(
      fc.asyncProperty(keyHex, data, fc.nat(), async (key, record, seed) => {
        expect(await signAddressData(key, shuffled(record, seed))).toBe(await signAddressData(key, record));
      }),
      { numRuns: 50 },
    );
  });

  it('verifies what it signed, and nothing else: another key, a changed field or signature fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        keyHex,
        keyHex,
        data,
        fc.constantFrom(...SIGNED_FIELDS),
        async (key, otherKey, record, field) => {
          const signature = await signAddressData(key, record);
          expect(await verifyAddressSignature(key, record, signature)).toBe(true);
          if (otherKey !== key) expect(await verifyAddressSignature(otherKey, record, signature)).toBe(false);
          const value = record[field];
          const changed = { ...record, [field]: typeof value === 'number' ? value + 1 : `${value}x` };
          expect(await verifyAddressSignature(key, changed, signature)).toBe(false);
          const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
          expect(await verifyAddressSignature(key, record, flipped)).toBe(false);
          expect(await verifyAddressSignature(key, record, signature.toUpperCase())).toBe(
            signature === signature.toUpperCase(),
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses a malformed key or signature without throwing', async () => {
    const record = { a: 1 };
    expect(await verifyAddressSignature('xyz', record, 'a'.repeat(64))).toBe(false);
    expect(await verifyAddressSignature('a'.repeat(64), record, 'short')).toBe(false);
    await expect(signAddressData('not-hex', record)).rejects.toThrow(RangeError);
  });

  it('a timestamp is fresh exactly within the allowed skew of the server clock', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1e12, max: 2e12 }),
        fc.integer({ min: -1000, max: 1000 }),
        (nowMs, offset) => {
          const timestamp = signatureTimestamp(nowMs) + offset;
          expect(isFreshTimestamp(timestamp, nowMs)).toBe(Math.abs(offset) <= SIGNATURE_MAX_SKEW_SECONDS);
        },
      ),
    );
    expect(isFreshTimestamp(1.5, 1000)).toBe(false);
  });
});
