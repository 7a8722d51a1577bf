import { describe, expect, it } from 'vitest';
import {
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_PRICE_MARKET,
  LEVER_STATUS_CLOSED,
  LEVER_TYPE_LONG,
} from '../../../src/domain/contract-codes.ts';
import { leverCloseProof } from '../../../src/domain/lever/close-proof.ts';
import type { LeverPositionAnswer } from '../../../src/sim/features/lever/answers.ts';
import { spotFixture } from '../spot/sim-fixture.ts';

/**
 * A take-profit or stop-loss fires on the trade that crosses it: with no clock pass at all (no
 * timer runs in these tests, and nothing calls lever.advance), the market's own trades close the
 * position, at the crossing trade's price and time.
 */
describe('lever stops fire from the tape, not from a timer', () => {
  it('a position with stops near the price closes on the trade that crosses one, at its time', async () => {
    const f = await spotFixture();
    const { call } = f;
    const token = await f.login();
    expect(
      (
        await call(
          'account/transfer',
          { currency_id: 1, balance: '5000', from: 'change', to: 'lever' },
          token,
        )
      ).code,
    ).toBe(1);
    const opened = await call(
      'lever/submit',
      { currency_match_id: 2, share: 2, multiple: 10, type: LEVER_TYPE_LONG, status: LEVER_PRICE_MARKET },
      token,
    );
    expect(opened.code, opened.msg).toBe(1);
    const { id, price } = opened.data as { id: number; price: string };
    // 0.05 % either side of the entry: the market crosses one of them within minutes.
    const entry = Number(price);
    const stops = await call(
      'lever/setstop',
      { id, target_profit_price: (entry * 1.0005).toFixed(2), stop_loss_price: (entry * 0.9995).toFixed(2) },
      token,
    );
    expect(stops.code, stops.msg).toBe(1);
    const position = () => f.simulator.lever.positions().get(id)!;
    for (let second = 0; second < 600 && position().status !== LEVER_STATUS_CLOSED; second++) {
      await f.run(1000);
      // The pass a crossing trade started settles on the log's queue.
      for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const closed = position();
    expect(closed.status).toBe(LEVER_STATUS_CLOSED);
    expect([LEVER_CLOSE_TAKE_PROFIT, LEVER_CLOSE_STOP_LOSS]).toContain(closed.closeReason);
    // At the trade that fired it: its time is the close's time, its price is past the stop.
    expect(closed.closeTrade).not.toBeNull();
    expect(closed.closedAt).toBe(closed.closeTrade!.time);
    if (closed.closeReason === LEVER_CLOSE_TAKE_PROFIT)
      expect(closed.closePrice >= closed.takeProfit).toBe(true);
    else expect(closed.closePrice <= closed.stopLoss).toBe(true);
    // The closed position as lever/my_trade answers it proves itself: the rule fired on its close
    // trade, and the PnL re-derived from that trade's price is the one recorded (issue 32 item 6).
    const list = await call('lever/my_trade', { status: LEVER_STATUS_CLOSED, page: 1 }, token);
    const answer = (list.data as { data: LeverPositionAnswer[] }).data.find((row) => row.id === id)!;
    const proof = leverCloseProof({
      side: answer.type === LEVER_TYPE_LONG ? 'long' : 'short',
      reason: answer.close_reason,
      entry: String(answer.price),
      quantity: String(answer.number),
      takeProfit: String(answer.target_profit_price),
      stopLoss: String(answer.stop_loss_price),
      tradePrice: String(answer.close_trade!.price),
      profits: String(answer.profits),
    });
    expect(proof).toMatchObject({ fired: true, agrees: true });
    // The exit price shown is that trade's price.
    expect(Number(answer.update_price)).toBe(Number(answer.close_trade!.price));
  });
});
