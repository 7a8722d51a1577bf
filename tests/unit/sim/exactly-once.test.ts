import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../../src/api/envelope.ts';
import type { FromSim, ToSim } from '../../../src/api/sim-wire.ts';
import { ManualClock } from '../../../src/sim/clock.ts';
import { DEMO_ACCOUNT } from '../../../src/sim/features/accounts/policy.ts';
import { acquireLeadership, type Leadership, type LockManagerLike } from '../../../src/sim/leader.ts';
import { runTabWorker, type RelayChannel, type RelayMessage } from '../../../src/sim/relay.ts';
import type { SimServerPort } from '../../../src/sim/serve-port.ts';
import { loadServerMessages } from '../../../src/sim/server-messages.ts';
import { createSimulator } from '../../../src/sim/simulator.ts';
import { EventStore } from '../../../src/sim/store/event-store.ts';
import type { EventLog } from '../../../src/sim/store/event-log.ts';
import { deserialize } from '../../../src/sim/store/serialization.ts';
import type { SpotEvent } from '../../../src/sim/features/spot/events.ts';

/**
 * Issue 10 item 2: exactly-once requests across tabs without SharedWorker. Several simulated tabs
 * share one fake-indexeddb, a lock manager and a broadcast bus; each runs the real tab worker
 * (runTabWorker). Tabs send orders; the leader tab is killed at random points (fast-check): its
 * messages stop both ways, its unfinished commits settle (as when a tab's process dies) and its
 * lock is released. Every request of a surviving tab must be answered exactly once, and no request
 * may run twice (each order's price names its request).
 */

const START = Date.UTC(2026, 10, 2, 9, 0, 0);
const TABS = 3;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Exclusive Web Locks in memory: FIFO, held until the callback's promise settles. */
class FakeLocks implements LockManagerLike {
  private held = false;
  private readonly queue: Array<{ callback: (lock: unknown) => Promise<void>; done: (v: unknown) => void }> =
    [];
  request(
    _name: string,
    options: { mode: 'exclusive'; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry = { callback, done: resolve };
      this.queue.push(entry);
      options.signal?.addEventListener('abort', () => {
        const index = this.queue.indexOf(entry);
        if (index < 0) return;
        this.queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.grant();
    });
  }
  private grant(): void {
    if (this.held) return;
    const next = this.queue.shift();
    if (!next) return;
    this.held = true;
    void Promise.resolve()
      .then(() => next.callback({}))
      .finally(() => {
        next.done(undefined);
        this.held = false;
        this.grant();
      });
  }
}

/** A BroadcastChannel bus: asynchronous, structured-cloned, never back to the sender. */
class Bus {
  readonly endpoints = new Set<Endpoint>();
}
class Endpoint implements RelayChannel {
  dead = false;
  private readonly listeners: Array<(event: MessageEvent<RelayMessage>) => void> = [];
  constructor(private readonly bus: Bus) {
    bus.endpoints.add(this);
  }
  postMessage(message: RelayMessage): void {
    if (this.dead) return;
    const copy = structuredClone(message);
    for (const other of this.bus.endpoints) {
      if (other === this) continue;
      setImmediate(() => {
        if (!other.dead)
          other.listeners.forEach((listener) => listener({ data: copy } as MessageEvent<RelayMessage>));
      });
    }
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent<RelayMessage>) => void): void {
    this.listeners.push(listener);
  }
}

/** The tab's end of its worker: what the app sends, and every message the worker posts back. */
class TabPort implements SimServerPort {
  dead = false;
  readonly received: FromSim[] = [];
  private readonly listeners: Array<(event: MessageEvent<ToSim>) => void> = [];
  postMessage(message: FromSim): void {
    if (!this.dead) this.received.push(structuredClone(message));
  }
  addEventListener(_type: 'message', listener: (event: MessageEvent<ToSim>) => void): void {
    this.listeners.push(listener);
  }
  send(message: ToSim): void {
    const copy = structuredClone(message);
    setImmediate(() => {
      if (!this.dead) this.listeners.forEach((listener) => listener({ data: copy } as MessageEvent<ToSim>));
    });
  }
}

