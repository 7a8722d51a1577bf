import { describe, expect, it } from 'vitest';
import {
  LEVER_PRICE_FIXED,
  LEVER_PRICE_MARKET,
  LEVER_STATUS_CLOSED,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
} from '../../../src/domain/contract-codes.ts';
import { spotFixture as openFixture } from '../spot/sim-fixture.ts';

/**
 * Reduce-only lever orders on the whole simulator (lever/submit with reduce_only 1): they shrink the
 * positions on the other side, oldest first, cut to what those hold, and never open one; refused
 * with nothing to reduce, with a fixed price or with stops, each with no state change.
 */
async function fixture() {
  const f = await openFixture();
  const { call } = f;
  const token = await f.login();
  const moved = await call(
    'account/transfer',
    { currency_id: 1, balance: '5000', from: 'change', to: 'lever' },
    token,
  );
  expect(moved.code, moved.msg).toBe(1);
  /** The open and pending positions on BTC/USDT: side and lots, oldest first. */
  const open = async () => {
    const answer = await call('lever/dealall', { currency_match_id: 2, page: 1 }, token);
    const rows = (answer.data as { order: { data: Array<{ id: number; type: number; share: string }> } })
      .order.data;
    return rows
      .map((row) => ({ id: row.id, type: row.type, lots: Number(row.share) }))
      .sort((a, b) => a.id - b.id);
  };
  return { ...f, call, token, open };
}

const ORDER = { currency_match_id: 2, multiple: 10, status: LEVER_PRICE_MARKET };

describe('a reduce-only lever order', () => {
  it('closes the oldest long whole and the next in part, and never opens a short', async () => {
    const f = await fixture();
    for (const share of [2, 3]) {
      const opened = await f.call('lever/submit', { ...ORDER, share, type: LEVER_TYPE_LONG }, f.token);
      expect(opened.code, opened.msg).toBe(1);
    }
    const [first, second] = await f.open();
    const reduced = await f.call(
      'lever/submit',
      { ...ORDER, share: 3, type: LEVER_TYPE_SHORT, reduce_only: 1 },
      f.token,
    );
    expect(reduced).toMatchObject({ code: 1, msg: 'Position reduced' });
    // The oldest (2 lots) closed whole, 1 lot of the next: 2 lots of it stay open; no short.
    expect(await f.open()).toEqual([{ id: second!.id, type: LEVER_TYPE_LONG, lots: 2 }]);
    expect(first!.lots).toBe(2);
    // Asked for more than is left, it is cut to what is held: the long closes, nothing opens.
    const rest = await f.call(
      'lever/submit',
      { ...ORDER, share: 50, type: LEVER_TYPE_SHORT, reduce_only: 1 },
      f.token,
    );
    expect(rest.code, rest.msg).toBe(1);
    expect((rest.data as { status: number }).status).toBe(LEVER_STATUS_CLOSED);
    expect(await f.open()).toEqual([]);
  });

  it('is refused with nothing to reduce, with a fixed price or with stops, and changes nothing', async () => {
    const f = await fixture();
    const nothing = await f.call(
      'lever/submit',
      { ...ORDER, share: 1, type: LEVER_TYPE_SHORT, reduce_only: 1 },
      f.token,
    );
    expect(nothing).toMatchObject({ code: 0, msg: 'There is no position on the other side to reduce' });
    expect(await f.open()).toEqual([]);
    // A long is open: a reduce-only long would reduce shorts, of which there are none.
    expect((await f.call('lever/submit', { ...ORDER, share: 1, type: LEVER_TYPE_LONG }, f.token)).code).toBe(
      1,
    );
    const before = await f.open();
    const sameSide = await f.call(
      'lever/submit',
      { ...ORDER, share: 1, type: LEVER_TYPE_LONG, reduce_only: 1 },
      f.token,
    );
    expect(sameSide.code).toBe(0);
    const fixed = await f.call(
      'lever/submit',
      {
        ...ORDER,
        share: 1,
        type: LEVER_TYPE_SHORT,
        reduce_only: 1,
        status: LEVER_PRICE_FIXED,
        target_price: '999999',
      },
      f.token,
    );
    expect(fixed).toMatchObject({
      code: 0,
      msg: 'A reduce-only order is placed at market, without take-profit or stop-loss',
    });
    const withStop = await f.call(
      'lever/submit',
      { ...ORDER, share: 1, type: LEVER_TYPE_SHORT, reduce_only: 1, stop_loss_price: '1' },
      f.token,
    );
    expect(withStop.code).toBe(0);
    expect(await f.open()).toEqual(before);
    // Not 0 or 1: refused by the contract before anything runs.
    const odd = await f.call(
      'lever/submit',
      { ...ORDER, share: 1, type: LEVER_TYPE_SHORT, reduce_only: 2 },
      f.token,
    );
    expect(odd.code).toBe(0);
    expect(await f.open()).toEqual(before);
  });
});
