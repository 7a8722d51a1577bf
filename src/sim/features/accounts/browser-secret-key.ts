import { Dexie, type EntityTable } from 'dexie';
import { newSecretKey } from './secret-box.ts';

interface StoredKey {
  id: string;
  key: CryptoKey;
}

class KeyDatabase extends Dexie {
  keys!: EntityTable<StoredKey, 'id'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ keys: 'id' });
  }
}

const TOTP_KEY_ID = 'totp';

/**
 * The in-browser simulator's sealing key: a non-extractable AES-GCM CryptoKey, made on first use and
 * kept in an IndexedDB database of its own (beside the event log, never in it). IndexedDB stores the
 * key object itself: scripts can use it but never read its bytes, and an export of the event log
 * (its snapshots, a copied database of the log) holds only sealed seeds. In one transaction, so two
 * tabs opening at once agree on one key.
 */
export async function browserSecretKey(name: string): Promise<CryptoKey> {
  const db = new KeyDatabase(name);
  try {
    const fresh = await newSecretKey();
    return await db.transaction('rw', db.keys, async () => {
      const stored = await db.keys.get(TOTP_KEY_ID);
      if (stored) return stored.key;
      await db.keys.put({ id: TOTP_KEY_ID, key: fresh });
      return fresh;
    });
  } finally {
    db.close();
  }
}
