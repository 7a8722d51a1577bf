import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { EventStore } from '../../../../src/sim/store/event-store.ts';
import { LateEventLog } from '../../../../src/sim/store/late-event-log.ts';

let counter = 0;
const openDexie = () => new EventStore({ name: `late-log-${++counter}`, indexedDB, IDBKeyRange });
const tick = (i: number) => ({ type: 'tick', at: 1000 + i, data: String(i) });

describe('LateEventLog', () => {
  it('loads nothing until it is first used, then loads once', async () => {
    let loads = 0;
    const log = new LateEventLog(async () => {
      loads += 1;
      return openDexie();
    });
    await Promise.resolve();
    expect(loads).toBe(0);
    await log.setSetting('speed', 60);
    expect(await log.getSetting('speed')).toBe(60);
    await log.loaded();
    expect(loads).toBe(1);
    (await log.loaded()).close();
  });

  it('hands calls made before the log loaded to it in the order they were made', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const log = new LateEventLog(async () => {
      await gate;
      return openDexie();
    });
    const first = log.appendRaw('feed', [tick(0), tick(1)]);
    const second = log.commit('ledger', [tick(2)]);
    const third = log.appendRaw('feed', [tick(3)]);
    release();
    // The log numbers writes in the order it gets them.
    expect(await first).toEqual([1, 2]);
    expect(await second).toBe(3);
    expect(await third).toEqual([4]);
    expect((await log.readEvents(1)).map((row) => row.data)).toEqual(['0', '1', '2', '3']);
    (await log.loaded()).close();
  });

  it('fails every call with the load error when the log does not load', async () => {
    const log = new LateEventLog<EventStore>(() => Promise.reject(new Error('chunk did not load')));
    await expect(log.getSetting('speed')).rejects.toThrow('chunk did not load');
    await expect(log.answerOf('r1')).rejects.toThrow('chunk did not load');
    expect(() => log.close()).not.toThrow();
  });

  it('closes the loaded log, and closing before any use loads nothing', async () => {
    let loads = 0;
    const unused = new LateEventLog(async () => {
      loads += 1;
      return openDexie();
    });
    unused.close();
    await Promise.resolve();
    expect(loads).toBe(0);

    const store = openDexie();
    const log = new LateEventLog(async () => store);
    await log.setSetting('k', 'v');
    log.close();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.db.isOpen()).toBe(false);
  });
});
