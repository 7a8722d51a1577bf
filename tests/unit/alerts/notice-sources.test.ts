import { describe, expect, it } from 'vitest';
import {
  alertNotice,
  depositNotice,
  fillNotice,
  leverNotices,
  microNotice,
  newlyCredited,
  p2pNotice,
} from '../../../src/streams/notice-sources.ts';
import type { OrderPush } from '../../../src/streams/spot-order-pushes.ts';
import type { LeverClosedFrame } from '../../../src/streams/lever-pushes.ts';
import type { MicroOrder } from '../../../src/streams/micro-pushes.ts';
import type { Deposit } from '../../../src/streams/queries/wallet.ts';

/**
 * What becomes a notice: a fully filled order (once per order), a closed position (take-profit,
 * stop-loss, liquidation, the user's own close; not a cancelled order), a settled contract, a P2P
 * step, a fired alert, a credited deposit (not one credited before the centre listened); each under
 * a key that names the happening.
 */
const order = (status: 1 | 2 | 3, way: 1 | 2 = 1) =>
  ({
    kind: 'matched',
    order: {
      id: 42,
      way,
      status,
      number: '0.5',
      avg_price: '100.5',
      updated_at: 1_000,
      currency_match: { id: 1, symbol: 'BTC/USDT' },
    },
  }) as unknown as OrderPush;

