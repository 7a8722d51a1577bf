import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LeverPosition } from '../../../src/machines/lever-positions.machine.ts';
import { NO_MARKS } from '../../../src/views/pages/trade/chart-marks.ts';
import {
  LEVER_MARKED_POSITIONS,
  leverChartMarks,
  leverMarksKey,
  leverMarksKeyOf,
  draggedLineOf,
  leverPnlAtLine,
  pnlText,
} from '../../../src/views/pages/lever/lever-chart-marks.ts';

import { numberTextFor } from '../../../src/domain/number-locale.ts';

const EN = numberTextFor('en');
const WORDS = {
  long: 'Long',
  short: 'Short',
  entry: 'Entry',
  tp: 'TP',
  sl: 'SL',
  liquidation: 'Liq.',
  order: 'Order',
  closeOrder: (lots: string) => `Close ×${lots}`,
  quote: 'USDT',
};

function position(id: number, extra: Partial<LeverPosition> = {}): LeverPosition {
  return {
    id,
    currency_match_id: 1,
    type: 1,
    type_name: 'long',
    symbol: 'BTC/USDT',
    base_currency_id: 2,
    quote_currency_id: 1,
    share: '2',
    number: '0.02',
    multiple: 10,
    price: '100.10',
    origin_price: '100',
    update_price: '100',
    target_price: '0',
    target_profit_price: '0',
    stop_loss_price: '0',
    origin_caution_money: '0.2002',
    caution_money: '0.2002',
    trade_fee: '0.002',
    overnight_money: '0',
    profits: '0',
    liquidation_price: '0',
    status: 1,
    close_reason: 0,
    open_trade: null,
    close_trade: null,
    created_at: 0,
    time: '2026-01-01 00:00:00',
    closed_at: 0,
    ...extra,
  };
}

