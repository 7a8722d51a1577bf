import type { PasswordHash } from './state.ts';

/**
 * Salted PBKDF2-SHA-256 through WebCrypto (present in workers and in Node 20), the way a real server
 * stores passwords: the log and its snapshots never hold one in clear.
 */
const HASH_BITS = 256;

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, [
    'deriveBits',
  ]);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    key,
    HASH_BITS,
  );
  return toHex(new Uint8Array(bits));
}

export async function hashPassword(
  password: string,
  salt: Uint8Array,
  iterations: number,
): Promise<PasswordHash> {
  const saltCopy = new Uint8Array(salt);
  return { iterations, salt: toHex(saltCopy), hash: await derive(password, saltCopy, iterations) };
}

/** Compares in constant time, so the time taken says nothing about how much of the hash matched. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const candidate = await derive(password, fromHex(stored.salt), stored.iterations);
  if (candidate.length !== stored.hash.length) return false;
  let difference = 0;
  for (let index = 0; index < candidate.length; index++) {
    difference |= candidate.charCodeAt(index) ^ stored.hash.charCodeAt(index);
  }
  return difference === 0;
}
