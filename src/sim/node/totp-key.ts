import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { importSecretKey, newSecretKey } from '../features/accounts/secret-box.ts';

/** Where the server's TOTP sealing key comes from (options.ts: TESSERA_TOTP_KEY, --totp-key-file). */
export interface TotpKeySource {
  /** 32 bytes in base64, from the environment (TESSERA_TOTP_KEY): wins over any file. */
  envKey: string | undefined;
  /** A file holding the key in base64; omitted: <data>/totp.key, made on the first start. */
  keyFile: string | undefined;
  /** The data directory (':memory:' keeps nothing, and then the key neither). */
  data: string;
}

function keyBytes(text: string, where: string): Uint8Array<ArrayBuffer> {
  const bytes = Uint8Array.from(Buffer.from(text.trim(), 'base64'));
  if (bytes.length !== 32) throw new Error(`${where} must hold 32 bytes in base64 (an AES-256 key)`);
  return bytes;
}

/**
 * The AES-256-GCM key that seals the users' TOTP seeds in the event log (secret-box.ts). Kept apart
 * from the log on purpose: a copy of the database (a backup, a PostgreSQL dump) without the key
 * holds no usable seed. From the environment when TESSERA_TOTP_KEY is set (a deployment of several
 * processes gives each the same one), else from the key file, which the first start writes (mode
 * 0600) when it is missing. Losing the key loses every enrolled seed: users then sign in with a
 * recovery code and enrol again.
 */
export async function loadTotpKey(
  source: TotpKeySource,
  told: (event: string, fields: Record<string, string>) => void,
): Promise<CryptoKey> {
  if (source.envKey) return importSecretKey(keyBytes(source.envKey, 'TESSERA_TOTP_KEY'));
  const file = source.keyFile ?? (source.data === ':memory:' ? null : join(source.data, 'totp.key'));
  if (file === null) return newSecretKey();
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === null) {
    const made = crypto.getRandomValues(new Uint8Array(32));
    mkdirSync(dirname(file), { recursive: true });
    // 'wx': two servers starting at once on one directory never overwrite each other's key.
    writeFileSync(file, `${Buffer.from(made).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    told('totp_key_created', { file });
    text = readFileSync(file, 'utf8');
  }
  return importSecretKey(keyBytes(text, file));
}
