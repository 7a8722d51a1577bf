/**
 * A user's deposit address on a chain: deterministic (the same user and chain always get the same
 * one, across reloads), different for every user and chain, and shaped like the chain's addresses.
 * They are the simulator's own, display-only: no chain checks their checksums.
 */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const HEX = '0123456789abcdef';

function stream(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619) >>> 0;
  return () => {
    // xorshift32: plenty for picking address characters.
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

function pick(alphabet: string, length: number, next: () => number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[next() % alphabet.length];
  return out;
}

export function depositAddressOf(userId: number, chain: string): { address: string; memo: string } {
  const next = stream(`tessera:${userId}:${chain}`);
  switch (chain) {
    case 'TRC20':
      return { address: `T${pick(BASE58, 33, next)}`, memo: '' };
    case 'ERC20':
      return { address: `0x${pick(HEX, 40, next)}`, memo: '' };
    case 'BTC':
      return { address: `bc1q${pick(BECH32, 38, next)}`, memo: '' };
    case 'XRP':
      // One shared address; the memo (destination tag) tells users apart.
      return { address: `r${pick(BASE58, 33, stream('tessera:xrp'))}`, memo: String(100_000 + userId) };
    default:
      return { address: `${chain.toLowerCase()}1${pick(BECH32, 38, next)}`, memo: '' };
  }
}
