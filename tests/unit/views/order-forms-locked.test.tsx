// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { spotEntryMachine } from '../../../src/machines/spot-entry.machine.ts';
import { OrderForms } from '../../../src/views/pages/trade/OrderForms.tsx';
import { i18n } from './harness.tsx';

afterEach(cleanup);

describe("the spot form's locked balance", () => {
  it('is named for everything that holds it: open orders and pending withdrawals, not "In orders"', async () => {
    // 100 USDT locked by a pending withdrawal, no order open.
    const entry = createActor(
      spotEntryMachine.provide({
        actors: {
          loadBalances: fromPromise(async () => ({
            quote: '900',
            base: '0',
            quoteLocked: '100',
            baseLocked: '0',
          })),
        },
      }),
      {
        input: {
          pair: { matchId: 1, baseCurrencyId: 2, quoteCurrencyId: 1, priceDecimals: 2 },
          signedIn: true,
        },
      },
    );
    entry.start();
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <OrderForms entry={entry} base="BTC" quote="USDT" signedIn loginHref="/login" />
        </MemoryRouter>
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('locked-buy').textContent).toBe('100.00 USDT'));
    const row = screen.getByTestId('locked-buy').parentElement as HTMLElement;
    expect(row.textContent).toContain('Frozen');
    expect(row.textContent).toContain('held by open orders and pending withdrawals');
    expect(row.textContent).not.toContain('In orders');
    // Sighted users read the same on hover.
    expect(row.querySelector('[title]')?.getAttribute('title')).toBe(
      'held by open orders and pending withdrawals',
    );
    entry.stop();
  });
});
