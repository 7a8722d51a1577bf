import {
  isSellBlocked,
  LIMIT,
  MARKET,
  OCO,
  STOP_LIMIT,
  type EntryMode,
  type SpotSide,
} from '../../../domain/spot/order-kind.ts';
import { isPositiveDecimal } from '../../../domain/spot/order-validation.ts';
import { lotsOf, ticksOf } from '../../../domain/spot/settlement.ts';
import type { PairSpec } from '../../market/pairs.ts';
import { isOn, TIME_IN_FORCE_GTC, type TimeInForce } from '../../../domain/contract-codes.ts';

/** An order the payload asked for, in the pair's engine integers. */
export interface OrderRequest {
  pair: PairSpec;
  side: SpotSide;
  type: EntryMode;
  /** Limit price in ticks; 0 for a market order. */
  priceTicks: number;
  lots: number;
  timeInForce: TimeInForce;
  postOnly: boolean;
  /** A stop-limit order's or an OCO's stop price in ticks; 0 for other orders. */
  stopTicks: number;
  /** An OCO's stop leg's limit price in ticks; 0 for other orders. */
  stopLimitTicks: number;
}

/** A refusal: a server message key and its values. */
export interface RequestProblem {
  key: string;
  vars?: Record<string, string | number>;
}

export interface OrderPayload {
  currency_match_id: number;
  number: string;
  price?: string | undefined;
  type?: EntryMode | undefined;
  time_in_force?: TimeInForce | undefined;
  post_only?: number | undefined;
  stop_price?: string | undefined;
  stop_limit_price?: string | undefined;
}

/** Far beyond any real order, and safely inside the engine's integers. */
const MAX_UNITS = 2 ** 48;

/**
 * Checks an order payload against the pair and the spec's rules (§5) before anything is matched:
 * the same rules the form applies, so a hand-made request is refused with a clear message and
 * changes nothing. A quantity finer than the pair's lot or a price finer than its tick is
 * refused rather than silently cut or moved.
 */
export function parseOrderRequest(
  payload: OrderPayload,
  side: SpotSide,
  pair: PairSpec | undefined,
): { ok: true; request: OrderRequest } | { ok: false; problem: RequestProblem } {
  const fail = (key: string, vars?: Record<string, string | number>) => ({
    ok: false as const,
    problem: { key, vars },
  });
  if (!pair || !isOn(pair.openChange)) return fail('marketUnknownPair', { id: payload.currency_match_id });
  if (isSellBlocked(pair.id, side)) return fail('spotSellBlocked');
  const price = payload.price?.trim() ?? '';
  const type: EntryMode = payload.type ?? (price === '' ? MARKET : LIMIT);

  let priceTicks = 0;
  if (type !== MARKET) {
    if (!isPositiveDecimal(price)) return fail('spotNeedPrice');
    const ticks = ticksOf(price, pair);
    if (ticks === null) return fail('spotPriceStep', { decimals: pair.priceDecimals });
    if (ticks <= 0n || ticks > BigInt(MAX_UNITS)) return fail('spotPriceRange');
    priceTicks = Number(ticks);
  }
  const stop = payload.stop_price?.trim() ?? '';
  let stopTicks = 0;
  if (type === STOP_LIMIT || type === OCO) {
    if (!isPositiveDecimal(stop)) return fail('spotNeedStop');
    const ticks = ticksOf(stop, pair);
    if (ticks === null) return fail('spotPriceStep', { decimals: pair.priceDecimals });
    if (ticks <= 0n || ticks > BigInt(MAX_UNITS)) return fail('spotPriceRange');
    stopTicks = Number(ticks);
  } else if (stop !== '') {
    // Never silently dropped: a stop price on an order that has none is a mistake the user should see.
    return fail('spotStopNotStopLimit');
  }
  const stopLimit = payload.stop_limit_price?.trim() ?? '';
  let stopLimitTicks = 0;
  if (type === OCO) {
    if (!isPositiveDecimal(stopLimit)) return fail('spotNeedStopLimit');
    const ticks = ticksOf(stopLimit, pair);
    if (ticks === null) return fail('spotPriceStep', { decimals: pair.priceDecimals });
    if (ticks <= 0n || ticks > BigInt(MAX_UNITS)) return fail('spotPriceRange');
    stopLimitTicks = Number(ticks);
  } else if (stopLimit !== '') return fail('spotStopLimitNotOco');

  if (!isPositiveDecimal(payload.number)) return fail('spotNeedNumber');
  const lots = lotsOf(payload.number, pair);
  // A positive quantity on the lot's grid is at least one lot, so there is no minimum to check.
  if (lots === null) return fail('spotNumberStep', { decimals: pair.lotDecimals });
  if (lots > BigInt(MAX_UNITS)) return fail('spotNumberRange');
  return {
    ok: true,
    request: {
      pair,
      side,
      type,
      priceTicks,
      lots: Number(lots),
      timeInForce: payload.time_in_force ?? TIME_IN_FORCE_GTC,
      postOnly: isOn(payload.post_only ?? 0),
      stopTicks,
      stopLimitTicks,
    },
  };
}