/**
 * A tab's event log. A killed tab's process runs nothing more, so once the tab is dead no call of
 * its log ever settles (a rejection would run code of the dead tab: its handlers, and any rejection
 * it leaves unhandled, which a dead process never reports). Calls in flight when it dies are
 * tracked: the browser commits or aborts them before it frees the tab's lock. It wraps the store
 * rather than extending it, so the store's calls to its own methods are not cut off halfway.
 */
class TabStore implements EventLog {
  dead = false;
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly store: EventStore;
  constructor(name: string) {
    this.store = new EventStore({ name, indexedDB, IDBKeyRange });
  }
  private track<T>(call: () => Promise<T>): Promise<T> {
    if (this.dead) return new Promise<T>(() => {});
    const promise = call();
    this.inFlight.add(promise);
    void promise.catch(() => undefined).finally(() => this.inFlight.delete(promise));
    // What settles after the tab died is never heard by it.
    return promise.then(
      (value) => (this.dead ? new Promise<T>(() => {}) : value),
      (error: unknown) => (this.dead ? new Promise<T>(() => {}) : Promise.reject(error)),
    );
  }
  /** Kills the tab's log: nothing more reaches its code; what was in flight settles, then it closes. */
  async kill(): Promise<void> {
    this.dead = true;
    await Promise.allSettled(this.inFlight);
    this.store.close();
  }
  commit(...args: Parameters<EventLog['commit']>) {
    return this.track(() => this.store.commit(...args));
  }
  recordAnswer(...args: Parameters<EventLog['recordAnswer']>) {
    return this.track(() => this.store.recordAnswer(...args));
  }
  answerOf(...args: Parameters<EventLog['answerOf']>) {
    return this.track(() => this.store.answerOf(...args));
  }
  appendRaw(...args: Parameters<EventLog['appendRaw']>) {
    return this.track(() => this.store.appendRaw(...args));
  }
  readEvents(...args: Parameters<EventLog['readEvents']>) {
    return this.track(() => this.store.readEvents(...args));
  }
  readHistory(...args: Parameters<EventLog['readHistory']>) {
    return this.track(() => this.store.readHistory(...args));
  }
  writeSnapshot(...args: Parameters<EventLog['writeSnapshot']>) {
    return this.track(() => this.store.writeSnapshot(...args));
  }
  getSetting(...args: Parameters<EventLog['getSetting']>) {
    return this.track(() => this.store.getSetting(...args));
  }
  setSetting(...args: Parameters<EventLog['setSetting']>) {
    return this.track(() => this.store.setSetting(...args));
  }
  close(): void {
    void this.kill();
  }
}

interface Tab {
  index: number;
  port: TabPort;
  endpoint: Endpoint;
  leadership: Leadership;
  stores: TabStore[];
  sent: Map<number, number>;
  dead: boolean;
}

async function signIn(name: string): Promise<string> {
  const store = new EventStore({ name, indexedDB, IDBKeyRange });
  const simulator = await createSimulator({
    clock: new ManualClock(START),
    messages: loadServerMessages,
    store,
  });
  const answer = await simulator.server.handle({
    method: 'POST',
    path: 'user/login',
    payload: { account: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password, login_type: 'email' },
    headers: { lang: 'en', authorization: '' },
    timeoutMs: 20_000,
  });
  await simulator.spot.flushFills();
  store.close();
  return answer.data as string;
}

interface Schedule {
  requests: Array<{ tab: number; yields: number }>;
  kills: Array<{ after: number; yields: number }>;
}

interface Outcome {
  requests: number;
  checked: number;
  kills: number;
}

