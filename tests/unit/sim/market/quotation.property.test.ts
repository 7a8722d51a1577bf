import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentText } from '../../../../src/sim/market/decimal-text.ts';
import { HistorySynthesizer } from '../../../../src/sim/market/history-synth.ts';
import { priceText, quotationAnswer, lotsText } from '../../../../src/sim/market/market-answers.ts';
import { pairScale } from '../../../../src/sim/market/pair-scale.ts';
import { PAIRS } from '../../../../src/sim/market/pairs.ts';
import { MINUTE_MS } from '../../../../src/sim/market/periods.ts';
import { openMarket, START } from './market-fixture.ts';
import { scaledToText } from '../../../../src/domain/money.ts';

interface Tick {
  time: number;
  price: number;
  lots: number;
}

describe('the 24 h quotation', () => {
  it('agrees with every trade in the window: the minute now and the 1439 before it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        fc.array(fc.integer({ min: 1, max: 30_000 }), { minLength: 1, maxLength: 25 }),
        fc.constantFrom(...PAIRS.filter((pair) => [1, 3, 10].includes(pair.id))),
        (seed, startOffset, steps, pair) => {
          const trades: Tick[] = [];
          const { clock, market } = openMarket({
            seed,
            start: START + startOffset,
            pairs: [pair],
            onTrade: (_pair, trade) => trades.push(trade),
          });
          const live = market.pairs[0]!;
          for (const step of steps) {
            clock.advance(step);
            market.advanceTo(clock.now());
          }
          // The window's history: every synthesised trade from the window's first minute on.
          const nowMinute = Math.floor(clock.now() / MINUTE_MS);
          const liveMinute = Math.floor(market.openedAt / MINUTE_MS);
          const synthesizer = new HistorySynthesizer(seed, market.generator, pair, pairScale(pair));
          const history: Tick[] = [];
          for (let minute = nowMinute - 1439; minute < liveMinute; minute++) {
            synthesizer.synthesizeMinute(minute, (time, price, lots) => history.push({ time, price, lots }));
          }
          const window = [...history, ...trades];
          const open = window[0]!.price;
          const close = window[window.length - 1]!.price;
          const prices = window.map((trade) => trade.price);
          expect(quotationAnswer(live)).toEqual({
            currency_match_id: pair.id,
            close: priceText(pair, close),
            change: percentText((close - open) / open),
            high: priceText(pair, Math.max(...prices)),
            low: priceText(pair, Math.min(...prices)),
            volume: lotsText(
              pair,
              window.reduce((sum, trade) => sum + trade.lots, 0),
            ),
            // Sum of price x quantity, read in the quote's price places (ticks x lots / 10^lot places).
            quote_volume: scaledToText(
              Math.round(
                window.reduce((sum, trade) => sum + trade.price * trade.lots, 0) / 10 ** pair.lotDecimals,
              ),
              pair.priceDecimals,
            ),
          });
          // The close is the tape's latest trade.
          expect(live.tape.latest()[0]?.price).toBe(close);
        },
      ),
      { numRuns: 12 },
    );
  });
});
