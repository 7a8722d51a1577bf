import type { ProblemCode } from '../validation/problem.ts';
import { charCount, clean } from '../validation/text.ts';
import type { ChainCode } from './chains.ts';
import { base58CheckPayload, bech32Decode, convertBits, eip55 } from './checksums.ts';

/**
 * Whether a withdrawal address can be right for its chain, checked the same way by
 * the bind form and by the server:
 * - TRC20 (TRON): Base58Check, 34 characters starting with T, version byte 0x41 and 20 bytes.
 * - ERC20 (Ethereum): 0x and 40 hex digits; when the letters mix cases, they must be the EIP-55
 *   checksum (all lower or all upper case carries no checksum and is accepted).
 * - BTC: Base58Check with version 0x00 (1..., P2PKH) or 0x05 (3..., P2SH) and 20 bytes, or a SegWit
 *   address bc1... (BIP-173 Bech32 for version 0 with a 20- or 32-byte program, BIP-350 Bech32m for
 *   versions 1 to 16 with 2 to 40 bytes).
 * emptyAddress when nothing is typed, badAddress when the shape is wrong for the chain,
 * addressChecksum when the shape is right but the checksum fails (a typo).
 */
export type AddressProblem = 'emptyAddress' | 'badAddress' | 'addressChecksum';

const TRON_VERSION = 0x41;
const BTC_P2PKH = 0x00;
const BTC_P2SH = 0x05;

function tronProblem(address: string): AddressProblem | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return 'badAddress';
  const payload = base58CheckPayload(address);
  if (!payload) return 'addressChecksum';
  return payload.length === 21 && payload[0] === TRON_VERSION ? null : 'badAddress';
}

function ethereumProblem(address: string): AddressProblem | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'badAddress';
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return null;
  return eip55(digits) === digits ? null : 'addressChecksum';
}

function segwitProblem(address: string): AddressProblem | null {
  if (!/^(bc1|BC1)[02-9ac-hj-np-zAC-HJ-NP-Z]{8,87}$/.test(address)) return 'badAddress';
  const parts = bech32Decode(address);
  if (!parts) return 'addressChecksum';
  if (parts.hrp !== 'bc' || parts.words.length < 1) return 'badAddress';
  const [version = -1, ...rest] = parts.words;
  const program = convertBits(rest, 5, 8, false);
  if (!program || version > 16) return 'badAddress';
  if (version === 0) {
    if (parts.variant !== 'bech32') return 'addressChecksum';
    return program.length === 20 || program.length === 32 ? null : 'badAddress';
  }
  if (parts.variant !== 'bech32m') return 'addressChecksum';
  return program.length >= 2 && program.length <= 40 ? null : 'badAddress';
}

function bitcoinProblem(address: string): AddressProblem | null {
  if (/^bc1/i.test(address)) return segwitProblem(address);
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return 'badAddress';
  const payload = base58CheckPayload(address);
  if (!payload) return 'addressChecksum';
  const version = payload[0];
  return payload.length === 21 && (version === BTC_P2PKH || version === BTC_P2SH) ? null : 'badAddress';
}

/** The problem with an address for a chain (after trimming), or null when it is valid. */
export function addressProblem(chain: ChainCode, raw: string): AddressProblem | null {
  const address = clean(raw);
  if (address === '') return 'emptyAddress';
  switch (chain) {
    case 'TRC20':
      return tronProblem(address);
    case 'ERC20':
      return ethereumProblem(address);
    case 'BTC':
      return bitcoinProblem(address);
  }
}

/**
 * The form an address is stored and compared in: trimmed; SegWit lower-cased (Bech32 is
 * case-insensitive), Ethereum in its EIP-55 form (hex is case-insensitive), Base58 as typed (its
 * case is meaningful). Two spellings of one address are thus one bound address.
 */
export function canonicalAddress(chain: ChainCode, raw: string): string {
  const address = clean(raw);
  if (chain === 'ERC20' && /^0x[0-9a-fA-F]{40}$/.test(address)) return `0x${eip55(address.slice(2))}`;
  if (chain === 'BTC' && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}

/** A label names an address for its owner: optional, at most 30 characters, no control characters. */
export const LABEL_MAX = 30;

export function labelProblem(raw: string): ProblemCode | null {
  const label = clean(raw);
  if (charCount(label) > LABEL_MAX) return 'longLabel';
  // Control characters would break the list layout and the log.
  return /\p{Cc}/u.test(label) ? 'badLabel' : null;
}
