import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/api/envelope.ts';
import { firstMovingTrade } from '../../../src/domain/alerts/move-alert.ts';
import { alertFires } from '../../../src/domain/alerts/price-alert.ts';
import { alertTradeOf } from '../../../src/sim/features/alerts/price-alerts.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import { registerUser, spotFixture, type SpotFixture } from '../spot/sim-fixture.ts';

/**
 * Price alerts in the simulator that the browser's worker and `npm run server` both run: set through
 * alert/add, fired once by the first public trade through their price, kept across a restart, and
 * every bad or foreign request refused with no state change.
 */
type AlertRow = {
  id: number;
  direction: 1 | 2 | 3;
  price: string;
  percent: string | null;
  window: number | null;
  status: 0 | 1;
  trade: { id: number; price: string; time: number } | null;
};

const BTC = 1;
const tick = 0.01;

async function withUser(options: { store?: EventStore } = {}) {
  const f = await spotFixture(options);
  const token = await f.login();
  const send = (path: string, payload: Record<string, unknown> = {}, requestId?: string, as = token) =>
    f.simulator.server.handle({
      method: path === 'alert/list' ? 'GET' : 'POST',
      path,
      payload,
      headers: { lang: 'en', authorization: as },
      timeoutMs: 20_000,
      ...(requestId ? { requestId } : {}),
    });
  const list = async (as = token) => (await send('alert/list', {}, undefined, as)).data as AlertRow[];
  const last = () => f.simulator.market.market.pair(BTC)!.lastPrice() / 100;
  return { f, token, send, list, last };
}

/** Runs the market until every alert fired, or 30 simulated minutes passed. */
async function runUntilFired(f: SpotFixture, list: () => Promise<AlertRow[]>) {
  for (let minute = 0; minute < 30; minute++) {
    if ((await list()).every((alert) => alert.status === 1)) return;
    await f.run(60_000);
  }
}

function expectRefused(answer: Envelope, message: RegExp) {
  expect(answer.code).toBe(0);
  expect(answer.msg).toMatch(message);
}

