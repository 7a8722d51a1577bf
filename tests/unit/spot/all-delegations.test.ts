import { Subject } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { AnswerOf } from '../../../src/api/catalogue.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import {
  foldOrderUpdate,
  type ListedOrder,
  type OrdersTab,
  type OrdersView,
} from '../../../src/domain/spot/order-list.ts';
import { spotActors } from '../../../src/machines/actors/spot.ts';
import type { Frame } from '../../../src/streams/frame.ts';
import { spotFixture, type SpotFixture } from './sim-fixture.ts';

type Page = AnswerOf<'tx_in/list'>;

/**
 * "All delegations" lists every order, finished ones too: a trader whose orders all filled saw an
 * empty "All" beside a "History" of four orders.
 */
describe('all delegations', () => {
  let f: SpotFixture;
  let token: string;
  let filled: number;
  let resting: number;

  beforeAll(async () => {
    f = await spotFixture();
    token = await f.login();
    const market = await f.call('tx_in/add', { currency_match_id: 1, number: '0.01', type: 1 }, token);
    expect(market.code).toBe(1);
    filled = (market.data as AnswerOf<'tx_in/add'>).id;
    // A buy that rests: far below the market, inside the price band (half the last price at least).
    const deal = (await f.call('market/deal', { currency_match_id: 1 })).data as {
      quotation: { close: string };
    };
    const limit = await f.call(
      'tx_in/add',
      {
        currency_match_id: 1,
        number: '0.001',
        price: (Number(deal.quotation.close) * 0.6).toFixed(2),
        type: 0,
      },
      token,
    );
    expect(limit.msg).toBe('Order placed');
    expect(limit.code).toBe(1);
    resting = (limit.data as AnswerOf<'tx_in/add'>).id;
  });

  it('tx_in/list with include_finished answers every buy order of every pair, newest first', async () => {
    const all = (await f.call('tx_in/list', { include_finished: 1 }, token)).data as Page;
    expect(all.data.map((order) => [order.id, order.status])).toEqual([
      [resting, 1],
      [filled, 2],
    ]);
    expect(all.total).toBe(2);
    // Without it, still the open ones only; a sell list has none of the buys.
    const open = (await f.call('tx_in/list', {}, token)).data as Page;
    expect(open.data.map((order) => order.id)).toEqual([resting]);
    expect(((await f.call('tx_out/list', { include_finished: 1 }, token)).data as Page).total).toBe(0);
    // Only 0 or 1.
    expect((await f.call('tx_in/list', { include_finished: 2 }, token)).code).toBe(0);
  });

  it('an order that fills or is cancelled keeps its row on "all", and leaves "current"', () => {
    const view: OrdersView = { tab: 'all', side: 'buy', page: 1, matchId: 1 };
    const row = (id: number, open: boolean): ListedOrder => ({ id, way: 1, matchId: 1, open });
    const page = { rows: [row(7, true), row(6, false)], total: 2 };
    expect(foldOrderUpdate(view, page, row(7, false))).toEqual({
      rows: [row(7, false), row(6, false)],
      total: 2,
    });
    expect(foldOrderUpdate({ ...view, tab: 'current' }, page, row(7, false))).toEqual({
      rows: [row(6, false)],
      total: 1,
    });
    // A market order that filled on arrival joins "all" at the top, not "current".
    expect(foldOrderUpdate(view, page, row(8, false)).rows[0]).toEqual(row(8, false));
    expect(foldOrderUpdate({ ...view, tab: 'current' }, page, row(8, false))).toBe(page);
  });
});

describe('the orders panel asks for every order on "all"', () => {
  it('loads the side with include_finished on "all", open ones only on "current", the finished list on "history"', async () => {
    const asked: Array<[string, unknown]> = [];
    const api = {
      call: (name: string, params: unknown) => {
        asked.push([name, params]);
        return Promise.resolve({ current_page: 1, data: [], last_page: 1, per_page: 10, total: 0 });
      },
    } as unknown as ApiClient;
    const { loadPage } = spotActors(api, { channel: () => new Subject<Frame>() });
    const load = async (tab: OrdersTab) => {
      const actor = createActor(loadPage, { input: { view: { tab, side: 'sell', page: 2, matchId: 5 } } });
      actor.start();
      await toPromise(actor);
    };
    await load('all');
    await load('current');
    await load('history');
    expect(asked).toEqual([
      ['tx_out/list', { page: 2, limit: 10, include_finished: 1 }],
      ['tx_out/list', { page: 2, limit: 10, currency_match_id: 5 }],
      ['tx_history/list', { page: 2, limit: 10, currency_match_id: 5 }],
    ]);
  });
});