async function runSchedule(schedule: Schedule): Promise<Outcome> {
  const name = `exactly-once-${Math.random().toString(36).slice(2)}`;
  const token = await signIn(name);
  const bus = new Bus();
  const locks = new FakeLocks();
  const tabs: Tab[] = [];
  for (let index = 0; index < TABS; index++) {
    const port = new TabPort();
    const endpoint = new Endpoint(bus);
    const leadership = acquireLeadership('tessera-sim-leader', locks);
    const tab: Tab = { index, port, endpoint, leadership, stores: [], sent: new Map(), dead: false };
    runTabWorker({
      tab: port,
      channel: endpoint,
      follower: `tab-${index}`,
      leading: leadership.leading,
      startServer: async () => {
        const store = new TabStore(name);
        tab.stores.push(store);
        try {
          const simulator = await createSimulator({
            clock: new ManualClock(START),
            messages: loadServerMessages,
            store,
          });
          return simulator.server;
        } catch (error) {
          // Killed while starting: a dead tab does nothing more.
          if (tab.dead) return new Promise<never>(() => {});
          throw error;
        }
      },
    });
    tabs.push(tab);
    await tick();
  }

  const kill = async (tab: Tab) => {
    tab.dead = true;
    tab.port.dead = true;
    tab.endpoint.dead = true;
    // A dead tab's transactions have committed or not by the time the browser frees its lock.
    await Promise.all(tab.stores.map((store) => store.kill()));
    tab.leadership.release();
  };

  let kills = 0;
  let nextPrice = 0;
  const prices = new Map<string, number>();
  for (let i = 0; i < schedule.requests.length; i++) {
    const { tab: which, yields } = schedule.requests[i]!;
    const tab = tabs[which]!;
    if (!tab.dead) {
      const id = tab.sent.size + 1;
      // Far below BTC's price at START (about 86,500), inside its price band (half to twice it).
      const price = 60_000 + nextPrice++;
      tab.sent.set(id, price);
      const requestId = `${which}-${id}-${name}`.slice(0, 64);
      prices.set(`${which}:${id}`, price);
      tab.port.send({
        kind: 'request',
        id,
        request: {
          method: 'POST',
          path: 'tx_in/add',
          payload: { currency_match_id: 1, number: '0.001', price: price.toFixed(2), type: 0 },
          headers: { lang: 'en', authorization: token },
          timeoutMs: 20_000,
          requestId,
        },
      });
    }
    for (let y = 0; y < yields; y++) await tick();
    for (const point of schedule.kills) {
      if (point.after !== i) continue;
      for (let y = 0; y < point.yields; y++) await tick();
      const leader = tabs.find((candidate) => !candidate.dead && candidate.leadership.isLeader());
      const alive = tabs.filter((candidate) => !candidate.dead);
      if (leader && alive.length > 1) {
        await kill(leader);
        kills++;
      }
    }
  }

  // Every surviving tab gets an answer to each of its requests.
  const survivors = tabs.filter((tab) => !tab.dead);
  const answersOf = (tab: Tab) =>
    tab.port.received.filter(
      (message): message is Extract<FromSim, { kind: 'response' }> => message.kind === 'response',
    );
  for (let round = 0; round < 20_000; round++) {
    if (survivors.every((tab) => new Set(answersOf(tab).map((answer) => answer.id)).size === tab.sent.size))
      break;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  for (let y = 0; y < 50; y++) await tick();

  let checked = 0;
  const answeredOrders = new Map<number, number>();
  for (const tab of survivors) {
    const answers = answersOf(tab);
    for (const [id, price] of tab.sent) {
      const mine = answers.filter((answer) => answer.id === id);
      expect(mine.length, `tab ${tab.index} request ${id}: answered once`).toBe(1);
      const envelope = mine[0]!.envelope as Envelope;
      expect(envelope.code, JSON.stringify(envelope)).toBe(1);
      const order = envelope.data as { id: number; price: string };
      expect(order.price).toBe(price.toFixed(2));
      answeredOrders.set(price, order.id);
      checked++;
    }
    expect(tab.port.received.filter((message) => message.kind === 'response-failed')).toEqual([]);
  }

  // Nothing ran twice: the log holds each request's order at most once, and an answered one exactly
  // once, with the id its answer gave.
  // The tabs close (their code stops) before the log is read.
  await Promise.all(tabs.flatMap((tab) => tab.stores.map((store) => store.kill())));
  const reader = new EventStore({ name, indexedDB, IDBKeyRange });
  const rows = await reader.readEvents(0, { stream: 'spot' });
  reader.close();
  const placed = new Map<number, number[]>();
  for (const row of rows) {
    const event = deserialize(row.data) as SpotEvent;
    if (event.type !== 'OrderPlaced') continue;
    const price = event.order.priceTicks / 100;
    placed.set(price, [...(placed.get(price) ?? []), event.order.id]);
  }
  for (const [price, ids] of placed) expect(ids.length, `price ${price} placed ${ids.length} times`).toBe(1);
  for (const [price, orderId] of answeredOrders) expect(placed.get(price)).toEqual([orderId]);
  return { requests: nextPrice, checked, kills };
}

describe('exactly-once requests across tabs (leader killed at random points)', () => {
  it('every request of a surviving tab is answered exactly once, and nothing runs twice', async () => {
    const totals = { runs: 0, requests: 0, checked: 0, kills: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          requests: fc.array(
            fc.record({ tab: fc.integer({ min: 0, max: TABS - 1 }), yields: fc.integer({ min: 0, max: 6 }) }),
            { minLength: 8, maxLength: 24 },
          ),
          kills: fc.array(
            fc.record({ after: fc.integer({ min: 0, max: 23 }), yields: fc.integer({ min: 0, max: 40 }) }),
            { minLength: 1, maxLength: 2 },
          ),
        }),
        async (schedule) => {
          const outcome = await runSchedule(schedule);
          totals.runs++;
          totals.requests += outcome.requests;
          totals.checked += outcome.checked;
          totals.kills += outcome.kills;
        },
      ),
      { numRuns: 12, endOnFailure: true },
    );
    console.log(
      `exactly-once: ${totals.runs} schedules, ${totals.kills} leaders killed, ${totals.requests} requests sent, ${totals.checked} answers of surviving tabs checked`,
    );
    expect(totals.kills).toBeGreaterThan(0);
  }, 600_000);
});

