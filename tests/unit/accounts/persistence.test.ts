import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/sim/clock.ts';
import { Accounts } from '../../../src/sim/features/accounts/accounts.ts';
import { DEMO_ACCOUNT, POLICY } from '../../../src/sim/features/accounts/policy.ts';
import { DexieImageStore } from '../../../src/sim/features/accounts/uploads.ts';
import type { EventStore } from '../../../src/sim/store/event-store.ts';
import { freshStore, OUTBOX, PNG, START, startAccounts } from './harness.ts';

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const item of opened.splice(0)) item.close();
});

function images(name: string): DexieImageStore {
  const store = new DexieImageStore({ name, indexedDB, IDBKeyRange });
  opened.push(store);
  return store;
}

describe('accounts survive a reload (Dexie event log)', () => {
  it('rebuilds users, sessions, codes and uploads from the log, and seeds the demo account once', async () => {
    const store: EventStore = freshStore();
    opened.push(store);
    const clock = new ManualClock(START);
    const first = await startAccounts({ store, clock, images: images('img-1') });
    await first.register('ada@example.com');
    const token = await first.login('ada@example.com');
    const url = (
      (await first.call('common/image_upload', { file: new Blob([PNG], { type: 'image/png' }) }, token))
        .data as { url: string }
    ).url;
    await first.call(
      'pay_method/save',
      { type: 2, raw_data: { real_name: 'Ada', account: 'ada', qrcode: url } },
      token,
    );
    clock.advance(POLICY.codeIntervalMs);
    expect(
      (await first.call('notify/send_email', { to: 'ada@example.com', type: 2, outbox_key: OUTBOX })).code,
    ).toBe(1);
    const resetCode = await first.codeFor('ada@example.com');

    // A new worker: same database, fresh memory, new object URLs.
    const second = await startAccounts({ store, clock, images: images('img-1') });
    const users = [...second.accounts.state().users.values()];
    expect(users.filter((user) => user.email === DEMO_ACCOUNT.email)).toHaveLength(1);
    expect((await second.call('user/info', {}, token)).data).toMatchObject({ email: 'ada@example.com' });
    const method = (await second.call('pay_method/get_method_by_type', { type: 2 }, token)).data as {
      raw_data: { qrcode: string };
    };
    expect(method.raw_data.qrcode).toMatch(/^blob:test\//);
    const reset = await second.call('user/forget_password', {
      account: 'ada@example.com',
      new_password: 'Fresh2026',
      secondary_password: 'Fresh2026',
      type: 'email',
      auth_code: resetCode,
    });
    expect(reset.code).toBe(1);
  });

  it('stores password hashes, never passwords', async () => {
    const store = freshStore();
    opened.push(store);
    const accounts = await Accounts.open({
      store,
      clock: new ManualClock(START),
      policy: { passwordIterations: 1_000 },
    });
    expect(accounts.state().users.size).toBe(1);
    const rows = await store.readEvents(1);
    expect(rows.map((row) => row.type)).toEqual(['UserRegistered', 'DemoFundsGranted']);
    expect(rows.map((row) => row.data).join('')).not.toContain(DEMO_ACCOUNT.password);
  });
});
