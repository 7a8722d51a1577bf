import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstQuotesRequest } from '../../../../src/app/early-backend.ts';
import { FIRST_STAGE_SETTINGS, openFirstStage } from '../../../../src/sim/first-stage.ts';
import { SPEED_SETTING_KEY } from '../../../../src/sim/market/demo-speed.ts';
import { PAUSED_SETTING_KEY, REPLAY_SETTING_KEY } from '../../../../src/sim/replay/replay-control.ts';
import { SIM_NOW_KEY } from '../../../../src/sim/replay/resume-time.ts';
import { loadServerMessages } from '../../../../src/sim/server-messages.ts';
import type { SettingValue } from '../../../../src/sim/store/database.ts';
import { EventStore } from '../../../../src/sim/store/event-store.ts';
import { LateEventLog } from '../../../../src/sim/store/late-event-log.ts';
import { readSettingsSnapshot, SnapshotSettings } from '../../../../src/sim/store/settings-snapshot.ts';

/** The wall clock of every visit here; the build opened a day before. */
const WALL = Date.UTC(2026, 10, 28, 12, 0, 0);
const OPENING_AT = WALL - 86_400_000;
const MINUTE = 60_000;

let databaseCounter = 0;
const opened: EventStore[] = [];
function storeNamed(name = `tessera-snapshot-${++databaseCounter}`): EventStore {
  const store = new EventStore({ name });
  opened.push(store);
  return store;
}

beforeEach(() => {
  // A kept feed that no longer loads is reported, and the exchange opens without it.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const store of opened.splice(0)) store.close();
});

async function databaseNames(): Promise<string[]> {
  return (await indexedDB.databases()).map((database) => database.name ?? '');
}

describe('readSettingsSnapshot', () => {
  it("reads the Dexie log's settings in one go: set keys with their values, the others undefined", async () => {
    const store = storeNamed();
    await store.setSetting(SIM_NOW_KEY, WALL + 5);
    await store.setSetting(REPLAY_SETTING_KEY, { kind: 'live', seed: 7, since: WALL - MINUTE });
    await store.setSetting('other', 'not asked');
    const snapshot = await readSettingsSnapshot(indexedDB, store.db.name, FIRST_STAGE_SETTINGS);
    expect(snapshot && Object.fromEntries(snapshot)).toEqual({
      [SIM_NOW_KEY]: WALL + 5,
      [PAUSED_SETTING_KEY]: undefined,
      [SPEED_SETTING_KEY]: undefined,
      [REPLAY_SETTING_KEY]: { kind: 'live', seed: 7, since: WALL - MINUTE },
    });
    // The log keeps working beside it (the snapshot's connection is closed).
    await store.setSetting(SPEED_SETTING_KEY, 2);
    expect(await store.getSetting(SPEED_SETTING_KEY)).toBe(2);
  });

  it('is null for a database that does not exist, and does not create it', async () => {
    const name = `tessera-snapshot-missing-${++databaseCounter}`;
    expect(await readSettingsSnapshot(indexedDB, name, FIRST_STAGE_SETTINGS)).toBeNull();
    expect(await databaseNames()).not.toContain(name);
    // Dexie then creates it as on a first visit, with every table.
    const store = storeNamed(name);
    await store.setSetting(SIM_NOW_KEY, 1);
    expect(await store.getSetting(SIM_NOW_KEY)).toBe(1);
  });

  it('is null for a database without the settings table', async () => {
    const name = `tessera-snapshot-other-${++databaseCounter}`;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('elsewhere');
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    expect(await readSettingsSnapshot(indexedDB, name, FIRST_STAGE_SETTINGS)).toBeNull();
  });

  it("does not block Dexie's upgrade of an older database it has open", async () => {
    // A database as version 1 of the schema left it (Dexie stores version n as n * 10).
    const name = `tessera-snapshot-v1-${++databaseCounter}`;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, 10);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('events', { keyPath: 'seq', autoIncrement: true });
        db.createObjectStore('snapshots', { keyPath: 'name' });
        db.createObjectStore('kv', { keyPath: 'key' }).put({ key: SIM_NOW_KEY, value: 42 });
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const [snapshot, read] = await Promise.all([
      readSettingsSnapshot(indexedDB, name, FIRST_STAGE_SETTINGS),
      storeNamed(name).getSetting(SIM_NOW_KEY),
    ]);
    expect(read).toBe(42);
    expect(snapshot?.get(SIM_NOW_KEY)).toBe(42);
  });
});

