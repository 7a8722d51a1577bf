import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUY, SELL } from '../../../../src/sim/engine/index.ts';
import { dealAnswer, klineBarAnswer } from '../../../../src/sim/market/market-answers.ts';
import { MarketPublisher } from '../../../../src/sim/market/market-publisher.ts';
import type { Market } from '../../../../src/sim/market/market.ts';
import { KLINE_PERIODS } from '../../../../src/sim/market/periods.ts';
import { openMarket, RecordingHub, START } from './market-fixture.ts';

/** A scripted session: advance steps, and a user order at some of them. */
interface Command {
  step: number;
  order?: { pairIndex: number; side: 0 | 1; lots: number; offsetTicks: number | null };
}

const command = fc.record({
  step: fc.integer({ min: 1, max: 5_000 }),
  order: fc.option(
    fc.record({
      pairIndex: fc.integer({ min: 0, max: 3 }),
      side: fc.constantFrom(BUY, SELL),
      lots: fc.integer({ min: 1, max: 5_000 }),
      offsetTicks: fc.option(fc.integer({ min: -50, max: 50 }), { nil: null }),
    }),
    { nil: undefined },
  ),
});

/** Everything the market said during the session, serialised. */
function run(seed: number, commands: readonly Command[]): string {
  const { clock, market } = openMarket({ seed });
  const hub = new RecordingHub(() => true);
  const publisher = new MarketPublisher(market, hub);
  let nextUserOrder = 1;
  for (const { step, order } of commands) {
    clock.advance(step);
    market.advanceTo(clock.now());
    if (order) {
      const pair = market.pairs[order.pairIndex]!;
      const anchor = order.side === BUY ? pair.book.bestAsk() : pair.book.bestBid();
      pair.submitUserOrder({
        orderId: nextUserOrder++,
        userId: 7,
        side: order.side,
        lots: order.lots,
        ...(order.offsetTicks === null || Number.isNaN(anchor)
          ? {}
          : { price: Math.max(1, anchor + order.offsetTicks) }),
      });
    }
    publisher.publish();
  }
  return JSON.stringify({ frames: hub.frames, answers: answers(market) });
}

function answers(market: Market) {
  const now = market.time();
  return market.pairs.map((pair) => ({
    deal: dealAnswer(pair),
    klines: KLINE_PERIODS.map((period) =>
      pair.candles
        .bars(period, now - 3 * 3_600_000, now, now)
        .map((bar) => klineBarAnswer(pair.pair, bar, period)),
    ),
  }));
}

/** The market's full state at its current time: every resting order, the tape, the recent candles. */
function state(market: Market): string {
  const now = market.time();
  return JSON.stringify(
    market.pairs.map((pair) => ({
      bids: pair.book.orders(BUY),
      asks: pair.book.orders(SELL),
      tape: pair.tape.latest(),
      minutes: pair.candles.bars('1min', now - 3_600_000, now, now),
    })),
  );
}

describe('determinism', () => {
  it('the same seed and the same commands give byte-identical output', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.array(command, { minLength: 1, maxLength: 40 }),
        (seed, commands) => {
          expect(run(seed, commands)).toBe(run(seed, commands));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('another seed gives another market', () => {
    const commands = [{ step: 20_000 }];
    expect(run(1, commands)).not.toBe(run(2, commands));
  });

  it('the state at a time does not depend on how often the market was advanced on the way', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 30 }), (steps) => {
        const total = steps.reduce((sum, step) => sum + step, 0);
        const coarse = openMarket({ seed: 11 });
        coarse.market.advanceTo(START + total);
        const fine = openMarket({ seed: 11 });
        let t = START;
        for (const step of steps) fine.market.advanceTo((t += step));
        expect(state(fine.market)).toBe(state(coarse.market));
      }),
      { numRuns: 8 },
    );
  });
});
