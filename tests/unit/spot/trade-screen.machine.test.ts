import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { SpotActors } from '../../../src/machines/actors/spot.ts';
import type { PushedBalance, SpotPair } from '../../../src/machines/spot-entry.machine.ts';
import type { SpotOrderAnswer } from '../../../src/machines/spot-orders.machine.ts';
import { tradeScreenMachine, tradeScreenWith } from '../../../src/machines/trade-screen.machine.ts';

const BTC: SpotPair = { matchId: 1, baseCurrencyId: 2, quoteCurrencyId: 1, priceDecimals: 2 };
const ETH: SpotPair = { matchId: 2, baseCurrencyId: 3, quoteCurrencyId: 1, priceDecimals: 2 };

function order(id: number, status: 1 | 2 | 3, transacted = '0', way: 1 | 2 = 1): SpotOrderAnswer {
  return {
    id,
    way,
    price: '100',
    number: '1',
    transacted_amount: transacted,
    transacted_volume: '0',
    updated_at: 1,
    currency_match: { id: 1, symbol: 'BTC/USDT' },
    way_name: 'buy',
    status_name: 'open',
    type: 0,
    status,
    avg_price: '0',
    fee: '0',
    fee_currency: 'USDT',
    created_at: 1,
  };
}

/**
 * The real screen with its real children; only the server is replaced: recording API actors and a
 * push subject standing in for the socket.
 */
function start(
  options: { signedIn?: boolean; answer?: SpotOrderAnswer; pages?: () => SpotOrderAnswer[] } = {},
) {
  const pushes = new Subject<{ type: 'PUSHED'; order: SpotOrderAnswer }>();
  const balances = new Subject<{ type: 'BALANCE_PUSHED'; balance: PushedBalance }>();
  const reconnects = new Subject<{ type: 'RESYNC' }>();
  const reachability = new Subject<{ type: 'REACHABLE'; reachable: boolean }>();
  const effects = { balanceLoads: 0, placed: 0, pushSubscriptions: 0, pageLoads: 0, ownLoads: 0, cancels: 0 };
  const actors = {
    loadBalances: fromPromise(async () => {
      effects.balanceLoads++;
      return { quote: '1000', base: '2', quoteLocked: '0', baseLocked: '0' };
    }),
    placeOrder: fromPromise(async () => {
      effects.placed++;
      return options.answer ?? order(7, 1);
    }),
    loadPage: fromPromise(async () => {
      effects.pageLoads++;
      const rows = options.pages?.() ?? [];
      return { rows, total: rows.length };
    }),
    loadOwn: fromPromise(async () => {
      effects.ownLoads++;
      return [];
    }),
    cancelOrder: fromPromise(async ({ input }: { input: { id: number } }) => {
      effects.cancels++;
      return order(input.id, 3);
    }),
    orderPushes: fromEventObservable(() => {
      effects.pushSubscriptions++;
      return pushes;
    }),
    balancePushes: fromEventObservable(() => balances),
    reconnects: fromEventObservable(() => reconnects),
    reachability: fromEventObservable(() => reachability),
  } as unknown as SpotActors;
  const actor = createActor(tradeScreenWith(actors), {
    input: { pair: BTC, signedIn: options.signedIn ?? true },
  });
  actor.start();
  const { entry, orders } = actor.getSnapshot().context;
  const settled = async () => {
    await waitFor(entry, (s) => s.matches({ balances: 'idle' }));
    await waitFor(orders, (s) => s.matches({ list: 'idle', own: 'idle' }));
  };
  const rows = () => orders.getSnapshot().context.rows.map((row) => [row.id, row.status]);
  const pushBalance = (currencyId: number, balance: string, locked = '0') =>
    balances.next({ type: 'BALANCE_PUSHED', balance: { currencyId, balance, locked } });
  return { actor, entry, orders, pushes, pushBalance, reconnects, reachability, effects, settled, rows };
}

async function placeBuy(screen: ReturnType<typeof start>) {
  screen.entry.send({ type: 'PRICE', side: 'buy', text: '100' });
  screen.entry.send({ type: 'QUANTITY', side: 'buy', text: '1' });
  screen.entry.send({ type: 'SUBMIT', side: 'buy' });
  await waitFor(screen.entry, (s) => s.matches({ buy: 'idle' }) && s.context.buy.quantity === '');
}

