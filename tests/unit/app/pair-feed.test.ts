import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { pairFeed } from '../../../src/app/machines/pair-feed.ts';
import { leverScreenMachine } from '../../../src/machines/lever-screen.machine.ts';
import { tradeScreenMachine } from '../../../src/machines/trade-screen.machine.ts';

/**
 * The trading screens follow their pair's market figures through a feed their machine invokes (no
 * page forwards them): the best bid and ask reach the spot forms, the last price the lever form, and
 * a new pair switches the feed to that pair's figures; the old pair's say nothing any more.
 */
function feeds<E>() {
  const byPair = new Map<number, Subject<E>>();
  const open: number[] = [];
  const feed = (matchId: number) => {
    open.push(matchId);
    let subject = byPair.get(matchId);
    if (!subject) {
      subject = new Subject<E>();
      byPair.set(matchId, subject);
    }
    return subject.asObservable();
  };
  const emit = (matchId: number, event: E) => byPair.get(matchId)?.next(event);
  const observed = (matchId: number) => byPair.get(matchId)?.observed ?? false;
  return { feed, emit, observed, open };
}

describe('pairFeed in the spot screen', () => {
  it('sends BEST of the current pair to the forms, and follows a new pair', () => {
    const { feed, emit, observed, open } = feeds<{ type: 'BEST'; bid: string | null; ask: string | null }>();
    const screen = createActor(tradeScreenMachine.provide({ actors: { bestPrices: pairFeed(feed) } }), {
      input: {
        pair: { matchId: 1, baseCurrencyId: 2, quoteCurrencyId: 1, priceDecimals: 2 },
        signedIn: false,
      },
    }).start();
    const best = () => screen.getSnapshot().context.entry.getSnapshot().context.best;
    emit(1, { type: 'BEST', bid: '99', ask: '101' });
    expect(best()).toEqual({ bid: '99', ask: '101' });

    screen.send({
      type: 'PAIR',
      pair: { matchId: 2, baseCurrencyId: 3, quoteCurrencyId: 1, priceDecimals: 2 },
    });
    expect(open).toEqual([1, 2]);
    expect(observed(1)).toBe(false);
    emit(1, { type: 'BEST', bid: '1', ask: '2' });
    emit(2, { type: 'BEST', bid: '3000', ask: '3001' });
    expect(best()).toEqual({ bid: '3000', ask: '3001' });
    screen.stop();
    expect(observed(2)).toBe(false);
  });
});

describe('pairFeed in the lever screen', () => {
  it('sends LAST of the current pair to the form, and follows a new pair', () => {
    const { feed, emit, observed } = feeds<{ type: 'LAST'; price: string }>();
    const screen = createActor(leverScreenMachine.provide({ actors: { lastPrice: pairFeed(feed) } }), {
      input: { pair: { matchId: 1, quoteCurrencyId: 1, priceDecimals: 2 }, signedIn: false },
    }).start();
    const last = () => screen.getSnapshot().context.form.getSnapshot().context.last;
    emit(1, { type: 'LAST', price: '60000' });
    expect(last()).toBe('60000');
    screen.send({ type: 'PAIR', pair: { matchId: 2, quoteCurrencyId: 1, priceDecimals: 2 } });
    expect(observed(1)).toBe(false);
    emit(2, { type: 'LAST', price: '3000' });
    expect(last()).toBe('3000');
    screen.stop();
  });
});
