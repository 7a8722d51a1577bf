import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * The checksums blockchain addresses carry: Base58Check (Bitcoin legacy and P2SH, TRON), Bech32 and
 * Bech32m (Bitcoin SegWit, BIP-173 and BIP-350) and EIP-55 mixed-case hex (Ethereum). Pure and
 * synchronous (the hashes are @noble/hashes), so both the form and the server run them.
 */

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** The bytes a Base58 string stands for (leading '1's are zero bytes), or null for a foreign character. */
export function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const body: number[] = [];
  while (value > 0n) {
    body.unshift(Number(value % 256n));
    value /= 256n;
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros += 1;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body]);
}

export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let out = '';
  while (value > 0n) {
    out = BASE58[Number(value % 58n)] + out;
    value /= 58n;
  }
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros += 1;
  return '1'.repeat(zeros) + out;
}

function doubleSha256(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes));
}

/** The payload (version byte first) of a Base58Check string whose 4-byte checksum holds, else null. */
export function base58CheckPayload(text: string): Uint8Array | null {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.slice(0, -4);
  const check = doubleSha256(payload);
  for (let i = 0; i < 4; i += 1) if (bytes[payload.length + i] !== check[i]) return null;
  return payload;
}

/** Base58Check of a payload (version byte first): the payload and the first 4 bytes of its double SHA-256. */
export function base58CheckEncode(payload: Uint8Array): string {
  const check = doubleSha256(payload).slice(0, 4);
  return base58Encode(Uint8Array.from([...payload, ...check]));
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
export const BECH32_CONST = 1;
export const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= BECH32_GENERATOR[i] ?? 0;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((char) => char.charCodeAt(0));
  return [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
}

export interface Bech32Parts {
  hrp: string;
  /** 5-bit words after the separator, without the 6 checksum words. */
  words: number[];
  /** Which checksum constant it satisfied. */
  variant: 'bech32' | 'bech32m';
}

/** Splits and checks a Bech32/Bech32m string (one case only, at most 90 characters), else null. */
export function bech32Decode(text: string): Bech32Parts | null {
  if (text.length > 90 || (text !== text.toLowerCase() && text !== text.toUpperCase())) return null;
  const lower = text.toLowerCase();
  const split = lower.lastIndexOf('1');
  if (split < 1 || split + 7 > lower.length) return null;
  const hrp = lower.slice(0, split);
  if ([...hrp].some((char) => char.charCodeAt(0) < 33 || char.charCodeAt(0) > 126)) return null;
  const data: number[] = [];
  for (const char of lower.slice(split + 1)) {
    const word = BECH32_CHARSET.indexOf(char);
    if (word < 0) return null;
    data.push(word);
  }
  const check = polymod([...hrpExpand(hrp), ...data]);
  const variant = check === BECH32_CONST ? 'bech32' : check === BECH32M_CONST ? 'bech32m' : null;
  return variant ? { hrp, words: data.slice(0, -6), variant } : null;
}

export function bech32Encode(hrp: string, words: readonly number[], variant: 'bech32' | 'bech32m'): string {
  const values = [...hrpExpand(hrp), ...words, 0, 0, 0, 0, 0, 0];
  const mod = polymod(values) ^ (variant === 'bech32' ? BECH32_CONST : BECH32M_CONST);
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((word) => BECH32_CHARSET[word]).join('')}`;
}

/** Regroups bits (8 -> 5 or 5 -> 8); null when padding is not allowed and the leftovers are not zero. */
export function convertBits(
  data: readonly number[],
  from: number,
  to: number,
  pad: boolean,
): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    if (value < 0 || value >> from !== 0) return null;
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return null;
  }
  return out;
}

/** Keccak-256 of text as hex (Ethereum's hash, not NIST SHA3-256). */
export function keccakHex(text: string): string {
  return Array.from(keccak_256(new TextEncoder().encode(text)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** EIP-55: the 40 hex digits with each letter upper case where the keccak of the lower-case digits has a nibble >= 8. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccakHex(lower);
  return [...lower]
    .map((char, i) => (/[a-f]/.test(char) && parseInt(hash[i] ?? '0', 16) >= 8 ? char.toUpperCase() : char))
    .join('');
}
