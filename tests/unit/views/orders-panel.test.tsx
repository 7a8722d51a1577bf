// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SpotOrderAnswer } from '../../../src/api/catalogue/spot.ts';
import {
  ORDER_STATUS_CANCELLED,
  ORDER_STATUS_FILLED,
  ORDER_STATUS_OPEN,
  WAY_BUY,
} from '../../../src/domain/contract-codes.ts';
import { offsetLabel } from '../../../src/domain/time-zone.ts';
import { localTimeZone, timeZonePref } from '../../../src/machines/time-zone-pref.ts';
import { spotOrdersMachine } from '../../../src/machines/spot-orders.machine.ts';
import { OrdersPanel } from '../../../src/views/pages/trade/OrdersPanel.tsx';
import { i18n } from './harness.tsx';

afterEach(() => {
  cleanup();
  act(() => timeZonePref.set('local'));
});

function order(id: number, created: number, updated: number): SpotOrderAnswer {
  return {
    id,
    way: WAY_BUY,
    price: '100',
    number: '1',
    transacted_amount: '1',
    transacted_volume: '100',
    updated_at: updated,
    created_at: created,
    currency_match: { id: 1, symbol: 'BTC/USDT' },
    way_name: 'buy',
    status_name: id === 1 ? 'Filled' : 'Cancelled',
    type: 0,
    status: id === 1 ? ORDER_STATUS_FILLED : ORDER_STATUS_CANCELLED,
    avg_price: '100',
    fee: '0.001',
    fee_currency: 'BTC',
  };
}

const HOUR = 3_600_000;
const T = Date.UTC(2026, 6, 1, 10, 0, 0);
// The server's history order: latest finished first. Order 1 was placed last but finished first.
const HISTORY = [order(2, T, T + 5 * HOUR), order(1, T + 2 * HOUR, T + 3 * HOUR)];

function renderPanel() {
  const actor = createActor(
    spotOrdersMachine.provide({
      actors: {
        loadPage: fromPromise(async () => ({ rows: HISTORY, total: HISTORY.length })),
        loadOwn: fromPromise<SpotOrderAnswer[], { matchId: number }>(async () => []),
        cancelOrder: fromPromise(async () => HISTORY[0]!),
      },
    }),
    { input: { matchId: 1, signedIn: true } },
  ).start();
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <OrdersPanel orders={actor} signedIn loginHref="/login" />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return actor;
}

const cells = (col: string) =>
  [...document.querySelectorAll(`[data-col="${col}"]`)].map((cell) => cell.textContent);

describe('OrdersPanel times', () => {
  it('shows when each finished order finished, the order the history is sorted by, and when it was placed', async () => {
    act(() => timeZonePref.set('exchange'));
    renderPanel();
    fireEvent.click(screen.getByTestId('orders-tab-history'));
    await waitFor(() => expect(screen.getAllByTestId(/^order-/)).toHaveLength(2));
    // Shanghai is UTC+8: 10:00 UTC is 18:00 there.
    expect(cells('finished')).toEqual(['07/01 23:00:00', '07/01 21:00:00']);
    expect(cells('placed')).toEqual(['07/01 18:00:00', '07/01 20:00:00']);
    expect(screen.getByTestId('orders-col-finished').textContent).toBe('Finished (UTC+08:00)');
    expect(screen.getByTestId('orders-col-placed').textContent).toBe('Placed (UTC+08:00)');
  });

  it("labels times with the user's own zone by default and follows a change of zone", async () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('orders-tab-history'));
    await waitFor(() => expect(screen.getAllByTestId(/^order-/)).toHaveLength(2));
    const local = localTimeZone();
    const header = screen.getByTestId('orders-col-placed');
    expect(header.textContent).toContain(offsetLabel(T, local));
    act(() => timeZonePref.set('exchange'));
    expect(within(header).getByText('Placed (UTC+08:00)')).toBeTruthy();
    expect(cells('placed')[0]).toBe('07/01 18:00:00');
  });
});

describe('OrdersPanel quantities', () => {
  it('shows transacted_amount as the filled base quantity and transacted_volume as the quote turnover', async () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('orders-tab-history'));
    await waitFor(() => expect(screen.getAllByTestId(/^order-/)).toHaveLength(2));
    expect(cells('filled')).toEqual(['1 BTC', '1 BTC']);
    for (const text of cells('turnover')) expect(text).toMatch(/^100(\.0+)? USDT$/);
  });
});

describe('OrdersPanel "All delegations"', () => {
  it('lists finished orders beside open ones: a status where nothing can be cancelled, Cancel where it can', async () => {
    const open: SpotOrderAnswer = { ...order(3, T, T), status: ORDER_STATUS_OPEN, status_name: 'Open' };
    const actor = createActor(
      spotOrdersMachine.provide({
        actors: {
          loadPage: fromPromise(async () => ({ rows: [open, ...HISTORY], total: 3 })),
          loadOwn: fromPromise<SpotOrderAnswer[], { matchId: number }>(async () => []),
          cancelOrder: fromPromise(async () => open),
        },
      }),
      { input: { matchId: 1, signedIn: true } },
    ).start();
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <OrdersPanel orders={actor} signedIn loginHref="/login" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByTestId('orders-tab-all'));
    await waitFor(() => expect(screen.getAllByTestId(/^order-/)).toHaveLength(3));
    expect(screen.getByTestId('cancel-3')).toBeTruthy();
    expect(screen.queryByTestId('cancel-1')).toBeNull();
    expect(screen.queryByTestId('cancel-2')).toBeNull();
    expect(within(screen.getByTestId('order-1')).getByText('Filled')).toBeTruthy();
    expect(within(screen.getByTestId('order-2')).getByText('Cancelled')).toBeTruthy();
  });
});
