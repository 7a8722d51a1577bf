import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor } from 'xstate';
import { OTC_ORDER_PAID, OTC_ORDER_UNPAID, OTC_SIDE_BUYER } from '../../../src/domain/contract-codes.ts';
import {
  p2pOrderMachine,
  type P2pActInput,
  type P2pOrderAnswer,
} from '../../../src/machines/p2p-order.machine.ts';

/**
 * The P2P order page after a reconnect: an OTC_ORDER push about this order may have been lost
 * while the socket was away, so the order is loaded again from whatever state the page is in.
 */
function order(status: number): P2pOrderAnswer {
  return {
    id: 5,
    order_no: 'P2P000001000005',
    ad_id: 7,
    side: OTC_SIDE_BUYER,
    coin: 'USDT',
    fiat: 'CNY',
    price: '7.20',
    number: '20.00',
    amount: '144.00',
    status,
    pay_methods: ['bank'],
    pay_limit: 15,
    collection: [],
    reference: '123456',
    voucher: '',
    buyer: { id: 1, name: 'a***' },
    seller: { id: 2, name: 'b***' },
    merchant_id: 2,
    delayed: 0,
    dispute_reason: '',
    dispute_by: '',
    created_at: 1_000_000,
    paid_at: 0,
    finished_at: 0,
    pay_countdown: 900_000,
    confirm_countdown: 0,
    dispute_countdown: 0,
    arbitration_countdown: 0,
    server_now: 1_000_000,
    actions: status === OTC_ORDER_UNPAID ? ['pay', 'cancel'] : [],
    events: [],
  } as P2pOrderAnswer;
}

function start(options: { firstLoadFails?: boolean } = {}) {
  const reconnects = new Subject<{ type: 'RESYNC' }>();
  const reachability = new Subject<{ type: 'REACHABLE'; reachable: boolean }>();
  const acts: P2pActInput[] = [];
  // The server's truth: unpaid at first; the seller's side moves it on while the socket is away.
  const server = { status: OTC_ORDER_UNPAID, loads: 0 };
  const actor = createActor(
    p2pOrderMachine.provide({
      actors: {
        load: fromPromise<P2pOrderAnswer, { id: number }>(async () => {
          server.loads++;
          if (options.firstLoadFails && server.loads === 1) throw new Error('down');
          return order(server.status);
        }),
        reconnects: fromEventObservable(() => reconnects),
        reachability: fromEventObservable(() => reachability),
        act: fromPromise<P2pOrderAnswer, P2pActInput>(async ({ input }) => {
          acts.push(input);
          return order(OTC_ORDER_UNPAID);
        }),
      },
    }),
    { input: { id: 5 } },
  ).start();
  const settled = () =>
    waitFor(actor, (s) => !s.matches({ order: 'loading' }) && !s.matches({ order: 'reloading' }));
  return { actor, reconnects, reachability, acts, server, settled };
}

describe('P2P order page after a reconnect', () => {
  it('loads the order again and shows what changed while the socket was away', async () => {
    const page = start();
    await page.settled();
    expect(page.actor.getSnapshot().context.order?.status).toBe(OTC_ORDER_UNPAID);
    page.server.status = OTC_ORDER_PAID;
    page.reconnects.next({ type: 'RESYNC' });
    await page.settled();
    expect(page.server.loads).toBe(2);
    expect(page.actor.getSnapshot().context.order?.status).toBe(OTC_ORDER_PAID);
  });

  it('a confirmation open during the drop is closed: what it asks may no longer be allowed', async () => {
    const page = start();
    await page.settled();
    page.actor.send({ type: 'ASK', action: 'cancel' });
    expect(page.actor.getSnapshot().matches({ order: 'confirming' })).toBe(true);
    page.reconnects.next({ type: 'RESYNC' });
    await page.settled();
    expect(page.actor.getSnapshot().matches({ order: 'ready' })).toBe(true);
    expect(page.actor.getSnapshot().context.pending).toBeNull();
  });

  it('a page whose first load failed tries again', async () => {
    const page = start({ firstLoadFails: true });
    await waitFor(page.actor, (s) => s.matches({ order: 'failed' }));
    page.reconnects.next({ type: 'RESYNC' });
    await page.settled();
    expect(page.actor.getSnapshot().matches({ order: 'ready' })).toBe(true);
  });

  it('while the backend is unreachable an action is refused with the reason, and nothing is sent', async () => {
    const page = start();
    await page.settled();
    page.reachability.next({ type: 'REACHABLE', reachable: false });
    page.actor.send({ type: 'ASK', action: 'cancel' });
    expect(page.actor.getSnapshot().matches({ order: 'ready' })).toBe(true);
    expect(page.actor.getSnapshot().context.problem).toBe('backendUnreachable');
    // A confirmation opened before the drop is refused at CONFIRM.
    page.reachability.next({ type: 'REACHABLE', reachable: true });
    page.actor.send({ type: 'ASK', action: 'cancel' });
    expect(page.actor.getSnapshot().matches({ order: 'confirming' })).toBe(true);
    page.reachability.next({ type: 'REACHABLE', reachable: false });
    page.actor.send({ type: 'CONFIRM' });
    expect(page.actor.getSnapshot().matches({ order: 'ready' })).toBe(true);
    expect(page.actor.getSnapshot().context.problem).toBe('backendUnreachable');
    expect(page.actor.getSnapshot().context.pending).toBeNull();
    // Back: nothing was queued; asking again works.
    page.reachability.next({ type: 'REACHABLE', reachable: true });
    await page.settled();
    expect(page.acts).toEqual([]);
    page.actor.send({ type: 'ASK', action: 'cancel' });
    page.actor.send({ type: 'CONFIRM' });
    await waitFor(page.actor, (s) => s.matches({ order: 'ready' }));
    expect(page.acts).toHaveLength(1);
  });

  it('in any sequence of reconnects and asks, each reconnect met at rest reloads once', async () => {
    const step = fc.constantFrom('resync' as const, 'ask' as const, 'dismiss' as const);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 10 }), async (steps) => {
        const page = start();
        await page.settled();
        for (const each of steps) {
          const loads = page.server.loads;
          if (each === 'resync') page.reconnects.next({ type: 'RESYNC' });
          if (each === 'ask') page.actor.send({ type: 'ASK', action: 'cancel' });
          if (each === 'dismiss') page.actor.send({ type: 'CANCEL' });
          await page.settled();
          expect(page.server.loads - loads).toBe(each === 'resync' ? 1 : 0);
        }
        page.actor.stop();
      }),
      { numRuns: 40 },
    );
  });
});
