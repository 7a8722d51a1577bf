import type { z } from 'zod';
import type * as entities from '../../api/entities.ts';
import { BUY, SELL, type Side } from '../engine/index.ts';
import type { Candle } from './candle.ts';
import { CNY_PER_USD, currencyByCode, QUOTE_CODES } from './currencies.ts';
import { percentText } from './decimal-text.ts';
import type { Market } from './market.ts';
import type { PairMarket } from './pair-market.ts';
import type { PairSpec } from './pairs.ts';
import type { KlinePeriod } from './periods.ts';
import type { Trade } from './trade.ts';
import { FLAG_OFF, FLAG_ON, isOn, TAPE_WAY_BUY, TAPE_WAY_SELL } from '../../domain/contract-codes.ts';
import { leverTermsAnswer } from './lever-terms.ts';
import { FEE_BPS } from '../../domain/spot/settlement.ts';
import { roundedScaledText, scaledToPlainText, scaledToText } from '../../domain/money.ts';

/**
 * The market's state in the contract's shapes (src/api/entities.ts): the engine's integers become
 * decimal strings here and nowhere earlier.
 */
export type QuotationAnswer = z.input<typeof entities.quotation>;
export type DepthAnswer = z.input<typeof entities.depth>;
export type CompletedTradeAnswer = z.input<typeof entities.completedTrade>;
export type KlineBarAnswer = z.input<typeof entities.klineBar>;
export type CurrencyMatchAnswer = z.input<typeof entities.currencyMatch>;
export type QuoteGroupAnswer = z.input<typeof entities.quoteGroup>;
export type DealAnswer = z.input<typeof entities.dealSnapshot>;

/**
 * The spot fee (of what an order receives) in percent, as the family's clients print it
 * (`change_fee_rate + "%"`): settlement.ts FEE_BPS 10 bp = "0.1".
 */
export const SPOT_FEE_RATE = scaledToPlainText(FEE_BPS, 2);

/** Depth rows per side in answers and pushes. */
export const DEPTH_LEVELS = 20;

export function priceText(pair: PairSpec, ticks: number): string {
  return scaledToText(ticks, pair.priceDecimals);
}

export function lotsText(pair: PairSpec, lots: number): string {
  return scaledToText(lots, pair.lotDecimals);
}

/** The 24 h quote: close is the last trade, change the move since the window's first trade. */
export function quotationAnswer(market: PairMarket): QuotationAnswer {
  const { pair } = market;
  const window = market.dayWindow();
  const close = market.lastPrice();
  if (!window) {
    const last = priceText(pair, close);
    return {
      currency_match_id: pair.id,
      close: last,
      change: '0.00',
      high: last,
      low: last,
      volume: lotsText(pair, 0),
      quote_volume: scaledToText(0, pair.priceDecimals),
    };
  }
  return {
    currency_match_id: pair.id,
    close: priceText(pair, window.close),
    change: percentText((window.close - window.open) / window.open),
    high: priceText(pair, window.high),
    low: priceText(pair, window.low),
    volume: lotsText(pair, window.volume),
    quote_volume: turnoverText(pair, window.turnover),
  };
}

/**
 * A turnover (ticks x lots) as quote currency, in the pair's price places: ticks x lots is the
 * quote amount in units of 10^-(price + lot places); dropping the lot places rounds to the nearest.
 */
function turnoverText(pair: PairSpec, turnover: number): string {
  return scaledToText(Math.round(turnover / 10 ** pair.lotDecimals), pair.priceDecimals);
}

const depthPrices = new Float64Array(DEPTH_LEVELS);
const depthLots = new Float64Array(DEPTH_LEVELS);

/** The book's best levels: `in` = bids (highest first), `out` = asks (lowest first). */
export function depthAnswer(market: PairMarket, levels = DEPTH_LEVELS): DepthAnswer {
  return { in: depthSide(market, BUY, levels), out: depthSide(market, SELL, levels) };
}

function depthSide(market: PairMarket, side: Side, levels: number): DepthAnswer['in'] {
  const { pair } = market;
  const prices = levels <= DEPTH_LEVELS ? depthPrices : new Float64Array(levels);
  const lots = levels <= DEPTH_LEVELS ? depthLots : new Float64Array(levels);
  const count = market.book.depth(side, levels, prices, lots);
  const rows: DepthAnswer['in'] = [];
  for (let index = 0; index < count; index++) {
    const price = prices[index]!;
    const number = lots[index]!;
    const quantity = lotsText(pair, number);
    rows.push({
      index,
      price: priceText(pair, price),
      number: quantity,
      // The family's rows: `amount` is the level's quantity (their depth bars are relative to it).
      amount: quantity,
      total: roundedScaledText(
        BigInt(price) * BigInt(number),
        pair.priceDecimals + pair.lotDecimals,
        pair.priceDecimals,
      ),
    });
  }
  return rows;
}

