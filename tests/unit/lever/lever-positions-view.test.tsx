// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { NEVER } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { ShareServices } from '../views/share-services.tsx';
import { createActor, fromPromise } from 'xstate';
import {
  LEVER_CLOSE_LIQUIDATION,
  LEVER_CLOSE_STOP_LOSS,
  LEVER_CLOSE_TAKE_PROFIT,
  LEVER_CLOSE_USER,
  LEVER_STATUS_CLOSED,
  LEVER_TYPE_LONG,
  LEVER_TYPE_SHORT,
} from '../../../src/domain/contract-codes.ts';
import {
  leverPositionsMachine,
  type LeverLists,
  type LeverPosition,
} from '../../../src/machines/lever-positions.machine.ts';
import { leverRoeText } from '../../../src/machines/lever-roe.ts';
import { timeZonePref } from '../../../src/machines/time-zone-pref.ts';
import { LeverPositions } from '../../../src/views/pages/lever/LeverPositions.tsx';
import { i18n } from '../views/harness.tsx';

afterEach(() => {
  cleanup();
  act(() => timeZonePref.set('local'));
});

const T = Date.UTC(2026, 10, 28, 1, 2, 3);

function closed(id: number, extra: Partial<LeverPosition>): LeverPosition {
  return {
    id,
    currency_match_id: 1,
    type: LEVER_TYPE_LONG,
    type_name: 'long',
    symbol: 'BTC/USDT',
    base_currency_id: 2,
    quote_currency_id: 1,
    share: '1',
    number: '0.01',
    multiple: 10,
    price: '90000',
    origin_price: '89990',
    update_price: '89168.44',
    target_price: '0',
    target_profit_price: '0',
    stop_loss_price: '89174',
    origin_caution_money: '90',
    caution_money: '90',
    trade_fee: '0.9',
    overnight_money: '0',
    profits: '-8.3156',
    liquidation_price: '0',
    status: LEVER_STATUS_CLOSED,
    close_reason: LEVER_CLOSE_STOP_LOSS,
    open_trade: null,
    close_trade: null,
    created_at: T - 3_600_000,
    time: '2026-11-28 00:02:03',
    closed_at: T,
    ...extra,
  };
}

const ROWS = [
  closed(4, {}),
  closed(3, {
    type: LEVER_TYPE_SHORT,
    update_price: '88000',
    profits: '20',
    close_reason: LEVER_CLOSE_TAKE_PROFIT,
    closed_at: T - 60_000,
  }),
  closed(2, { profits: '-90', update_price: '81000', close_reason: LEVER_CLOSE_LIQUIDATION }),
  closed(1, { profits: '0', update_price: '90000', close_reason: LEVER_CLOSE_USER }),
];

function renderPanel(rows: LeverPosition[] = ROWS) {
  const positions = createActor(
    leverPositionsMachine.provide({
      actors: {
        loadLists: fromPromise(async ({ input }): Promise<LeverLists> => ({
          open: [],
          paged: input.tab === 'open' ? null : { tab: input.tab, rows, total: rows.length },
          totals: { delegation: rows.length, all: 0, pending: 0, closed: rows.length },
        })),
      },
    }),
    { input: { matchId: 1, priceDecimals: 2, decimalComma: false } },
  ).start();
  render(
    <I18nextProvider i18n={i18n}>
      <ShareServices>
        <LeverPositions
          positions={positions}
          last$={NEVER}
          matchId={1}
          priceDecimals={2}
          base="BTC"
          quote="USDT"
        />
      </ShareServices>
    </I18nextProvider>,
  );
  return positions;
}

