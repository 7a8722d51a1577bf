import { describe, expect, it } from 'vitest';
import { addressProblem, canonicalAddress } from '../../../../src/domain/address-book/address.ts';
import {
  optionOn,
  USDT_ERC20_CONTRACT,
  USDT_TRC20_CONTRACT,
} from '../../../../src/domain/address-book/chains.ts';
import {
  base58CheckEncode,
  base58CheckPayload,
  base58Decode,
  bech32Decode,
  bech32Encode,
  convertBits,
} from '../../../../src/domain/address-book/checksums.ts';
import {
  isFreshTimestamp,
  isSessionKey,
  SIGNATURE_MAX_SKEW_SECONDS,
  signAddressData,
  signatureTimestamp,
  verifyAddressSignature,
} from '../../../../src/domain/address-book/signature.ts';

const filled = (length: number, byte: number) => new Array<number>(length).fill(byte);
const base58Check = (version: number, body: number[]) =>
  base58CheckEncode(Uint8Array.from([version, ...body]));
/** A SegWit address of a witness version and program, checksummed with the given variant. */
const segwit = (version: number, program: number[], variant: 'bech32' | 'bech32m') =>
  bech32Encode('bc', [version, ...(convertBits(program, 8, 5, true) ?? [])], variant);

/** A one-character change inside the checksummed part (not the prefix). */
function typo(address: string, alphabet: string): string {
  const index = address.length - 3;
  const current = address[index] ?? '';
  const other = [...alphabet].find((char) => char !== current) ?? '';
  return address.slice(0, index) + other + address.slice(index + 1);
}
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

describe('TRC20 addresses: Base58Check, version 0x41, 20 bytes', () => {
  it('names a typo a checksum problem, exactly', () => {
    expect(addressProblem('TRC20', typo(USDT_TRC20_CONTRACT, BASE58))).toBe('addressChecksum');
  });

  it('refuses a well-checksummed T... address of another version byte', () => {
    for (const address of [base58Check(0x42, filled(20, 0)), base58Check(0x40, filled(20, 0xff))]) {
      expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(addressProblem('TRC20', address)).toBe('badAddress');
    }
    expect(addressProblem('TRC20', base58Check(0x41, filled(20, 0x11)))).toBeNull();
  });
});

describe('ERC20 addresses: 0x and 40 hex digits', () => {
  it('refuses anything before the 0x', () => {
    expect(addressProblem('ERC20', `10x${'a'.repeat(40)}`)).toBe('badAddress');
    expect(addressProblem('ERC20', `0x${'a'.repeat(40)}`)).toBeNull();
  });
});

describe('BTC legacy addresses: Base58Check version 0x00 or 0x05 and 20 bytes', () => {
  it('names a typo a checksum problem, exactly', () => {
    expect(addressProblem('BTC', typo('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', BASE58))).toBe('addressChecksum');
  });

  it('refuses text around a legacy address', () => {
    const valid = base58Check(0x00, filled(20, 0x22));
    expect(addressProblem('BTC', valid)).toBeNull();
    expect(addressProblem('BTC', `0${valid}`)).toBe('badAddress');
    expect(addressProblem('BTC', `${valid}0`)).toBe('badAddress');
  });

  it('reads a legacy-shaped address containing "bc1" as legacy, not SegWit', () => {
    // Shaped like a legacy address (1 and Base58), checksum wrong: a typo, not a foreign shape.
    expect(addressProblem('BTC', `1bc1${'2'.repeat(28)}`)).toBe('addressChecksum');
  });

  it('refuses a well-checksummed payload of the wrong length or version', () => {
    const short = base58Check(0x00, filled(19, 0x22));
    expect(short).toMatch(/^1[1-9A-HJ-NP-Za-km-z]{25,34}$/);
    expect(addressProblem('BTC', short)).toBe('badAddress');
    const version6 = base58Check(0x06, filled(20, 0x22));
    expect(version6).toMatch(/^3[1-9A-HJ-NP-Za-km-z]{25,34}$/);
    expect(addressProblem('BTC', version6)).toBe('badAddress');
    expect(addressProblem('BTC', base58Check(0x05, filled(20, 0x22)))).toBeNull();
  });
});

