/**
 * The signed form of the address-binding service (spec §7 "Separate address-binding service":
 * BindDrawAddress posts `{ data, signature }`; the spec does not say how the signature is made, so
 * this is Tessera's rule, written down once and used by both the client and the server):
 *
 * 1. The server hands each session a key (`address/session_key`): 32 random bytes as 64 hex digits,
 *    bound to that session's token and valid as long as the session.
 * 2. The string to sign lists every field of `data` sorted by name (UTF-16 code-unit order), each as
 *    `name=value`, joined with `&`. Values are the exact strings sent (numbers in decimal), not
 *    URL-encoded; no field may be left out, and no other field may be added.
 * 3. signature = lower-case hex of HMAC-SHA256(key bytes, UTF-8 of that string).
 *
 * `timestamp` is whole seconds of the server's clock (the simulator's simulated clock), taken from
 * the session-key answer just before signing; the server refuses forms older or newer than
 * SIGNATURE_MAX_SKEW_SECONDS. Together with the single-use code, a captured form cannot be replayed.
 */
export interface SignedAddressData {
  user_id: number;
  address: string;
  coin_name: string;
  contract_address: string;
  verificationcode: string;
  timestamp: number;
  label: string;
}

export const SIGNED_FIELDS = [
  'address',
  'coin_name',
  'contract_address',
  'label',
  'timestamp',
  'user_id',
  'verificationcode',
] as const satisfies ReadonlyArray<keyof SignedAddressData>;

/** How far a form's timestamp may be from the server's clock, in (simulated) seconds. */
export const SIGNATURE_MAX_SKEW_SECONDS = 300;

/** The string that is signed: every field sorted by name, `name=value`, joined with `&`. */
/** Fields of a form to sign: every value a string or a number. */
export type Signable<T> = { readonly [K in keyof T]: string | number };

export function stringToSign<T extends Signable<T>>(data: T): string {
  const fields: Readonly<Record<string, string | number>> = data;
  return Object.keys(fields)
    .sort()
    .map((name) => `${name}=${String(fields[name])}`)
    .join('&');
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** A session key as the contract sends it: 64 lower-case hex digits. */
export function isSessionKey(key: string): boolean {
  return /^[0-9a-f]{64}$/.test(key);
}

/** HMAC-SHA256 (WebCrypto) of the form's string to sign under the session key, as lower-case hex. */
export async function signAddressData<T extends Signable<T>>(keyHex: string, data: T): Promise<string> {
  if (!isSessionKey(keyHex)) throw new RangeError('the session key must be 64 hex digits');
  const key = await crypto.subtle.importKey(
    'raw',
    hexBytes(keyHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(stringToSign(data)));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether a signature is the right one, compared in constant time. */
export async function verifyAddressSignature<T extends Signable<T>>(
  keyHex: string,
  data: T,
  signature: string,
): Promise<boolean> {
  if (!isSessionKey(keyHex) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = await signAddressData(keyHex, data);
  let diff = 0;
  for (let i = 0; i < expected.length; i += 1) diff |= expected.charCodeAt(i) ^ signature.charCodeAt(i);
  return diff === 0;
}

/** The form's timestamp from the server's clock in ms. */
export function signatureTimestamp(serverNowMs: number): number {
  return Math.floor(serverNowMs / 1000);
}

/** Whether a form's timestamp is close enough to the server's clock. */
export function isFreshTimestamp(timestamp: number, serverNowMs: number): boolean {
  return (
    Number.isInteger(timestamp) &&
    Math.abs(signatureTimestamp(serverNowMs) - timestamp) <= SIGNATURE_MAX_SKEW_SECONDS
  );
}