describe('trade screen machine', () => {
  it('a placed order reaches the panel and its BALANCE pushes move the balances, with nothing reloaded', async () => {
    const screen = start();
    await screen.settled();
    expect(screen.effects.balanceLoads).toBe(1);
    await placeBuy(screen);
    await screen.settled();
    expect(screen.effects.placed).toBe(1);
    expect(screen.rows()).toEqual([[7, 1]]);
    // The order locked 100 USDT (currency 1); the push says so.
    screen.pushBalance(1, '900', '100');
    expect(screen.entry.getSnapshot().context.balances).toEqual({
      quote: '900',
      quoteLocked: '100',
      base: '2',
      baseLocked: '0',
    });
    expect(screen.effects.balanceLoads).toBe(1);
  });

  it('a BALANCE push of a currency outside the pair changes nothing', async () => {
    const screen = start();
    await screen.settled();
    const before = screen.entry.getSnapshot().context.balances;
    screen.pushBalance(9, '5');
    expect(screen.entry.getSnapshot().context.balances).toBe(before);
  });

  it('100 fills make no API call for balances: each is folded and its pushes carry the balances', async () => {
    const screen = start();
    await screen.settled();
    await placeBuy(screen);
    await screen.settled();
    const loads = screen.effects.balanceLoads;
    for (let fill = 1; fill <= 100; fill++) {
      screen.pushes.next({ type: 'PUSHED', order: order(7, 1, (fill / 100).toFixed(2)) });
      screen.pushBalance(2, (2 + fill / 100).toFixed(2));
      screen.pushBalance(1, '900', (100 - fill).toFixed(0));
      await screen.settled();
    }
    expect(screen.effects.balanceLoads - loads).toBe(0);
    expect(screen.orders.getSnapshot().context.rows[0]?.transacted_amount).toBe('1.00');
    expect(screen.entry.getSnapshot().context.balances).toEqual({
      quote: '900',
      quoteLocked: '0',
      base: '3.00',
      baseLocked: '0',
    });
  });

  it('the push of a state already folded from the answer is not folded again and moves nothing', async () => {
    const screen = start();
    await screen.settled();
    await placeBuy(screen);
    await screen.settled();
    const loads = screen.effects.balanceLoads;
    screen.pushes.next({ type: 'PUSHED', order: order(7, 1) });
    await screen.settled();
    expect(screen.effects.balanceLoads).toBe(loads);
    expect(screen.orders.getSnapshot().context.total).toBe(1);
  });

  it('a fill pushed before the answer arrives is not undone by the older answer', async () => {
    const screen = start({ answer: order(7, 1) });
    await screen.settled();
    // The match filled the order and its push overtook the placement's answer.
    screen.pushes.next({ type: 'PUSHED', order: order(7, 2, '1') });
    await placeBuy(screen);
    await screen.settled();
    expect(screen.rows()).toEqual([]);
  });

  it('each new fill is folded once, and reloads nothing', async () => {
    const screen = start();
    await screen.settled();
    await placeBuy(screen);
    await screen.settled();
    const loads = screen.effects.balanceLoads;
    screen.pushes.next({ type: 'PUSHED', order: order(7, 1, '0.5') });
    await screen.settled();
    screen.pushes.next({ type: 'PUSHED', order: order(7, 1, '0.5') });
    await screen.settled();
    expect(screen.effects.balanceLoads).toBe(loads);
    expect(screen.orders.getSnapshot().context.rows[0]?.transacted_amount).toBe('0.5');
  });

  it('a cancel from the panel reloads nothing, and its push is not folded again', async () => {
    const screen = start();
    await screen.settled();
    await placeBuy(screen);
    await screen.settled();
    const loads = screen.effects.balanceLoads;
    screen.orders.send({ type: 'CANCEL', id: 7, way: 1 });
    await waitFor(screen.orders, (s) => s.matches({ cancel: 'idle' }) && s.context.cancelling === null);
    await screen.settled();
    expect(screen.rows()).toEqual([]);
    expect(screen.effects.balanceLoads).toBe(loads);
    screen.pushes.next({ type: 'PUSHED', order: order(7, 3) });
    await screen.settled();
    expect(screen.effects.balanceLoads).toBe(loads);
  });

  it('a visitor gets no pushes; signing in starts them, signing out stops them', async () => {
    const screen = start({ signedIn: false });
    expect(screen.effects.pushSubscriptions).toBe(0);
    expect(screen.actor.getSnapshot().value).toBe('anonymous');
    screen.actor.send({ type: 'SIGNED_IN', signedIn: true });
    expect(screen.actor.getSnapshot().value).toBe('live');
    expect(screen.effects.pushSubscriptions).toBe(1);
    expect(screen.pushes.observed).toBe(true);
    screen.actor.send({ type: 'SIGNED_IN', signedIn: false });
    expect(screen.actor.getSnapshot().value).toBe('anonymous');
    expect(screen.pushes.observed).toBe(false);
  });

  it('a new pair reaches both children; the same pair again changes nothing', async () => {
    const screen = start();
    await screen.settled();
    screen.actor.send({ type: 'PAIR', pair: BTC });
    expect(screen.entry.getSnapshot().matches({ balances: 'idle' })).toBe(true);
    screen.actor.send({ type: 'PAIR', pair: ETH });
    expect(screen.entry.getSnapshot().context.pair).toEqual(ETH);
    expect(screen.orders.getSnapshot().context.view.matchId).toBe(2);
    await screen.settled();
  });

  it('whatever order the copies of orders arrive in, the panel shows each order in its furthest state', async () => {
    // A copy: an order id, how far it has come (0-3 = open with 0-3 lots filled, 4 = filled, 5 = cancelled).
    const copy = fc.record({ id: fc.integer({ min: 1, max: 4 }), step: fc.integer({ min: 0, max: 5 }) });
    const asOrder = ({ id, step }: { id: number; step: number }) =>
      step <= 3 ? order(id, 1, String(step)) : order(id, step === 4 ? 2 : 3, '3');
    await fc.assert(
      fc.asyncProperty(fc.array(copy, { maxLength: 25 }), async (copies) => {
        const screen = start();
        await screen.settled();
        const furthest = new Map<number, number>();
        for (const c of copies) {
          screen.pushes.next({ type: 'PUSHED', order: asOrder(c) });
          const before = furthest.get(c.id);
          // Once ended, an order stays ended whatever its later copies say.
          if (before === undefined || (before <= 3 && c.step > before)) furthest.set(c.id, c.step);
        }
        const shown = new Map(screen.orders.getSnapshot().context.rows.map((row) => [row.id, row]));
        for (const [id, step] of furthest) {
          if (step >= 4) expect(shown.has(id)).toBe(false);
          else expect(shown.get(id)?.transacted_amount).toBe(String(step));
        }
        expect(shown.size).toBe([...furthest.values()].filter((step) => step <= 3).length);
        screen.actor.stop();
      }),
      { numRuns: 150 },
    );
  });

  it('after a reconnect it reloads the orders and the balances once; a fill made during the drop shows', async () => {
    // The server's truth: order 7 open, then filled while the socket was away.
    let server: SpotOrderAnswer[] = [order(7, 1)];
    const screen = start({ pages: () => server });
    await screen.settled();
    expect(screen.rows()).toEqual([[7, 1]]);
    const before = { ...screen.effects };
    server = [order(7, 1, '1')];
    screen.reconnects.next({ type: 'RESYNC' });
    await screen.settled();
    expect(screen.effects.pageLoads - before.pageLoads).toBe(1);
    expect(screen.effects.ownLoads - before.ownLoads).toBe(1);
    expect(screen.effects.balanceLoads - before.balanceLoads).toBe(1);
    expect(screen.orders.getSnapshot().context.rows[0]?.transacted_amount).toBe('1');
  });

  it('a visitor does not reload anything on a reconnect', async () => {
    const screen = start({ signedIn: false });
    await screen.settled();
    const before = { ...screen.effects };
    screen.reconnects.next({ type: 'RESYNC' });
    await screen.settled();
    expect(screen.effects).toEqual(before);
  });

  it('while the backend is unreachable an order and a cancel are refused with a reason, nothing is sent', async () => {
    const screen = start();
    await screen.settled();
    const problems: string[] = [];
    let refused = 0;
    screen.entry.on('problem', ({ code }) => problems.push(code));
    screen.orders.on('refused', () => refused++);
    screen.reachability.next({ type: 'REACHABLE', reachable: false });
    screen.entry.send({ type: 'PRICE', side: 'buy', text: '100' });
    screen.entry.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    screen.entry.send({ type: 'SUBMIT', side: 'buy' });
    screen.orders.send({ type: 'CANCEL', id: 7, way: 1 });
    expect(problems).toEqual(['unreachable']);
    expect(refused).toBe(1);
    expect(screen.entry.getSnapshot().matches({ buy: 'idle' })).toBe(true);
    expect(screen.orders.getSnapshot().matches({ cancel: 'idle' })).toBe(true);
    // Nothing was queued: coming back sends nothing by itself.
    screen.reachability.next({ type: 'REACHABLE', reachable: true });
    await screen.settled();
    expect(screen.effects.placed).toBe(0);
    expect(screen.effects.cancels).toBe(0);
    await placeBuy(screen);
    expect(screen.effects.placed).toBe(1);
  });

  it('an order confirmed far through the market after the backend went away is refused too', async () => {
    const screen = start();
    await screen.settled();
    const problems: string[] = [];
    screen.entry.on('problem', ({ code }) => problems.push(code));
    screen.actor.send({ type: 'BEST', bid: '99', ask: '100' });
    screen.entry.send({ type: 'PRICE', side: 'buy', text: '150' });
    screen.entry.send({ type: 'QUANTITY', side: 'buy', text: '1' });
    screen.entry.send({ type: 'SUBMIT', side: 'buy' });
    expect(screen.entry.getSnapshot().matches({ buy: 'confirming' })).toBe(true);
    screen.reachability.next({ type: 'REACHABLE', reachable: false });
    screen.entry.send({ type: 'CONFIRM', side: 'buy' });
    expect(problems).toEqual(['unreachable']);
    expect(screen.entry.getSnapshot().matches({ buy: 'idle' })).toBe(true);
    expect(screen.effects.placed).toBe(0);
  });

  it('every event sequence keeps the screen live while signed in, and a resync reaches both children', async () => {
    const event = fc.constantFrom(
      { type: 'RESYNC' as const },
      { type: 'REACHABLE' as const, reachable: false },
      { type: 'REACHABLE' as const, reachable: true },
      { type: 'SIGNED_IN' as const, signedIn: false },
      { type: 'SIGNED_IN' as const, signedIn: true },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 12 }), async (events) => {
        const screen = start();
        await screen.settled();
        let signedIn = true;
        let reachable = true;
        for (const each of events) {
          const before = { ...screen.effects };
          if (each.type === 'RESYNC') screen.reconnects.next(each);
          else if (each.type === 'REACHABLE') screen.reachability.next(each);
          else screen.actor.send(each);
          await screen.settled();
          if (each.type === 'SIGNED_IN') signedIn = each.signedIn;
          if (each.type === 'REACHABLE') reachable = each.reachable;
          if (each.type === 'RESYNC') {
            const reloaded = signedIn ? 1 : 0;
            expect(screen.effects.balanceLoads - before.balanceLoads).toBe(reloaded);
            expect(screen.effects.pageLoads - before.pageLoads).toBe(reloaded);
          }
          expect(screen.actor.getSnapshot().value).toBe(signedIn ? 'live' : 'anonymous');
          expect(screen.entry.getSnapshot().context.reachable).toBe(reachable);
          expect(screen.orders.getSnapshot().context.reachable).toBe(reachable);
        }
        screen.actor.stop();
      }),
      { numRuns: 60 },
    );
  });

  it('both top-level states are reachable', () => {
    const paths = getShortestPaths(tradeScreenMachine, {
      input: { pair: BTC, signedIn: false },
      events: [
        { type: 'SIGNED_IN', signedIn: true },
        { type: 'SIGNED_IN', signedIn: false },
        { type: 'RESYNC' },
        { type: 'REACHABLE', reachable: false },
      ],
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toEqual(new Set(['"anonymous"', '"live"']));
  });
});