describe('BTC SegWit addresses: BIP-173 / BIP-350', () => {
  const program20 = filled(20, 0x5a);

  it('accepts version 0 with 20 or 32 bytes (Bech32), and refuses other lengths', () => {
    expect(addressProblem('BTC', segwit(0, program20, 'bech32'))).toBeNull();
    expect(addressProblem('BTC', segwit(0, filled(32, 1), 'bech32'))).toBeNull();
    expect(addressProblem('BTC', segwit(0, filled(25, 1), 'bech32'))).toBe('badAddress');
  });

  it('accepts versions 1 to 16 with 2 to 40 bytes (Bech32m)', () => {
    expect(addressProblem('BTC', segwit(16, program20, 'bech32m'))).toBeNull();
    expect(addressProblem('BTC', segwit(1, filled(2, 7), 'bech32m'))).toBeNull();
    expect(addressProblem('BTC', segwit(1, filled(40, 7), 'bech32m'))).toBeNull();
    expect(addressProblem('BTC', segwit(1, filled(1, 7), 'bech32m'))).toBe('badAddress');
    expect(addressProblem('BTC', segwit(1, filled(41, 7), 'bech32m'))).toBe('badAddress');
  });

  it('refuses witness versions above 16', () => {
    expect(addressProblem('BTC', segwit(17, program20, 'bech32m'))).toBe('badAddress');
    expect(addressProblem('BTC', segwit(31, program20, 'bech32m'))).toBe('badAddress');
  });

  it('refuses a program whose 5-bit words do not regroup into bytes', () => {
    // 33 words are 165 bits: 20 bytes and 5 bits left over.
    const address = bech32Encode('bc', [1, ...filled(33, 0)], 'bech32m');
    expect(addressProblem('BTC', address)).toBe('badAddress');
  });

  it('names a typo a checksum problem, exactly', () => {
    expect(addressProblem('BTC', typo('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', BECH32))).toBe(
      'addressChecksum',
    );
  });

  it('refuses a mixed-case prefix and text after the address as a wrong shape', () => {
    expect(addressProblem('BTC', `Bc1bc1${'q'.repeat(10)}`)).toBe('badAddress');
    expect(addressProblem('BTC', `bc1${'q'.repeat(10)}!`)).toBe('badAddress');
  });
});

