import { ALERT_FIRED, ALERT_MOVES, ALERT_WAITING } from '../../../domain/contract-codes.ts';
import { MOVE_PERCENT_DECIMALS } from '../../../domain/alerts/move-alert.ts';
import { ALERT_DIRECTION_CODE } from '../../../domain/alerts/price-alert.ts';
import { LEDGER_DECIMALS, scaledToText } from '../../../domain/money.ts';
import { pairById } from '../../market/pairs.ts';
import type { PriceAlertRecord } from './state.ts';

/** Ledger units as the pair's price text (its places; a target was typed at those places). */
function priceText(pairId: number, units: bigint): string {
  const places = pairById(pairId)?.priceDecimals ?? LEDGER_DECIMALS;
  const scale = 10n ** BigInt(LEDGER_DECIMALS - places);
  return scaledToText(units / scale, places);
}

/** An alert as `alert/list`, `alert/add` and the PRICE_ALERT push answer it (catalogue/alerts.ts). */
export function alertAnswer(alert: PriceAlertRecord) {
  const pair = pairById(alert.pairId);
  return {
    id: alert.id,
    currency_match_id: alert.pairId,
    symbol: pair?.symbol ?? '',
    direction: alert.direction === 'moves' ? ALERT_MOVES : ALERT_DIRECTION_CODE[alert.direction],
    price: priceText(alert.pairId, alert.target),
    // A move alert's percent (2 places) and window (minutes); null on a price alert.
    percent: alert.move ? scaledToText(alert.move.bp, MOVE_PERCENT_DECIMALS) : null,
    window: alert.move ? alert.move.windowMs / 60_000 : null,
    status: alert.fired === null ? ALERT_WAITING : ALERT_FIRED,
    created_at: alert.createdAt,
    trade:
      alert.fired === null
        ? null
        : { id: alert.fired.id, price: priceText(alert.pairId, alert.fired.price), time: alert.fired.time },
  };
}

export type PriceAlertAnswer = ReturnType<typeof alertAnswer>;