describe('request ids at the server and the client', () => {
  it('the same request sent twice (or concurrently) runs once and gets its first answer', async () => {
    const { spotFixture } = await import('../spot/sim-fixture.ts');
    const f = await spotFixture();
    const token = await f.login();
    const send = (requestId: string, authorization = token) =>
      f.simulator.server.handle({
        method: 'POST',
        path: 'tx_in/add',
        payload: { currency_match_id: 1, number: '0.001', price: '60000.00', type: 0 },
        headers: { lang: 'en', authorization },
        timeoutMs: 20_000,
        requestId,
      });
    const [first, concurrent] = await Promise.all([send('req-1'), send('req-1')]);
    const again = await send('req-1');
    expect(first.code).toBe(1);
    expect(concurrent).toEqual(first);
    expect(again).toEqual(first);
    const other = await send('req-2');
    expect((other.data as { id: number }).id).not.toBe((first.data as { id: number }).id);
    // Two requests, two orders: req-1 ran once.
    expect(
      [...f.simulator.spot.state().orders.values()].filter((o) => o.priceTicks === 6_000_000),
    ).toHaveLength(2);
    // Another caller sending the same id does not read the first caller's answer.
    expect((await send('req-1', 'someone-else')).code).not.toBe(1);
  });

  it('an answer that carries a session token is never kept in the log', async () => {
    const { recordable } = await import('../../../src/sim/request-log.ts');
    expect(recordable({ code: 1, msg: '', data: { token: 'secret' } })).toBe(false);
    expect(recordable({ code: 0, msg: 'no', data: null })).toBe(false);
    expect(recordable({ code: 1, msg: '', data: { id: 1 } })).toBe(true);
  });

  it('the client gives every POST call a fresh id and GET calls none', async () => {
    const { createApiClient } = await import('../../../src/api/client.ts');
    const seen: Array<string | undefined> = [];
    let n = 0;
    const api = createApiClient({
      transport: {
        name: 'sim',
        socketUrl: '',
        WebSocketCtor: undefined as never,
        request: (request) => {
          seen.push(request.requestId);
          return Promise.resolve({ code: 1, msg: '', data: null });
        },
      },
      getToken: () => 't',
      getLang: () => 'en',
      notify: () => {},
      newRequestId: () => `id-${++n}`,
    });
    await api.call('tx_in/cancel', { id: 1 }).catch(() => undefined);
    await api.call('tx_in/cancel', { id: 1 }).catch(() => undefined);
    await api.call('tx_in/list', { currency_match_id: 1, page: 1, limit: 10 }).catch(() => undefined);
    expect(seen).toEqual(['id-1', 'id-2', undefined]);
  });
});