describe('SnapshotSettings', () => {
  it('answers the snapshot until written through or expired, then the log', async () => {
    const store = storeNamed();
    await store.setSetting(SPEED_SETTING_KEY, 4);
    const snapshot = new Map<string, SettingValue | undefined>([
      [SPEED_SETTING_KEY, 2],
      [PAUSED_SETTING_KEY, undefined],
    ]);
    const settings = new SnapshotSettings(store, snapshot);
    expect(await settings.getSetting(SPEED_SETTING_KEY)).toBe(2);
    expect(await settings.getSetting(PAUSED_SETTING_KEY)).toBeUndefined();
    // Not in the snapshot: the log's.
    await store.setSetting('other', 'x');
    expect(await settings.getSetting('other')).toBe('x');
    await settings.setSetting(PAUSED_SETTING_KEY, true);
    expect(await store.getSetting(PAUSED_SETTING_KEY)).toBe(true);
    expect(await settings.getSetting(PAUSED_SETTING_KEY)).toBe(true);
    expect(await settings.getSetting(SPEED_SETTING_KEY)).toBe(4);

    const expiring = new SnapshotSettings(store, snapshot);
    expiring.expire();
    expect(await expiring.getSetting(SPEED_SETTING_KEY)).toBe(4);
  });
});

/** Settings a returning profile may have kept, valid and not. */
const keptSettings = fc.record(
  {
    [SIM_NOW_KEY]: fc.oneof(
      fc.integer({ min: -3 * 60, max: 3 * 60 }).map((minutes) => WALL + minutes * MINUTE + 17),
      fc.constantFrom<SettingValue>('soon', null, { at: WALL }),
    ),
    [PAUSED_SETTING_KEY]: fc.constantFrom<SettingValue>(true, false, 'true', null),
    [SPEED_SETTING_KEY]: fc.constantFrom<SettingValue>(0.5, 1, 2, 60, 7, 0.25, 61, '2'),
    [REPLAY_SETTING_KEY]: fc.oneof(
      fc
        .record({
          seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          since: fc.integer({ min: -600, max: 0 }).map((minutes) => WALL + minutes * MINUTE),
        })
        .map((live): SettingValue => ({ kind: 'live', ...live })),
      fc
        .record({
          // A shipped feed loads; a dropped file the browser cleared does not (the generator stays).
          feed: fc.constantFrom('crash-rebound', 'dropped-file.csv'),
          anchorAt: fc.integer({ min: -120, max: 0 }).map((minutes) => WALL + minutes * MINUTE),
          position: fc.integer({ min: 0, max: 60 * MINUTE }),
        })
        .map((feed): SettingValue => ({ kind: 'feed', seekAt: feed.anchorAt, ...feed })),
      fc.constantFrom<SettingValue>({ kind: 'live' }, 'live', null),
    ),
  },
  { requiredKeys: [] },
);

/** What a returning profile's first stage opened: its clock, its market source, its first quotes. */
async function firstStageOf(store: EventStore, snapshot: boolean) {
  const first = await openFirstStage({
    fresh: false,
    store,
    realNow: () => WALL,
    openingAt: OPENING_AT,
    messages: loadServerMessages,
    ...(snapshot ? { settings: readSettingsSnapshot(indexedDB, store.db.name, FIRST_STAGE_SETTINGS) } : {}),
  });
  const { clock, stage } = first;
  const quotes = await stage.server.handle(firstQuotesRequest('en', ''));
  return {
    now: clock.now(),
    paused: clock.paused,
    speed: clock.speed,
    seed: stage.market.market.generator.seed,
    source: await stage.market.replay?.state(),
    quotes,
  };
}

describe("a returning profile's first stage from one snapshot of its settings", () => {
  it('opens exactly the exchange that reading each setting from the log opens', async () => {
    await fc.assert(
      fc.asyncProperty(keptSettings, async (kept) => {
        const store = storeNamed();
        for (const [key, value] of Object.entries(kept)) await store.setSetting(key, value);
        const oracle = await firstStageOf(store, false);
        const fromSnapshot = await firstStageOf(store, true);
        expect(fromSnapshot).toEqual(oracle);
        // And not the build's opening: a returning profile's clock is its own.
        expect(fromSnapshot.now).toBeGreaterThan(OPENING_AT);
      }),
      { numRuns: 30 },
    );
  }, 120_000);

  it("reads nothing more from the log before its market opens (Dexie's module is not needed)", async () => {
    const store = storeNamed();
    await store.setSetting(SIM_NOW_KEY, WALL - MINUTE);
    await store.setSetting(PAUSED_SETTING_KEY, true);
    await store.setSetting(SPEED_SETTING_KEY, 2);
    await store.setSetting(REPLAY_SETTING_KEY, { kind: 'live', seed: 9, since: WALL - 60 * MINUTE });
    // The worker's log: Dexie's module loads on the log's first use.
    let loads = 0;
    const late = new LateEventLog(() => {
      loads++;
      return Promise.resolve(store);
    });
    const settings = readSettingsSnapshot(indexedDB, store.db.name, FIRST_STAGE_SETTINGS);
    const first = await openFirstStage({
      fresh: false,
      store: late,
      realNow: () => WALL,
      openingAt: OPENING_AT,
      messages: loadServerMessages,
      settings,
    });
    const quotes = await first.stage.server.handle(firstQuotesRequest('en', ''));
    expect(quotes).toMatchObject({ code: 1 });
    expect(loads).toBe(0);
    // Paused a minute before the wall clock, at x2: it resumes exactly there, as it was.
    expect([first.clock.now(), first.clock.paused, first.clock.speed]).toEqual([WALL - MINUTE, true, 2]);
  });
});