/** A trade on the tape; its way is the taker's side, numbered as on the tape (TAPE_WAY_BUY shows green). */
export function completedTradeAnswer(pair: PairSpec, trade: Trade): CompletedTradeAnswer {
  return {
    time: trade.time,
    price: priceText(pair, trade.price),
    number: lotsText(pair, trade.lots),
    // The family's tape shows the quantity from `amount`.
    amount: lotsText(pair, trade.lots),
    way: trade.takerSide === BUY ? TAPE_WAY_BUY : TAPE_WAY_SELL,
    // The family's clients read unix seconds; `time` stays in ms.
    timestamp: Math.floor(trade.time / 1000),
    ...(trade.id === undefined ? {} : { id: trade.id }),
  };
}

/** A candle; `time` is the bar's open time in ms. */
export function klineBarAnswer(pair: PairSpec, bar: Candle, period: KlinePeriod): KlineBarAnswer {
  return {
    time: bar.time,
    open: priceText(pair, bar.open),
    high: priceText(pair, bar.high),
    low: priceText(pair, bar.low),
    close: priceText(pair, bar.close),
    volume: lotsText(pair, bar.volume),
    period,
  };
}

export function dealAnswer(market: PairMarket): DealAnswer {
  return {
    quotation: quotationAnswer(market),
    depth: depthAnswer(market),
    tx_completes: market.tape.latest().map((trade) => completedTradeAnswer(market.pair, trade)),
  };
}

/**
 * Where a file the simulator names by its path (a coin logo, `/coins/btc.svg`) is reached: in the
 * browser the path itself (the app's own origin serves it); a server answers absolute URLs on its
 * public address, since the family's clients put `base_currency.logo` into an `<img src>` on their
 * own origin.
 */
export type AssetUrl = (path: string) => string;
const samePath: AssetUrl = (path) => path;

export function currencyMatchAnswer(market: PairMarket, assetUrl: AssetUrl = samePath): CurrencyMatchAnswer {
  const { pair } = market;
  return {
    id: pair.id,
    symbol: pair.symbol,
    base_currency_id: pair.base.id,
    quote_currency_id: pair.quote.id,
    base_currency_code: pair.base.code,
    quote_currency_code: pair.quote.code,
    base_currency: { logo: assetUrl(pair.base.logo) },
    added: FLAG_OFF,
    open_change: pair.openChange,
    open_lever: pair.openLever,
    open_microtrade: pair.openMicro,
    lever_point_rate: pair.leverPointRate,
    lever_share_num: pair.leverShareNum,
    lever_fee_rate: pair.leverFeeRate,
    change_fee_rate: SPOT_FEE_RATE,
    ...(isOn(pair.openLever)
      ? { ...leverTermsAnswer(), lever_price_band: String(pair.leverPriceBandPercent) }
      : {}),
    price_decimals: pair.priceDecimals,
    number_decimals: pair.lotDecimals,
    price_band_down: String(pair.priceBand.downPercent),
    price_band_up: String(pair.priceBand.upPercent),
    min_notional: pair.minNotional,
    currency_quotation: quotationAnswer(market),
  };
}

/**
 * The quote groups (USDT, BTC, ETH) with their pairs. A group's usd_price is its currency's last
 * USDT price on this exchange (USDT itself: 1); cny_price converts it at the demo rate.
 */
export function currencyMatchesAnswer(market: Market, assetUrl: AssetUrl = samePath): QuoteGroupAnswer[] {
  return QUOTE_CODES.map((code) => {
    const currency = currencyByCode(code);
    const usd = usdPriceText(market, code);
    return {
      id: currency.id,
      code,
      is_quote: FLAG_ON,
      usd_price: usd.text,
      cny_price: roundedScaledText(usd.units * BigInt(Math.round(CNY_PER_USD * 100)), usd.decimals + 2, 2),
      matches: market.pairs
        .filter((pair) => pair.pair.quote.code === code)
        .map((pair) => currencyMatchAnswer(pair, assetUrl)),
    };
  });
}

function usdPriceText(market: Market, code: string): { text: string; units: bigint; decimals: number } {
  const usdtPair = market.pairs.find(
    (pair) => pair.pair.base.code === code && pair.pair.quote.code === 'USDT',
  );
  if (!usdtPair) return { text: '1', units: 1n, decimals: 0 };
  const decimals = usdtPair.pair.priceDecimals;
  return {
    text: priceText(usdtPair.pair, usdtPair.lastPrice()),
    units: BigInt(usdtPair.lastPrice()),
    decimals,
  };
}
