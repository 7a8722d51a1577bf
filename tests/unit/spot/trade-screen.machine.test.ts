import fc from 'fast-check';
import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { SpotActors } from '../../../src/machines/actors/spot.ts';
import type { SpotPair } from '../../../src/machines/spot-entry.machine.ts';
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
function start(options: { signedIn?: boolean; answer?: SpotOrderAnswer } = {}) {
  const pushes = new Subject<{ type: 'PUSHED'; order: SpotOrderAnswer }>();
  const effects = { balanceLoads: 0, placed: 0, pushSubscriptions: 0 };
  const actors = {
    loadBalances: fromPromise(async () => {
      effects.balanceLoads++;
      return { quote: '1000', base: '2', quoteLocked: '0', baseLocked: '0' };
    }),
    placeOrder: fromPromise(async () => {
      effects.placed++;
      return options.answer ?? order(7, 1);
    }),
    loadPage: fromPromise(async () => ({ rows: [], total: 0 })),
    loadOwn: fromPromise(async () => []),
    cancelOrder: fromPromise(async ({ input }: { input: { id: number } }) => order(input.id, 3)),
    orderPushes: fromEventObservable(() => {
      effects.pushSubscriptions++;
      return pushes;
    }),
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
  return { actor, entry, orders, pushes, effects, settled, rows };
}

async function placeBuy(screen: ReturnType<typeof start>) {
  screen.entry.send({ type: 'PRICE', side: 'buy', text: '100' });
  screen.entry.send({ type: 'QUANTITY', side: 'buy', text: '1' });
  screen.entry.send({ type: 'SUBMIT', side: 'buy' });
  await waitFor(screen.entry, (s) => s.matches({ buy: 'idle' }) && s.context.buy.quantity === '');
}

describe('trade screen machine', () => {
  it('a placed order reaches the panel and the balances reload, with nothing sent from outside', async () => {
    const screen = start();
    await screen.settled();
    expect(screen.effects.balanceLoads).toBe(1);
    await placeBuy(screen);
    await screen.settled();
    expect(screen.effects.placed).toBe(1);
    expect(screen.rows()).toEqual([[7, 1]]);
    expect(screen.effects.balanceLoads).toBe(2);
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

  it('each new fill is folded and moves the balances once', async () => {
    const screen = start();
    await screen.settled();
    await placeBuy(screen);
    await screen.settled();
    const loads = screen.effects.balanceLoads;
    screen.pushes.next({ type: 'PUSHED', order: order(7, 1, '0.5') });
    await screen.settled();
    screen.pushes.next({ type: 'PUSHED', order: order(7, 1, '0.5') });
    await screen.settled();
    expect(screen.effects.balanceLoads).toBe(loads + 1);
    expect(screen.orders.getSnapshot().context.rows[0]?.transacted_amount).toBe('0.5');
  });

  it('a cancel from the panel reloads the balances, and its push is not folded again', async () => {
    const screen = start();
    await screen.settled();
    await placeBuy(screen);
    await screen.settled();
    const loads = screen.effects.balanceLoads;
    screen.orders.send({ type: 'CANCEL', id: 7, way: 1 });
    await waitFor(screen.orders, (s) => s.matches({ cancel: 'idle' }) && s.context.cancelling === null);
    await screen.settled();
    expect(screen.rows()).toEqual([]);
    expect(screen.effects.balanceLoads).toBe(loads + 1);
    screen.pushes.next({ type: 'PUSHED', order: order(7, 3) });
    await screen.settled();
    expect(screen.effects.balanceLoads).toBe(loads + 1);
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

  it('both top-level states are reachable', () => {
    const paths = getShortestPaths(tradeScreenMachine, {
      input: { pair: BTC, signedIn: false },
      events: [
        { type: 'SIGNED_IN', signedIn: true },
        { type: 'SIGNED_IN', signedIn: false },
      ],
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toEqual(new Set(['"anonymous"', '"live"']));
  });
});