describe('price alerts in the simulator', () => {
  it('fire once, on the first trade of the tape at or through their price after they were set', async () => {
    const { f, send, list, last } = await withUser();
    const price = last();
    const up = await send('alert/add', {
      currency_match_id: BTC,
      direction: 1,
      price: (price + 3 * tick).toFixed(2),
    });
    const down = await send('alert/add', {
      currency_match_id: BTC,
      direction: 2,
      price: (price - 3 * tick).toFixed(2),
    });
    expect(up.code, up.msg).toBe(1);
    expect(down.code, down.msg).toBe(1);
    const setAfter = f.simulator.alerts.lastTrade(BTC)!.id;

    await runUntilFired(f, list);
    const fired = await list();
    expect(fired.map((alert) => alert.status)).toEqual([1, 1]);
    // Each cites the first trade after it was set that reached its price; no earlier trade did.
    const tape = f.simulator.alerts['tape'].after(BTC, setAfter).map((trade) => alertTradeOf(BTC, trade)!);
    for (const alert of fired) {
      const direction = alert.direction === 1 ? 'rises' : 'falls';
      const target = BigInt(Math.round(Number(alert.price) * 100)) * 10n ** 6n;
      const first = tape.find((trade) => alertFires(direction, target, trade.price))!;
      expect(alert.trade).toMatchObject({ id: first.id, time: first.time });
      expect(BigInt(Math.round(Number(alert.trade!.price) * 100)) * 10n ** 6n).toBe(first.price);
    }
    // The market runs on; a fired alert stays as it fired.
    await f.run(120_000);
    expect(await list()).toEqual(fired);
  });

  it('fire a move alert once, on the first trade that moved its percent within its window after it was set', async () => {
    const { f, send, list } = await withUser();
    const from = f.simulator.alerts.lastTrade(BTC)!;
    const set = await send('alert/add', { currency_match_id: BTC, direction: 3, percent: '0.1', window: 5 });
    expect(set.code, set.msg).toBe(1);
    expect(set.data).toMatchObject({ direction: 3, percent: '0.10', window: 5, status: 0, trade: null });

    await runUntilFired(f, list);
    const [alert] = await list();
    expect(alert!.status).toBe(1);
    const tape = f.simulator.alerts['tape'].after(BTC, from.id).map((trade) => alertTradeOf(BTC, trade)!);
    const first = firstMovingTrade(10n, 5 * 60_000, [from, ...tape])!;
    expect(alert!.trade).toMatchObject({ id: first.id, time: first.time });
    await f.run(120_000);
    expect(await list()).toEqual([alert]);
  });

  it('refuses a move alert with a percent out of bounds or too fine, a window not offered, and changes nothing', async () => {
    const { send, list } = await withUser();
    const add = (payload: Record<string, unknown>) =>
      send('alert/add', { currency_match_id: BTC, direction: 3, ...payload });
    expectRefused(await add({ percent: '0.09', window: 5 }), /at least 0\.1 %/);
    expectRefused(await add({ percent: '50.01', window: 60 }), /at most 50 %/);
    expectRefused(await add({ percent: '1.234', window: 60 }), /percent above zero with at most 2 decimals/);
    expectRefused(await add({ percent: '0', window: 60 }), /percent above zero/);
    expectRefused(await add({ window: 60 }), /percent above zero/);
    expectRefused(await add({ percent: '2', window: 30 }), /5, 15, 60 or 240 minutes/);
    expectRefused(await add({ percent: '2' }), /5, 15, 60 or 240 minutes/);
    expect(await list()).toEqual([]);
  });

  it('refuses a price on the wrong side, too fine, zero, on an unknown pair, past 20 waiting, and changes nothing', async () => {
    const { send, list, last } = await withUser();
    const price = last();
    const add = (direction: number, text: string, pair = BTC) =>
      send('alert/add', { currency_match_id: pair, direction, price: text });
    expectRefused(await add(1, price.toFixed(2)), /rises to.*above the last trade/);
    expectRefused(await add(1, (price - tick).toFixed(2)), /above the last trade/);
    expectRefused(await add(2, price.toFixed(2)), /below the last trade/);
    expectRefused(await add(2, (price + tick).toFixed(2)), /below the last trade/);
    expectRefused(await add(1, `${(price + 1).toFixed(2)}1`), /at most 2 decimals/);
    expectRefused(await add(2, '0'), /above zero/);
    expectRefused(await add(1, '100', 999), /no trading pair with id 999/);
    expect(await list()).toEqual([]);

    for (let i = 1; i <= 20; i++) expect((await add(1, (price * 2 + i).toFixed(2))).code).toBe(1);
    expectRefused(await add(1, (price * 3).toFixed(2)), /at most 20 waiting alerts/);
    expect(await list()).toHaveLength(20);
  });

  it("one user cannot see or remove another's alert", async () => {
    const { f, send, list, last } = await withUser();
    const mine = await send('alert/add', {
      currency_match_id: BTC,
      direction: 1,
      price: (last() * 2).toFixed(2),
    });
    const other = await registerUser(f, `other${Date.now()}@example.com`);
    expect(await list(other)).toEqual([]);
    expectRefused(
      await send('alert/delete', { id: (mine.data as AlertRow).id }, undefined, other),
      /no such alert/,
    );
    expect(await list()).toHaveLength(1);
    // The owner can.
    expect((await send('alert/delete', { id: (mine.data as AlertRow).id })).code).toBe(1);
    expect(await list()).toEqual([]);
  });

  it('a retried set with the same request id sets one alert and answers the same; alerts survive a restart', async () => {
    const name = `alerts-${Math.random()}`;
    const store = new EventStore({ name, indexedDB, IDBKeyRange });
    const { send, list, last } = await withUser({ store });
    const payload = { currency_match_id: BTC, direction: 1, price: (last() * 2).toFixed(2) };
    const first = await send('alert/add', payload, 'retry-1');
    const again = await send('alert/add', payload, 'retry-1');
    expect(again).toEqual(first);
    expect(await list()).toHaveLength(1);

    const reopened = await withUser({ store: new EventStore({ name, indexedDB, IDBKeyRange }) });
    expect(await reopened.list()).toEqual(await list());
  });
});
