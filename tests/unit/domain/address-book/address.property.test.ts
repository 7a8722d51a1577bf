import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  canonicalAddress,
  labelProblem,
  LABEL_MAX,
} from '../../../../src/domain/address-book/address.ts';
import {
  base58CheckEncode,
  base58CheckPayload,
  base58Decode,
  base58Encode,
  bech32Encode,
  convertBits,
  eip55,
} from '../../../../src/domain/address-book/checksums.ts';
import { CHAIN_OPTIONS, chainOption, chainsOf } from '../../../../src/domain/address-book/chains.ts';

/** Addresses published on the chains' own documents and explorers (EIP-55, BIP-350 vectors, genesis). */
const KNOWN = {
  TRC20: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
  ERC20: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    '0x52908400098527886e0f7030069857d2e4169ee7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  ],
  BTC: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ',
    'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
  ],
} as const;

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });
const tron = bytes(20).map((body) => base58CheckEncode(Uint8Array.from([0x41, ...body])));
const p2pkh = bytes(20).map((body) => base58CheckEncode(Uint8Array.from([0x00, ...body])));
const p2sh = bytes(20).map((body) => base58CheckEncode(Uint8Array.from([0x05, ...body])));
const segwit0 = fc
  .oneof(bytes(20), bytes(32))
  .map((program) => bech32Encode('bc', [0, ...(convertBits([...program], 8, 5, true) ?? [])], 'bech32'));
const taproot = bytes(32).map((program) =>
  bech32Encode('bc', [1, ...(convertBits([...program], 8, 5, true) ?? [])], 'bech32m'),
);
const ethereum = bytes(20).map(
  (body) => `0x${eip55(Array.from(body, (byte) => byte.toString(16).padStart(2, '0')).join(''))}`,
);

