import type { SettingRow, SettingValue } from './database.ts';
import type { EventLog } from './event-log.ts';

/** The settings table of the simulator's database (database.ts `kv`, keyed by `key`). */
const SETTINGS_TABLE = 'kv';

/** Some settings as they stood at one instant: a key with no row maps to undefined. */
export type SettingsSnapshot = ReadonlyMap<string, SettingValue | undefined>;

/**
 * Reads `keys` of the simulator database's settings in one read-only IndexedDB transaction, with the
 * browser's own API rather than Dexie: a returning profile's worker reads what its market opens
 * with while Dexie (the rest of the log's reads and every write) has not loaded yet.
 *
 * Null when there is nothing to read that way: no such database (its creation is aborted, so this
 * creates nothing), no settings table, or any failure. The connection closes as soon as the
 * transaction is done, and at once if another connection (Dexie's) asks to upgrade the database.
 */
export function readSettingsSnapshot(
  factory: IDBFactory,
  name: string,
  keys: readonly string[],
): Promise<SettingsSnapshot | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name);
    } catch {
      resolve(null);
      return;
    }
    // Asked with no version, an open upgrades only a database that does not exist: leave it so.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      try {
        if (!db.objectStoreNames.contains(SETTINGS_TABLE)) {
          db.close();
          resolve(null);
          return;
        }
        const transaction = db.transaction(SETTINGS_TABLE, 'readonly');
        const table = transaction.objectStore(SETTINGS_TABLE);
        const values = new Map<string, SettingValue | undefined>();
        for (const key of keys) {
          const get = table.get(key);
          get.onsuccess = () => values.set(key, (get.result as SettingRow | undefined)?.value);
        }
        transaction.oncomplete = () => {
          db.close();
          resolve(values.size === keys.length ? values : null);
        };
        transaction.onabort = () => {
          db.close();
          resolve(null);
        };
      } catch {
        db.close();
        resolve(null);
      }
    };
  });
}

/**
 * A log's settings whose first reads are answered from a snapshot taken just before: the keys it
 * holds read as they stood then, until anything is written through it or `expire()` is called,
 * after which every read is the log's. Every other key, and every write, goes to the log.
 * Only sound while nothing else writes the log's settings: the worker's first stage, before any
 * route that writes them is served.
 */
export class SnapshotSettings {
  private current = true;

  constructor(
    private readonly log: Pick<EventLog, 'getSetting' | 'setSetting'>,
    private readonly snapshot: SettingsSnapshot,
  ) {}

  getSetting(key: string): Promise<SettingValue | undefined> {
    if (this.current && this.snapshot.has(key)) return Promise.resolve(this.snapshot.get(key));
    return this.log.getSetting(key);
  }

  setSetting(key: string, value: SettingValue): Promise<void> {
    this.current = false;
    return this.log.setSetting(key, value);
  }

  /** From now on every read is the log's. */
  expire(): void {
    this.current = false;
  }
}