describe('canonicalAddress', () => {
  const lowerHex = `0x${'5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'}`;

  it('writes an Ethereum address in its EIP-55 form, on ERC20 only', () => {
    expect(canonicalAddress('ERC20', lowerHex)).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(canonicalAddress('TRC20', lowerHex)).toBe(lowerHex);
    expect(canonicalAddress('BTC', lowerHex)).toBe(lowerHex);
  });

  it('leaves ERC20 text that is not exactly 0x and 40 hex digits as typed (trimmed)', () => {
    expect(canonicalAddress('ERC20', ' hello ')).toBe('hello');
    expect(canonicalAddress('ERC20', `a${lowerHex}`)).toBe(`a${lowerHex}`);
    expect(canonicalAddress('ERC20', `${lowerHex}a`)).toBe(`${lowerHex}a`);
  });

  it('lower-cases SegWit on BTC only, and keeps Base58 case', () => {
    expect(canonicalAddress('BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    expect(canonicalAddress('ERC20', 'BC1QAR0SRRR7')).toBe('BC1QAR0SRRR7');
    expect(canonicalAddress('TRC20', 'BC1QAR0SRRR7')).toBe('BC1QAR0SRRR7');
    expect(canonicalAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    );
    expect(canonicalAddress('BTC', '3Abc1XYZ')).toBe('3Abc1XYZ');
  });
});

describe('optionOn picks the option of a coin on a chain', () => {
  it('matches both the coin and the chain', () => {
    expect(optionOn('USDT', 'ERC20')).toEqual({
      coin: 'USDT',
      chain: 'ERC20',
      contract: USDT_ERC20_CONTRACT,
    });
    expect(optionOn('USDT', 'TRC20')).toEqual({
      coin: 'USDT',
      chain: 'TRC20',
      contract: USDT_TRC20_CONTRACT,
    });
    expect(optionOn('ETH', 'ERC20')).toEqual({ coin: 'ETH', chain: 'ERC20', contract: '' });
    expect(optionOn('USDT', 'BTC')).toBeNull();
    expect(optionOn('ETH', 'TRC20')).toBeNull();
    expect(optionOn('DOGE', 'BTC')).toBeNull();
  });
});

describe('checksum primitives', () => {
  it('base58Decode refuses characters outside the alphabet', () => {
    for (const char of ['0', 'O', 'I', 'l', '+']) expect(base58Decode(`1A${char}B`)).toBeNull();
  });

  it('base58CheckPayload needs a version byte besides the 4 checksum bytes', () => {
    const empty = base58CheckEncode(new Uint8Array());
    expect(base58CheckPayload(empty)).toBeNull();
    expect(base58CheckPayload(base58CheckEncode(Uint8Array.from([7])))).toEqual(Uint8Array.from([7]));
  });

  it('bech32Decode takes at most 90 characters', () => {
    const at90 = bech32Encode('bc', filled(81, 3), 'bech32');
    expect(at90).toHaveLength(90);
    expect(bech32Decode(at90)).toEqual({ hrp: 'bc', words: filled(81, 3), variant: 'bech32' });
    const at91 = bech32Encode('bc', filled(82, 3), 'bech32');
    expect(at91).toHaveLength(91);
    expect(bech32Decode(at91)).toBeNull();
  });

  it('bech32Decode needs a non-empty prefix and the 6 checksum characters', () => {
    expect(bech32Decode(bech32Encode('a', [], 'bech32'))).toEqual({ hrp: 'a', words: [], variant: 'bech32' });
    expect(bech32Decode(bech32Encode('', [], 'bech32'))).toBeNull();
    expect(bech32Decode(bech32Encode('ab', [1, 2], 'bech32m'))).toEqual({
      hrp: 'ab',
      words: [1, 2],
      variant: 'bech32m',
    });
  });

  it('bech32Decode takes prefix characters 33 to 126 only', () => {
    expect(bech32Decode(bech32Encode('!a~', [4], 'bech32'))).toEqual({
      hrp: '!a~',
      words: [4],
      variant: 'bech32',
    });
    expect(bech32Decode(bech32Encode(' a', [4], 'bech32'))).toBeNull();
    expect(bech32Decode(bech32Encode('a\u007f', [4], 'bech32'))).toBeNull();
  });

  it('convertBits refuses values wider than the source groups', () => {
    expect(convertBits([256], 8, 5, true)).toBeNull();
    expect(convertBits([-1], 8, 5, true)).toBeNull();
    expect(convertBits([32], 5, 8, false)).toBeNull();
    expect(convertBits([255], 8, 5, true)).toEqual([31, 28]);
  });

  it('convertBits without padding refuses a whole leftover group and non-zero leftover bits', () => {
    expect(convertBits([0], 5, 8, false)).toBeNull();
    expect(convertBits([0, 1], 5, 8, false)).toBeNull();
    expect(convertBits([0, 0], 5, 8, false)).toEqual([0]);
    expect(convertBits([31, 28], 5, 8, false)).toEqual([255]);
  });
});

describe('address-binding signature', () => {
  const key = 'ab'.repeat(32);
  const data = { address: 'T1', coin_name: 'USDT', timestamp: 5 };

  it('takes exactly 64 lower-case hex digits as a session key', () => {
    expect(isSessionKey(key)).toBe(true);
    expect(isSessionKey(`x${key}`)).toBe(false);
    expect(isSessionKey(`${key}x`)).toBe(false);
    expect(isSessionKey(`${key}a`)).toBe(false);
  });

  it('refuses to sign under a malformed key, saying why', async () => {
    await expect(signAddressData('xyz', data)).rejects.toThrow('the session key must be 64 hex digits');
  });

  it('refuses a signature with extra digits', async () => {
    const signature = await signAddressData(key, data);
    expect(await verifyAddressSignature(key, data, signature)).toBe(true);
    expect(await verifyAddressSignature(key, data, `${signature}0`)).toBe(false);
  });

  it('takes whole seconds of the server clock', () => {
    expect(signatureTimestamp(1_700_000_000_999)).toBe(1_700_000_000);
    expect(signatureTimestamp(0)).toBe(0);
  });

  it('accepts a timestamp exactly the maximum skew away, not one second more', () => {
    const now = 1_000_000_000;
    expect(isFreshTimestamp(now + SIGNATURE_MAX_SKEW_SECONDS, now * 1000)).toBe(true);
    expect(isFreshTimestamp(now - SIGNATURE_MAX_SKEW_SECONDS, now * 1000)).toBe(true);
    expect(isFreshTimestamp(now + SIGNATURE_MAX_SKEW_SECONDS + 1, now * 1000)).toBe(false);
  });
});
