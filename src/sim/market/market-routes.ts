import { errorEnvelope, okEnvelope } from '../../api/envelope.ts';
import type { CallContext, Routes } from '../routes.ts';
import type { Market } from './market.ts';
import { currencyMatchesAnswer, dealAnswer, klineBarAnswer, type AssetUrl } from './market-answers.ts';
import type { PairMarket } from './pair-market.ts';
import { nominalBarMs, type KlinePeriod } from './periods.ts';

/** At most this many candles per market/kline request (charts ask for a few hundred at a time). */
export const MAX_KLINE_BARS = 5_000;
/** Bars answered when a request names no window (`from`, `to` absent). */
export const LATEST_KLINE_BARS = 360;
/** Times past this many seconds are milliseconds sent by mistake (it is the year 5138). */
const LATEST_PLAUSIBLE_SECONDS = 1e11;

/**
 * market/currency_matches, market/deal and market/kline, answered from the live market; logos are
 * answered at `assetUrl` (market-answers.ts).
 */
export function registerMarketRoutes(routes: Routes, market: Market, assetUrl?: AssetUrl): void {
  routes
    .add('market/currency_matches', (_payload, ctx) => {
      market.advanceTo(ctx.now);
      return okEnvelope(currencyMatchesAnswer(market, assetUrl));
    })
    .add('market/deal', (payload, ctx) => {
      market.advanceTo(ctx.now);
      const pair = findPair(market, payload.currency_match_id as number, ctx);
      return typeof pair === 'string' ? errorEnvelope(pair) : okEnvelope(dealAnswer(pair));
    })
    .add('market/kline', (payload, ctx) => {
      market.advanceTo(ctx.now);
      const { symbol } = payload as { symbol?: string };
      const period = payload.period as KlinePeriod;
      const pair = findPair(market, payload.currency_match_id as number, ctx);
      if (typeof pair === 'string') return errorEnvelope(pair);
      // Without from/to (the family's chart asks so), the latest bars up to now.
      const now = market.time();
      const to = (payload.to as number | undefined) ?? Math.floor(now / 1000);
      const from =
        (payload.from as number | undefined) ??
        Math.max(0, to - (LATEST_KLINE_BARS * nominalBarMs(period)) / 1000);
      if (symbol !== undefined && pair.pair.symbol !== symbol) {
        return errorEnvelope(ctx.t('marketSymbolMismatch', { id: pair.pair.id, expected: pair.pair.symbol }));
      }
      if (
        ![from, to].every((time) => Number.isFinite(time) && time >= 0 && time < LATEST_PLAUSIBLE_SECONDS)
      ) {
        return errorEnvelope(ctx.t('klineBadTime'));
      }
      if (from > to) return errorEnvelope(ctx.t('klineFromAfterTo'));
      if (((to - from) * 1000) / nominalBarMs(period) > MAX_KLINE_BARS) {
        return errorEnvelope(ctx.t('klineTooManyBars', { max: MAX_KLINE_BARS }));
      }
      const all = pair.candles.bars(period, from * 1000, to * 1000, now);
      // A window chosen by the server holds at most the latest LATEST_KLINE_BARS (months vary in length).
      const bars = payload.from === undefined ? all.slice(-LATEST_KLINE_BARS) : all;
      return okEnvelope(bars.map((bar) => klineBarAnswer(pair.pair, bar, period)));
    });
}

/** The pair's market, or the translated message saying there is none. */
function findPair(market: Market, id: number, ctx: CallContext): PairMarket | string {
  return market.pair(id) ?? ctx.t('marketUnknownPair', { id });
}
