import type { z } from 'zod';
import type * as entities from '../../../api/entities.ts';
import { LEVER_STATUS_OPEN, LEVER_TYPE_LONG, LEVER_TYPE_SHORT } from '../../../domain/contract-codes.ts';
import {
  hazardRateText,
  leverLiquidationPrice,
  leverPnl,
  leverTransferable,
  LIQUIDATION_RATE_PERCENT,
} from '../../../domain/lever/rules.ts';
import { CURRENCIES } from '../../market/currencies.ts';
import { leverPair, priceUnits } from '../../market/lever-terms.ts';
import { priceText } from '../../market/market-answers.ts';
import type { TapeTradeRef } from '../micro/state.ts';
import { accountFigures, pnlAtMark } from './part.ts';
import type { LeverPosition } from './state.ts';
import { unitsText } from '../../../domain/money.ts';
import type { ExchangeState } from '../../exchange/state.ts';

export type LeverPositionAnswer = z.input<typeof entities.leverPosition>;
export type LeverAccountAnswer = z.input<typeof entities.leverAccountSummary>;

/** "YYYY-MM-DD HH:mm:ss" UTC of a simulated instant. */
function stamp(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A position as the contract's leverPosition, at the live marks (`marks`: each pair's last tape
 * trade now). Prices keep 8 decimals where the spread or a liquidation price needs them.
 */
export function leverPositionAnswer(
  state: ExchangeState,
  position: LeverPosition,
  marks: ReadonlyMap<number, TapeTradeRef>,
): LeverPositionAnswer {
  const pair = leverPair(position.pairId);
  const tick = (ref: TapeTradeRef) => ({
    id: ref.id,
    time: ref.time,
    price: pair ? priceText(pair, ref.price) : '0',
  });
  const open = position.status === LEVER_STATUS_OPEN;
  const mark = marks.get(position.pairId) ?? position.openTrade ?? position.origin;
  const markUnits = pair ? priceUnits(pair, mark.price) : 0n;
  let liquidation = 0n;
  if (open) {
    const figures = accountFigures(state, position.userId, position.currencyId, marks);
    const own = pnlAtMark(position, marks);
    liquidation = leverLiquidationPrice(
      position.side,
      position.entry,
      position.quantity,
      figures.free,
      figures.bonds,
      figures.pnl - own,
    );
  }
  const profits = open ? leverPnl(position.side, position.entry, markUnits, position.quantity) : position.pnl;
  return {
    id: position.id,
    currency_match_id: position.pairId,
    type: position.side === 'long' ? LEVER_TYPE_LONG : LEVER_TYPE_SHORT,
    type_name: position.side === 'long' ? 'long' : 'short',
    symbol: pair?.symbol ?? '',
    base_currency_id: pair?.base.id ?? 0,
    quote_currency_id: position.currencyId,
    share: String(position.lots),
    number: unitsText(position.quantity),
    multiple: position.multiple,
    price: unitsText(position.entry),
    origin_price: pair ? priceText(pair, position.origin.price) : '0',
    update_price: open || position.closePrice === 0n ? unitsText(markUnits) : unitsText(position.closePrice),
    target_price: unitsText(position.limit),
    target_profit_price: unitsText(position.takeProfit),
    stop_loss_price: unitsText(position.stopLoss),
    origin_caution_money: unitsText(position.originBond),
    caution_money: unitsText(position.bond),
    trade_fee: unitsText(position.fee),
    overnight_money: unitsText(position.overnight),
    profits: unitsText(profits),
    liquidation_price: unitsText(liquidation),
    status: position.status,
    close_reason: position.closeReason,
    open_trade: position.openTrade ? tick(position.openTrade) : null,
    close_trade: position.closeTrade ? tick(position.closeTrade) : null,
    created_at: position.placedAt,
    time: stamp(position.placedAt),
    closed_at: position.closedAt,
    // As the family's clients read them: the pair's name here, and when it closed or was cancelled.
    currency_match: { id: position.pairId, symbol: pair?.symbol ?? '' },
    complete_time: position.closedAt > 0 ? stamp(position.closedAt) : null,
    ...(position.partOf ? { part_of: position.partOf } : {}),
    ...(open && position.closeOrder && position.closeOrder.lots > 0n
      ? {
          close_order_share: String(position.closeOrder.lots),
          close_order_price: unitsText(position.closeOrder.price),
        }
      : {}),
  };
}

/** A user's lever account of one quote currency at the live marks. */
export function leverAccountAnswer(
  state: ExchangeState,
  userId: number,
  currencyId: number,
  marks: ReadonlyMap<number, TapeTradeRef>,
): LeverAccountAnswer {
  const figures = accountFigures(state, userId, currencyId, marks);
  return {
    currency_id: currencyId,
    currency_code: CURRENCIES.find((currency) => currency.id === currencyId)?.code ?? '',
    balance: unitsText(figures.free),
    lock_balance: unitsText(figures.locked),
    caution_money_all: unitsText(figures.bonds),
    origin_caution_money_all: unitsText(figures.originBonds),
    profits_all: unitsText(figures.pnl),
    hazard_rate: hazardRateText(figures.free, figures.bonds, figures.pnl),
    liquidation_rate: String(LIQUIDATION_RATE_PERCENT),
    transferable: unitsText(leverTransferable(figures.free, figures.pnl)),
  };
}
