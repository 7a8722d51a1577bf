import { Dexie, type DexieOptions, type EntityTable } from 'dexie';

/** One stored event. `seq` is global and strictly increasing across all streams. */
export interface EventRow {
  seq: number;
  /** Which event-sourced aggregate (or recorded feed) the event belongs to. */
  stream: string;
  type: string;
  /** Simulated time of the event, ms since the epoch. */
  at: number;
  /** The event, encoded by the writer's serializer. */
  data: string;
}

/** The state of one stream as of event `seq`, encoded by the writer's serializer. */
export interface SnapshotRow {
  name: string;
  seq: number;
  state: string;
}

/** Small settings (for example the simulation speed) as structured-cloneable plain values. */
export type SettingValue =
  string | number | boolean | null | SettingValue[] | { [key: string]: SettingValue };

/**
 * The answer of one request (exactly once, DESIGN.md): `id` is the request id scoped to its caller,
 * `answer` the envelope as it was first given, `at` the simulated time (old rows are pruned).
 */
export interface RequestRow {
  id: string;
  at: number;
  answer: string;
}

export interface SettingRow {
  key: string;
  value: SettingValue;
}

export interface StoreDatabaseOptions {
  name: string;
  /** An IndexedDB implementation, e.g. fake-indexeddb's in tests; defaults to the global one. */
  indexedDB?: DexieOptions['indexedDB'];
  IDBKeyRange?: DexieOptions['IDBKeyRange'];
  /**
   * Chrome's commit durability. "strict" waits for the disk flush; "relaxed" (Chrome's default)
   * survives a killed tab but not a power cut. Left to the browser unless set.
   */
  durability?: 'default' | 'strict' | 'relaxed';
}

/** The Dexie schema of the simulator's database. */
export class StoreDatabase extends Dexie {
  events!: EntityTable<EventRow, 'seq'>;
  snapshots!: EntityTable<SnapshotRow, 'name'>;
  kv!: EntityTable<SettingRow, 'key'>;
  requests!: EntityTable<RequestRow, 'id'>;

  constructor(options: StoreDatabaseOptions) {
    // Dexie spreads its options over its defaults, so an explicit undefined would erase the default.
    super(options.name, {
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
      ...(options.durability ? { chromeTransactionDurability: options.durability } : {}),
    });
    this.version(1).stores({
      // [stream+seq] reads one stream in log order without scanning the others.
      events: '++seq, [stream+seq]',
      snapshots: 'name',
      kv: 'key',
    });
    this.version(2).stores({ requests: 'id, at' });
  }
}
