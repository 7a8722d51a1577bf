import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../../../../src/sim/store/event-store.ts';
import { openStore } from './ledger-fixture.ts';

const opened: EventStore[] = [];
function freshStore(name?: string): EventStore {
  const store = openStore(name);
  opened.push(store);
  return store;
}

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

const tick = (i: number) => ({ type: 'tick', at: 1000 + i, data: JSON.stringify({ price: 100 + i }) });

describe('EventStore', () => {
  it('appends raw events with increasing seqs and reads them back in order', async () => {
    const store = freshStore();
    const seqs = await store.appendRaw('feed', [tick(0), tick(1), tick(2)]);
    expect(seqs).toEqual([1, 2, 3]);
    const rows = await store.readEvents(2);
    expect(rows.map((row) => [row.seq, row.stream, row.type, row.at])).toEqual([
      [2, 'feed', 'tick', 1001],
      [3, 'feed', 'tick', 1002],
    ]);
    expect(await store.appendRaw('feed', [])).toEqual([]);
  });

  it('reads one stream only, from a seq, with a limit', async () => {
    const store = freshStore();
    await store.appendRaw('a', [tick(0)]);
    await store.appendRaw('b', [tick(1)]);
    await store.appendRaw('a', [tick(2), tick(3)]);
    expect((await store.readEvents(1, { stream: 'a' })).map((row) => row.seq)).toEqual([1, 3, 4]);
    expect((await store.readEvents(2, { stream: 'a' })).map((row) => row.seq)).toEqual([3, 4]);
    expect((await store.readEvents(1, { stream: 'a', limit: 2 })).map((row) => row.seq)).toEqual([1, 3]);
    expect((await store.readEvents(1, { limit: 3 })).map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(await store.readEvents(1, { stream: 'missing' })).toEqual([]);
  });

  it('commits events and the snapshot in one transaction', async () => {
    const store = freshStore();
    const last = await store.commit('main', [tick(0), tick(1)], '"state"');
    expect(last).toBe(2);
    const history = await store.readHistory('main');
    expect(history.snapshot).toEqual({ name: 'main', seq: 2, state: '"state"' });
    expect(history.events).toEqual([]);
    await store.commit('main', [tick(2)]);
    expect((await store.readHistory('main')).events.map((row) => row.seq)).toEqual([3]);
    await expect(store.commit('main', [])).rejects.toThrow(RangeError);
  });

  it('stores nothing when a write in the batch fails', async () => {
    const store = freshStore();
    store.db.events.hook('creating', (_key, row) => {
      if (row.type === 'poison') throw new Error('injected failure');
    });
    await expect(store.commit('main', [tick(0), { ...tick(1), type: 'poison' }], '"s"')).rejects.toThrow();
    await expect(store.appendRaw('main', [tick(0), { ...tick(1), type: 'poison' }])).rejects.toThrow();
    expect(await store.readEvents(0)).toEqual([]);
    expect(await store.db.snapshots.count()).toBe(0);
  });

  it('keeps settings across reopening', async () => {
    const name = 'tessera-settings-test';
    const store = freshStore(name);
    expect(await store.getSetting('speed')).toBeUndefined();
    await store.setSetting('speed', 10);
    await store.setSetting('pairs', { enabled: ['BTC/USDT', 'ETH/USDT'] });
    store.close();
    const reopened = freshStore(name);
    expect(await reopened.getSetting('speed')).toBe(10);
    expect(await reopened.getSetting('pairs')).toEqual({ enabled: ['BTC/USDT', 'ETH/USDT'] });
    await reopened.delete();
  });
});
