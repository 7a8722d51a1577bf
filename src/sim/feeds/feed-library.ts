import { Dexie, type DexieOptions, type EntityTable, type Table } from 'dexie';
import { decodeFeed } from './feed-format.ts';
import type { FeedHeader, RecordedFeed } from './recorded-feed.ts';

/** A stored feed's description; its ticks live in chunks. */
export interface FeedRow {
  id: number;
  /** A name unique in the library, e.g. "btc-usdt-sample". */
  name: string;
  header: FeedHeader;
  tickCount: number;
  firstTime: number;
  lastTime: number;
}

/** Up to CHUNK_TICKS consecutive ticks of one feed. */
export interface FeedChunkRow {
  feedId: number;
  index: number;
  times: Float64Array;
  prices: Float64Array;
}

/** Ticks per stored chunk: an hour of one-second ticks (about 56 kB). */
export const CHUNK_TICKS = 3_600;

class FeedDatabase extends Dexie {
  feeds!: EntityTable<FeedRow, 'id'>;
  chunks!: Table<FeedChunkRow, [number, number]>;

  constructor(name: string, options: Pick<DexieOptions, 'indexedDB' | 'IDBKeyRange'>) {
    super(name, {
      ...(options.indexedDB ? { indexedDB: options.indexedDB } : {}),
      ...(options.IDBKeyRange ? { IDBKeyRange: options.IDBKeyRange } : {}),
    });
    this.version(1).stores({
      feeds: '++id, &name',
      // [feedId+index] reads one feed's chunks in order.
      chunks: '[feedId+index]',
    });
  }
}

export interface FeedLibraryOptions {
  /** Database name; default "tessera-feeds". */
  name?: string;
  /** An IndexedDB implementation (fake-indexeddb in tests); defaults to the global one. */
  indexedDB?: DexieOptions['indexedDB'];
  IDBKeyRange?: DexieOptions['IDBKeyRange'];
}

/**
 * Recorded feeds stored in their own small IndexedDB database ("tessera-feeds"), apart from the
 * exchange's event log: a feed is input data, not something that happened on the exchange.
 */
export class FeedLibrary {
  private readonly db: FeedDatabase;

  constructor(options: FeedLibraryOptions = {}) {
    this.db = new FeedDatabase(options.name ?? 'tessera-feeds', options);
  }

  /** Decodes a .feed.gz file and stores it under `name`, replacing a feed of that name. */
  async importFile(name: string, file: Uint8Array): Promise<number> {
    return this.save(name, decodeFeed(file));
  }

  async save(name: string, feed: RecordedFeed): Promise<number> {
    const { db } = this;
    return db.transaction('rw', db.feeds, db.chunks, async () => {
      const existing = await db.feeds.where('name').equals(name).first();
      if (existing) await this.deleteNow(existing.id);
      const { times, prices } = feed;
      const id = await db.feeds.add({
        name,
        header: feed.header,
        tickCount: times.length,
        firstTime: times[0]!,
        lastTime: times[times.length - 1]!,
      });
      const chunks: FeedChunkRow[] = [];
      for (let from = 0, index = 0; from < times.length; from += CHUNK_TICKS, index++) {
        chunks.push({
          feedId: id,
          index,
          times: times.slice(from, from + CHUNK_TICKS),
          prices: prices.slice(from, from + CHUNK_TICKS),
        });
      }
      await db.chunks.bulkAdd(chunks);
      return id;
    });
  }

  async list(): Promise<FeedRow[]> {
    return this.db.feeds.orderBy('id').toArray();
  }

  /** A stored feed with all its ticks, or undefined if there is none of that name. */
  async load(name: string): Promise<RecordedFeed | undefined> {
    const { db } = this;
    return db.transaction('r', db.feeds, db.chunks, async () => {
      const row = await db.feeds.where('name').equals(name).first();
      if (!row) return undefined;
      const chunks = await db.chunks
        .where('[feedId+index]')
        .between([row.id, 0], [row.id, Infinity], true, true)
        .toArray();
      const times = new Float64Array(row.tickCount);
      const prices = new Float64Array(row.tickCount);
      let at = 0;
      for (const chunk of chunks) {
        times.set(chunk.times, at);
        prices.set(chunk.prices, at);
        at += chunk.times.length;
      }
      if (at !== row.tickCount)
        throw new Error(`feed ${name} is incomplete: ${at} of ${row.tickCount} ticks`);
      return { header: row.header, times, prices };
    });
  }

  async delete(name: string): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.feeds, db.chunks, async () => {
      const row = await db.feeds.where('name').equals(name).first();
      if (row) await this.deleteNow(row.id);
    });
  }

  close(): void {
    this.db.close();
  }

  private async deleteNow(id: number): Promise<void> {
    await this.db.chunks.where('[feedId+index]').between([id, 0], [id, Infinity], true, true).delete();
    await this.db.feeds.delete(id);
  }
}