describe('closed lever positions', () => {
  it('show the exit price, the close time, the realised PnL with its ROE and why each closed', async () => {
    act(() => timeZonePref.set('exchange'));
    renderPanel();
    fireEvent.click(screen.getByTestId('lever-tab-closed'));
    const table = await waitFor(() => screen.getByTestId('lever-table-closed'));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const text = (testId: string) => rows.map((row) => within(row).getByTestId(testId).textContent);
    // The stop-loss at 89,174 closed at 89,168.44: the slippage is there to read.
    expect(text('lever-row-exit')).toEqual(['89,168.44', '88,000.00', '81,000.00', '90,000.00']);
    expect(text('lever-row-sl')[0]).toBe('89,174.00');
    // Shanghai (the exchange's zone) is UTC+8: 01:02:03 UTC is 09:02:03 there.
    expect(text('lever-row-closed-at')).toEqual([
      '11/2809:02:03',
      '11/2809:01:03',
      '11/2809:02:03',
      '11/2809:02:03',
    ]);
    // USDT's one display rule (2 decimals, cut towards zero); the percent sign as English writes it.
    expect(text('lever-row-pnl')).toEqual(['-8.31', '20.00', '-90.00', '0.00']);
    expect(text('lever-row-roe')).toEqual(['-9.23%', '+22.22%', '-100.00%', '0.00%']);
    expect(text('lever-row-reason')).toEqual(['stop loss', 'take profit', 'liquidated', 'closed by you']);
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headings).toEqual([
      'Pair',
      'Lots',
      'Entry price',
      'Exit price',
      'Realised PnL (ROE)',
      'Reason',
      'Margin',
      'TP\u00a0/ SL',
      'Fee\u00a0/ overnight',
      'Closed at (UTC+08:00)',
    ]);
  });

  it('a closed position proves itself: its tape trade, the rule, the comparison and the PnL by hand', async () => {
    const trade = { id: 9123, time: T, price: '89168.44' };
    renderPanel([
      closed(5, { close_trade: trade, open_trade: { id: 9001, time: T - 3_600_000, price: '89990' } }),
      // A recorded PnL that the trade's price does not give: the proof says so.
      closed(6, { close_trade: trade, profits: '-9' }),
      // A close that names no trade has no proof to open.
      closed(7, {}),
    ]);
    fireEvent.click(screen.getByTestId('lever-tab-closed'));
    const table = await waitFor(() => screen.getByTestId('lever-table-closed'));
    expect(within(table).getAllByTestId('lever-row-proof')).toHaveLength(2);
    fireEvent.click(within(screen.getByTestId('lever-row-5')).getByTestId('lever-row-proof'));
    const dialog = await waitFor(() => screen.getByTestId('lever-proof-dialog'));
    const read = (testId: string) => within(dialog).getByTestId(testId).textContent;
    expect(read('lever-proof-trade-id')).toBe('Trade #9123');
    expect(read('lever-proof-trade-price')).toBe('Price 89,168.44');
    expect(read('lever-proof-rule')).toContain(
      'stop loss at 89,174: fires on the first trade of the public tape at or below this price',
    );
    expect(read('lever-proof-fired')).toBe('89,168.44 ≤ 89,174 ✓ the rule fires');
    expect(read('lever-proof-formula')).toBe('(89,168.44 − 90,000) × 0.01 = -8.31 USDT');
    expect(read('lever-proof-agrees')).toBe('✓ the recorded PnL');
    const href = within(dialog).getByTestId('lever-proof-chart').getAttribute('href');
    expect(href).toBe(`/trade?symbol=BTC/USDT&from=${T - 3_600_000}&at=${T}&price=89168.44`);
    fireEvent.click(within(dialog).getByTestId('lever-proof-back'));
    expect(screen.queryByTestId('lever-proof-dialog')).toBeNull();
    fireEvent.click(within(screen.getByTestId('lever-row-6')).getByTestId('lever-row-proof'));
    const wrong = await waitFor(() => screen.getByTestId('lever-proof-dialog'));
    expect(within(wrong).getByTestId('lever-proof-agrees').textContent).toBe(
      '✗ differs from the recorded -9.00',
    );
    // Escape closes it, as its Back button does.
    fireEvent.keyDown(within(wrong).getByTestId('lever-proof-back'), { key: 'Escape' });
    expect(screen.queryByTestId('lever-proof-dialog')).toBeNull();
  });

  it('the other tabs keep the liquidation price and the actions, and show no exit', async () => {
    renderPanel();
    const table = await waitFor(() => screen.getByTestId('lever-table-delegation'));
    expect(within(table).queryAllByTestId('lever-row-exit')).toEqual([]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.dataset.col),
    ).toEqual(['pair', 'lots', 'entry', 'pnl', 'margin', 'stops', 'liquidation', 'fees', 'time', 'actions']);
  });
});

describe('leverRoeText', () => {
  it('is the PnL as a percent of the opening bond, cut toward zero to two decimals', () => {
    expect(leverRoeText('-8.3156', '90')).toBe('-9.23');
    expect(leverRoeText('20', '90')).toBe('+22.22');
    expect(leverRoeText('0.00000001', '90')).toBe('0.00');
    expect(leverRoeText('1', '0')).toBeNull();
  });
});

describe("lever rows in the family's shape", () => {
  it('name the pair from currency_match.symbol, where the family puts it', async () => {
    renderPanel([closed(5, { symbol: '', currency_match: { id: 1, symbol: 'BTC/USDT' } })]);
    fireEvent.click(screen.getByTestId('lever-tab-closed'));
    const table = await waitFor(() => screen.getByTestId('lever-table-closed'));
    expect(table.querySelector('.lever-symbol')?.textContent).toBe('BTC/USDT');
  });
});