describe('notice sources', () => {
  it('a spot order is news when it has filled, once per order, buy or sell', () => {
    expect(fillNotice(order(1))).toBeNull();
    expect(fillNotice(order(3))).toBeNull();
    expect(fillNotice(order(2))).toEqual({
      key: 'fill:42',
      kind: 'fill',
      at: 1_000,
      text: 'fillBuy',
      vars: { pair: 'BTC/USDT', quantity: '0.5', price: '100.5' },
      link: '/trade?symbol=BTC%2FUSDT',
      read: false,
    });
    expect(fillNotice(order(2, 2))?.text).toBe('fillSell');
  });

  it('a lever close is news, whoever closed it; a cancelled order (no reason) is not', () => {
    const position = (id: number, close_reason: number) => ({
      id,
      close_reason,
      symbol: 'BTC/USDT',
      update_price: '99',
      profits: '-1.5',
      closed_at: 7,
      close_trade: { id: 3, time: 9, price: '99' },
    });
    const frame = {
      type: 'LEVER_CLOSED',
      trades: [position(1, 1), position(2, 2), position(3, 3), position(4, 4), position(5, 0)],
    } as unknown as LeverClosedFrame;
    expect(leverNotices(frame).map((n) => [n.key, n.text, n.at])).toEqual([
      ['lever:1', 'leverClosedByUser', 9],
      ['lever:2', 'leverLiquidated', 9],
      ['lever:3', 'leverTakeProfit', 9],
      ['lever:4', 'leverStopLoss', 9],
    ]);
    // It names the pair, the close price and the PnL, and leads to the lever page.
    expect(leverNotices(frame)[0]).toEqual({
      key: 'lever:1',
      kind: 'leverClose',
      at: 9,
      text: 'leverClosedByUser',
      vars: { pair: 'BTC/USDT', price: '99', pnl: '-1.5' },
      link: '/lever',
      read: false,
    });
    // A close that cites no closing trade is dated when it closed.
    const untraded = { type: 'LEVER_CLOSED', trades: [{ ...position(6, 2), close_trade: null }] };
    expect(leverNotices(untraded as unknown as LeverClosedFrame)[0]?.at).toBe(7);
  });

  it('a settled micro contract says whether it won, lost or tied', () => {
    const contract = (profit_result: -1 | 0 | 1) =>
      ({
        id: 8,
        profit_result,
        symbol_name: 'BTC/USDT',
        number: '10',
        currency_name: 'USDT',
        fact_profits: '8.00',
        expires_at: 50,
        end_trade: { id: 1, time: 49, price: '1' },
      }) as unknown as MicroOrder;
    expect([1, -1, 0].map((r) => microNotice(contract(r as -1 | 0 | 1)).text)).toEqual([
      'microWon',
      'microLost',
      'microTied',
    ]);
    expect(microNotice(contract(1))).toEqual({
      key: 'micro:8',
      kind: 'microSettled',
      at: 49,
      text: 'microWon',
      vars: { pair: 'BTC/USDT', amount: '10', currency: 'USDT', profit: '8.00' },
      link: '/micro',
      read: false,
    });
  });

  it('a P2P step is one notice per order and status; an alert is news once it fired', () => {
    expect(p2pNotice({ type: 'OTC_ORDER', id: 3, status: 2, side: 1 }, 11)).toEqual({
      key: 'p2p:3:2',
      kind: 'p2pOrder',
      at: 11,
      text: 'p2pStatus',
      vars: { id: 3, status: 'paid' },
      link: '/legalIndex/orderdetail?id=3',
      read: false,
    });
    const alert = {
      id: 5,
      currency_match_id: 1,
      symbol: 'BTC/USDT',
      direction: 2 as const,
      price: '90.00',
      percent: null,
      window: null,
      status: 0 as const,
      created_at: 0,
      trade: null,
    };
    expect(alertNotice(alert)).toBeNull();
    expect(alertNotice({ ...alert, status: 1, trade: { id: 9, price: '89.99', time: 77 } })).toEqual({
      key: 'alert:5',
      kind: 'alert',
      text: 'alertFell',
      at: 77,
      vars: { pair: 'BTC/USDT', price: '90.00', trade: '89.99' },
      link: '/trade?symbol=BTC%2FUSDT',
      read: false,
    });
    const rose = {
      ...alert,
      direction: 1 as const,
      status: 1 as const,
      trade: { id: 9, price: '90.00', time: 77 },
    };
    expect(alertNotice(rose)?.text).toBe('alertRose');
    const moved = { ...alert, direction: 3 as const, percent: '2.00', window: 60 };
    expect(alertNotice({ ...moved, status: 1, trade: { id: 9, price: '91.80', time: 78 } })).toMatchObject({
      key: 'alert:5',
      text: 'alertMoved',
      vars: { pair: 'BTC/USDT', percent: '2.00', window: 60, trade: '91.80' },
    });
  });

  it('a deposit is news once credited, under its id, and not if it was credited before the centre listened', () => {
    const deposit = (id: number, status: 0 | 1 | 2 | 3) =>
      ({
        id,
        currency_id: 3,
        currency: { code: 'USDT' },
        chain: 'TRC20',
        number: '25.5',
        confirmations: status === 0 ? 0 : 6,
        credit_confirmations: 1,
        withdraw_confirmations: 6,
        status,
        tx_hash: 'x',
        created_at: '2026-01-02 03:04:05',
      }) as Deposit;
    expect(depositNotice(deposit(1, 0))).toBeNull();
    expect(depositNotice(deposit(1, 3))).toBeNull();
    expect(depositNotice(deposit(1, 2))).toEqual({
      key: 'deposit:1',
      kind: 'deposit',
      at: Date.UTC(2026, 0, 2, 3, 4, 5),
      text: 'depositCredited',
      vars: { amount: '25.5', currency: 'USDT', chain: 'TRC20' },
      link: '/assets/tradeAccount',
      read: false,
    });
    // The first read is the baseline: nothing in it is news.
    const first = newlyCredited(null, [deposit(1, 1), deposit(2, 0)]);
    expect(first.fresh).toEqual([]);
    // What is known is what was credited: a pending deposit is not known yet.
    expect([...first.known]).toEqual([1]);
    // Then deposit 2 is credited and 3 arrives pending: only 2 is news; 1 going withdrawable is not.
    const second = newlyCredited(first.known, [deposit(1, 2), deposit(2, 1), deposit(3, 0)]);
    expect(second.fresh.map((notice) => notice.key)).toEqual(['deposit:2']);
    expect([...second.known].sort()).toEqual([1, 2]);
    // Known ids stay known even once they leave the page that is read.
    expect([...newlyCredited(second.known, [deposit(3, 1)]).known].sort()).toEqual([1, 2, 3]);
    expect(newlyCredited(second.known, [deposit(1, 2), deposit(2, 2)]).fresh).toEqual([]);
  });
});