/** One character changed to another of the same alphabet at some position after the prefix. */
function mutate(address: string, alphabet: string, from: number, at: number, pick: number): string {
  const index = from + (at % (address.length - from));
  const current = address[index] ?? '';
  const others = [...alphabet].filter((char) => char !== current);
  return address.slice(0, index) + others[pick % others.length] + address.slice(index + 1);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

describe('address rules per chain', () => {
  it('accepts the published addresses of each chain', () => {
    for (const [chain, list] of Object.entries(KNOWN)) {
      for (const address of list)
        expect(addressProblem(chain as keyof typeof KNOWN, address), address).toBeNull();
    }
  });

  it('refuses the published addresses on the other chains', () => {
    for (const address of KNOWN.TRC20) {
      expect(addressProblem('ERC20', address)).toBe('badAddress');
      expect(addressProblem('BTC', address)).toBe('badAddress');
    }
    for (const address of KNOWN.ERC20) {
      expect(addressProblem('TRC20', address)).toBe('badAddress');
      expect(addressProblem('BTC', address)).toBe('badAddress');
    }
    for (const address of KNOWN.BTC) expect(addressProblem('TRC20', address)).not.toBeNull();
  });

  it('names the empty address, and trims before judging', () => {
    for (const chain of ['TRC20', 'ERC20', 'BTC'] as const) {
      expect(addressProblem(chain, '')).toBe('emptyAddress');
      expect(addressProblem(chain, '   ')).toBe('emptyAddress');
    }
    expect(addressProblem('TRC20', `  ${KNOWN.TRC20[0]}\t`)).toBeNull();
  });

  it('accepts every well-formed generated address', () => {
    fc.assert(
      fc.property(tron, (address) => {
        expect(address).toHaveLength(34);
        expect(address[0]).toBe('T');
        expect(addressProblem('TRC20', address)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(p2pkh, p2sh, segwit0, taproot, (a, b, c, d) => {
        for (const address of [a, b, c, d]) expect(addressProblem('BTC', address), address).toBeNull();
      }),
    );
    fc.assert(
      fc.property(ethereum, (address) => {
        expect(addressProblem('ERC20', address)).toBeNull();
      }),
    );
  });

  it('catches any one-character typo in a Base58Check address (TRON, Bitcoin legacy)', () => {
    fc.assert(
      fc.property(fc.oneof(tron, p2pkh, p2sh), fc.nat(), fc.nat(), (address, at, pick) => {
        const typo = mutate(address, BASE58, 1, at, pick);
        const chain = address.startsWith('T') ? 'TRC20' : 'BTC';
        expect(addressProblem(chain, typo)).not.toBeNull();
      }),
    );
  });

  it('catches any one-character typo in a SegWit address (Bech32, Bech32m)', () => {
    fc.assert(
      fc.property(fc.oneof(segwit0, taproot), fc.nat(), fc.nat(), (address, at, pick) => {
        expect(addressProblem('BTC', mutate(address, BECH32, 4, at, pick))).not.toBeNull();
      }),
    );
  });

  it('refuses a SegWit v0 program checksummed as Bech32m and a v1 program as Bech32', () => {
    fc.assert(
      fc.property(bytes(20), bytes(32), (p20, p32) => {
        const v0m = bech32Encode('bc', [0, ...(convertBits([...p20], 8, 5, true) ?? [])], 'bech32m');
        const v1 = bech32Encode('bc', [1, ...(convertBits([...p32], 8, 5, true) ?? [])], 'bech32');
        expect(addressProblem('BTC', v0m)).toBe('addressChecksum');
        expect(addressProblem('BTC', v1)).toBe('addressChecksum');
      }),
    );
  });

  it('accepts all-lower and all-upper hex, and refuses a flipped letter case in a checksummed one', () => {
    fc.assert(
      fc.property(ethereum, fc.nat(), (address, at) => {
        const digits = address.slice(2);
        expect(addressProblem('ERC20', `0x${digits.toLowerCase()}`)).toBeNull();
        expect(addressProblem('ERC20', `0x${digits.toUpperCase()}`)).toBeNull();
        const letters = [...digits].flatMap((char, i) => (/[a-fA-F]/.test(char) ? [i] : []));
        fc.pre(letters.length > 0 && digits !== digits.toLowerCase() && digits !== digits.toUpperCase());
        const i = letters[at % letters.length] ?? 0;
        const char = digits[i] ?? '';
        const flipped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
        const typo = `0x${digits.slice(0, i)}${flipped}${digits.slice(i + 1)}`;
        // Flipping one letter either breaks the checksum or makes the case uniform (no checksum).
        const uniform =
          typo.slice(2) === typo.slice(2).toLowerCase() || typo.slice(2) === typo.slice(2).toUpperCase();
        expect(addressProblem('ERC20', typo)).toBe(uniform ? null : 'addressChecksum');
      }),
    );
  });

  it('refuses wrong lengths, prefixes and alphabets', () => {
    fc.assert(
      fc.property(tron, fc.integer({ min: 1, max: 5 }), (address, cut) => {
        expect(addressProblem('TRC20', address.slice(0, -cut))).toBe('badAddress');
        expect(addressProblem('TRC20', `${address}1`)).toBe('badAddress');
        expect(addressProblem('TRC20', `t${address.slice(1)}`)).toBe('badAddress');
        expect(addressProblem('TRC20', `${address.slice(0, 10)}0${address.slice(11)}`)).toBe('badAddress');
      }),
    );
    fc.assert(
      fc.property(ethereum, (address) => {
        expect(addressProblem('ERC20', address.slice(0, -1))).toBe('badAddress');
        expect(addressProblem('ERC20', `${address}a`)).toBe('badAddress');
        expect(addressProblem('ERC20', address.slice(2))).toBe('badAddress');
        expect(addressProblem('ERC20', `0x${address.slice(3)}g`)).toBe('badAddress');
      }),
    );
    expect(addressProblem('BTC', 'tb1qw508d6qejxtdg4c3ydpq9a5l6d3mmh6ew6zcpk')).toBe('badAddress');
    expect(addressProblem('BTC', 'bc1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).not.toBeNull();
    // A TRON-version payload spelled as a Bitcoin legacy address never passes, and vice versa.
    fc.assert(
      fc.property(bytes(20), (body) => {
        const other = base58CheckEncode(Uint8Array.from([0x6f, ...body]));
        expect(addressProblem('BTC', other)).toBe('badAddress');
      }),
    );
  });

  it('base58 and Base58Check round-trip', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (data) => {
        expect(base58Decode(base58Encode(data))).toEqual(data);
        if (data.length > 0) expect(base58CheckPayload(base58CheckEncode(data))).toEqual(data);
      }),
    );
  });

  it('the canonical form is one spelling per address and keeps it valid', () => {
    fc.assert(
      fc.property(ethereum, (address) => {
        const lower = `0x${address.slice(2).toLowerCase()}`;
        expect(canonicalAddress('ERC20', lower)).toBe(address);
        expect(canonicalAddress('ERC20', ` ${address.toUpperCase().replace('0X', '0x')} `)).toBe(address);
      }),
    );
    fc.assert(
      fc.property(segwit0, (address) => {
        expect(canonicalAddress('BTC', address.toUpperCase())).toBe(address);
        expect(addressProblem('BTC', canonicalAddress('BTC', address.toUpperCase()))).toBeNull();
      }),
    );
    fc.assert(
      fc.property(tron, (address) => {
        expect(canonicalAddress('TRC20', ` ${address} `)).toBe(address);
      }),
    );
  });
});

describe('labels', () => {
  it('allows up to LABEL_MAX characters (after trimming), refuses longer ones and control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: LABEL_MAX }), (label) => {
        fc.pre(!/\p{Cc}/u.test(label));
        expect(labelProblem(label)).toBeNull();
      }),
    );
    expect(labelProblem('x'.repeat(LABEL_MAX + 1))).toBe('longLabel');
    expect(labelProblem('名'.repeat(LABEL_MAX))).toBeNull();
    expect(labelProblem('a\u0000b')).toBe('badLabel');
    expect(labelProblem('a\nb')).toBe('badLabel');
  });
});

describe('coins and chains', () => {
  it('each (coin, contract) names one chain, and USDT offers TRC20 and ERC20', () => {
    const keys = CHAIN_OPTIONS.map((option) => `${option.coin}|${option.contract}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(chainsOf('USDT').map((option) => option.chain)).toEqual(['TRC20', 'ERC20']);
    for (const option of CHAIN_OPTIONS) expect(chainOption(option.coin, option.contract)).toEqual(option);
    expect(chainOption('USDT', '')).toBeNull();
    expect(chainOption('DOGE', '')).toBeNull();
  });

  it('every token contract is a valid address on its own chain', () => {
    for (const option of CHAIN_OPTIONS) {
      if (option.contract) expect(addressProblem(option.chain, option.contract)).toBeNull();
    }
  });
});
