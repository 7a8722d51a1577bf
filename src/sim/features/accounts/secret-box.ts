/**
 * Secrets the server must read again (the TOTP seeds) are kept sealed: AES-256-GCM, a fresh 96-bit
 * IV per seal, the user id as additional data so a sealed seed copied onto another user's record
 * does not open. The log and its snapshots hold only `v1.<iv>.<ciphertext>` (base64); the key lives
 * outside the log (the Node server: TESSERA_TOTP_KEY or a key file, node/totp-key.ts; the browser's
 * simulator: a non-extractable CryptoKey in its own IndexedDB database, browser-secret-key.ts).
 */
export interface SecretBox {
  seal(plain: string, owner: number): Promise<string>;
  /** The plain text, or null when the sealed text is damaged or was sealed for another owner or key. */
  open(sealed: string, owner: number): Promise<string | null>;
}

const VERSION = 'v1';

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    const raw = atob(text);
    return Uint8Array.from(raw, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

function ownerData(owner: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`user:${owner}`);
}

/** The box of one AES-GCM key. */
export function aesGcmBox(key: CryptoKey): SecretBox {
  return {
    async seal(plain, owner) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: ownerData(owner) },
        key,
        new TextEncoder().encode(plain),
      );
      return `${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`;
    },
    async open(sealed, owner) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || ivText === undefined || bodyText === undefined) return null;
      const iv = fromBase64(ivText);
      const body = fromBase64(bodyText);
      if (!iv || !body || iv.length !== 12) return null;
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv, additionalData: ownerData(owner) },
          key,
          body,
        );
        return new TextDecoder().decode(plain);
      } catch {
        return null;
      }
    },
  };
}

/** A key from 32 raw bytes (the server's environment or key file); not extractable again. */
export function importSecretKey(raw: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  if (raw.length !== 32) throw new Error('the TOTP key must be 32 bytes (AES-256)');
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/** A fresh key that never leaves this process (tests, `--data :memory:`, a store without IndexedDB). */
export function newSecretKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** A box whose key is made on first use and kept in memory only: its seals die with the process. */
export function memorySecretBox(): SecretBox {
  return lazySecretBox(newSecretKey);
}

/** A box whose key arrives later (read from IndexedDB or a file while the exchange opens). */
export function lazySecretBox(key: () => Promise<CryptoKey>): SecretBox {
  let box: Promise<SecretBox> | null = null;
  const ready = () => (box ??= key().then(aesGcmBox));
  return {
    seal: async (plain, owner) => (await ready()).seal(plain, owner),
    open: async (sealed, owner) => (await ready()).open(sealed, owner),
  };
}