describe('lever chart marks', () => {
  it('draws entry, take-profit, stop-loss and liquidation of the open positions of the pair, and the pending orders', () => {
    const marks = leverChartMarks(
      [
        position(1, { target_profit_price: '110.5', stop_loss_price: '95', liquidation_price: '90.12' }),
        position(2, { type: 2, multiple: 5, price: '101', currency_match_id: 2 }),
        position(3, { type: 2, multiple: 5, price: '102' }),
        position(4, { status: 0, price: '99' }),
        position(5, { status: 3, price: '98' }),
      ],
      1,
      2,
      WORDS,
      EN,
    );
    expect(marks.moments).toEqual([]);
    // PnL at a line = (line - entry) x quantity for a long: (110.5 - 100.1) x 0.02 = 0.208.
    expect(marks.prices).toEqual([
      { id: 'lever-1-entry', price: 100.1, label: 'Long ×10 Entry 100.10', tone: 'entry' },
      { id: 'lever-1-tp', price: 110.5, label: 'TP 110.50 · +0.20 USDT', tone: 'profit', grip: 'TP' },
      { id: 'lever-1-sl', price: 95, label: 'SL 95.00 · -0.10 USDT', tone: 'loss', grip: 'SL' },
      { id: 'lever-1-liquidation', price: 90.12, label: 'Liq. 90.12 · -0.19 USDT', tone: 'danger' },
      { id: 'lever-3-entry', price: 102, label: 'Short ×5 Entry 102.00', tone: 'entry' },
      { id: 'lever-4-order', price: 99, label: 'Long ×10 Order 99.00', tone: 'neutral' },
    ]);
  });

  it('writes the prices of the labels in the reader’s language', () => {
    const marks = leverChartMarks([position(1, { price: '89233.7' })], 1, 2, WORDS, numberTextFor('gm'));
    expect(marks.prices[0]?.label).toBe('Long ×10 Entry 89.233,70');
    expect(marks.prices[0]?.price).toBe(89233.7);
  });

  it('no open position on the pair: no marks', () => {
    expect(leverChartMarks([position(1, { status: 3 })], 1, 2, WORDS, EN)).toBe(NO_MARKS);
  });

  it('the key changes exactly when a drawn line changes, not when the PnL does', () => {
    const price = fc.constantFrom('0', '90', '95.5', '95.504', '100.1', '100.109', '120');
    const row = fc.record({
      id: fc.integer({ min: 1, max: 14 }),
      status: fc.constantFrom<0 | 1 | 2 | 3>(0, 1, 2, 3),
      target_profit_price: price,
      stop_loss_price: price,
      liquidation_price: price,
      profits: fc.constantFrom('0', '1.5', '-2'),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), fc.array(row, { maxLength: 12 }), (a, b) => {
        const left = a.map((each) => position(each.id, each));
        const right = b.map((each) => position(each.id, each));
        const sameKey = leverMarksKey(left, 1, 2) === leverMarksKey(right, 1, 2);
        const sameMarks =
          JSON.stringify(leverChartMarks(left, 1, 2, WORDS, EN)) ===
          JSON.stringify(leverChartMarks(right, 1, 2, WORDS, EN));
        if (sameKey) expect(sameMarks).toBe(true);
        // A PnL tick alone keeps the key.
        const ticked = left.map((each) => ({ ...each, profits: '42' }));
        expect(leverMarksKey(ticked, 1, 2)).toBe(leverMarksKey(left, 1, 2));
      }),
    );
  });

  it('draws the lines of the newest LEVER_MARKED_POSITIONS open positions of the pair only', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { maxLength: 30 }), (ids) => {
        const rows = ids.map((id) => position(id));
        const drawn = leverChartMarks(rows, 1, 2, WORDS, EN).prices.map((mark) => mark.id);
        const newest = [...ids].sort((a, b) => b - a).slice(0, LEVER_MARKED_POSITIONS);
        // In list order, one entry line each (no TP, SL or liquidation set).
        expect(drawn).toEqual(ids.filter((id) => newest.includes(id)).map((id) => `lever-${id}-entry`));
      }),
    );
  });

  it('a liquidation price moving below the pair decimals keeps the key; one the label shows changes it', () => {
    const at = (liquidation_price: string) => leverMarksKey([position(1, { liquidation_price })], 1, 2);
    expect(at('90.1234')).toBe(at('90.1299'));
    expect(at('90.12')).not.toBe(at('90.13'));
    expect(
      leverChartMarks([position(1, { liquidation_price: '90.1299' })], 1, 2, WORDS, EN).prices[1],
    ).toEqual({
      id: 'lever-1-liquidation',
      price: 90.12,
      label: 'Liq. 90.12 · -0.19 USDT',
      tone: 'danger',
    });
  });

  it('leverMarksKeyOf gives leverMarksKey, worked out once per list it is given', () => {
    const keyOf = leverMarksKeyOf(1, 2);
    const rows = [position(1, { liquidation_price: '90.12' })];
    expect(keyOf(rows)).toBe(leverMarksKey(rows, 1, 2));
    // The same list again is not read again (the machine's lists are never changed in place)...
    rows.push(position(2));
    expect(keyOf(rows)).toBe(leverMarksKey(rows.slice(0, 1), 1, 2));
    // ...a new one is.
    expect(keyOf([...rows])).toBe(leverMarksKey(rows, 1, 2));
  });

  it('a line says the PnL leverPnl settles with there, signed, for a long and a short', () => {
    const price = fc.integer({ min: 1, max: 100_000 });
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        price,
        price,
        fc.integer({ min: 1, max: 500 }),
        (type, entry, tp, lots) => {
          const row = position(1, {
            type,
            price: (entry / 100).toFixed(2),
            number: (lots / 100).toFixed(2),
            target_profit_price: (tp / 100).toFixed(2),
          });
          const pnl = leverPnlAtLine(row, row.target_profit_price);
          // By hand, in cents of cents: (tp - entry) x lots for a long, the other way for a short.
          const byHand = BigInt((type === 1 ? tp - entry : entry - tp) * lots) * 10_000n;
          expect(pnl).toBe(byHand);
          const label = leverChartMarks([row], 1, 2, WORDS, EN).prices.find(
            (m) => m.id === 'lever-1-tp',
          )!.label;
          expect(label.endsWith(` · ${pnlText(pnl, 'USDT', EN)}`)).toBe(true);
          expect(pnlText(pnl, 'USDT', EN).startsWith('+')).toBe(pnl > 0n);
        },
      ),
    );
  });

  it('only take-profit and stop-loss lines have a grip, and a grip names its position and leg', () => {
    const marks = leverChartMarks(
      [position(7, { target_profit_price: '110', stop_loss_price: '95', liquidation_price: '90' })],
      1,
      2,
      WORDS,
      EN,
    );
    const gripped = marks.prices.filter((mark) => mark.grip !== undefined).map((mark) => mark.id);
    expect(gripped).toEqual(['lever-7-tp', 'lever-7-sl']);
    expect(gripped.map(draggedLineOf)).toEqual([
      { id: 7, leg: 'tp' },
      { id: 7, leg: 'sl' },
    ]);
    for (const other of ['lever-7-entry', 'lever-7-liquidation', 'lever-7-order', 'spot-7', 'lever-x-tp'])
      expect(draggedLineOf(other)).toBeNull();
  });

  it('a pending order moving or appearing changes the key', () => {
    const open = [position(1)];
    const withOrder = [...open, position(2, { status: 0, price: '99' })];
    expect(leverMarksKey(withOrder, 1, 2)).not.toBe(leverMarksKey(open, 1, 2));
    expect(leverMarksKey([...open, position(2, { status: 0, price: '98' })], 1, 2)).not.toBe(
      leverMarksKey(withOrder, 1, 2),
    );
    // A partial close changes the quantity, and with it every line's PnL.
    expect(leverMarksKey([position(1, { number: '0.01' })], 1, 2)).not.toBe(leverMarksKey(open, 1, 2));
  });
});
