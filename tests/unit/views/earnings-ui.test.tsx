// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { EarningsBuyEvent } from '../../../src/machines/earnings-buy.machine.ts';
import type { DividendsPage } from '../../../src/streams/queries/earnings.ts';
import { BuyPanel } from '../../../src/views/pages/earnings/products/BuyPanel.ui.tsx';
import type { BuyPanelProps } from '../../../src/views/pages/earnings/products/buy-panel.script.ts';
import { RecordsTabView } from '../../../src/views/pages/earnings/records/RecordsTab.ui.tsx';
import { i18n } from './harness.tsx';

/**
 * The earnings page's views drawn from plain props (their scripts hold the machines and reads): a
 * test sets the state it wants to see, without a backend or a machine walked there.
 */
afterEach(cleanup);

function draw(node: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );
}

const PRODUCT = {
  id: 3,
  name: 'BTC 30 days',
  code: 'BTC',
  currencyId: 2,
  days: 30,
  rate: '5',
  min: '0.001',
  max: '1',
  held: '0.25',
  left: '10',
};

function buy(props: Partial<BuyPanelProps>, sent: EarningsBuyEvent[] = []) {
  return draw(
    <BuyPanel
      step="amount"
      product={PRODUCT}
      amount=""
      problem={null}
      balance="0.5"
      send={(event) => sent.push(event)}
      {...props}
    />,
  );
}

describe('the buy panel from plain props', () => {
  it('draws nothing while no product is chosen', () => {
    const { container } = buy({ step: 'closed' });
    expect(container.textContent).toBe('');
  });

  it('shows the balance it is given and the room left, and sends MAX and SUBMIT', () => {
    const sent: EarningsBuyEvent[] = [];
    buy({ balance: '0.5' }, sent);
    expect(screen.getByTestId('earn-available').textContent).toBe(
      'Available in the earnings account: 0.50000000 BTC · you may still buy 0.75000000 BTC',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    fireEvent.submit(screen.getByRole('button', { name: 'Buy' }).closest('form') as HTMLFormElement);
    expect(sent).toEqual([{ type: 'MAX' }, { type: 'SUBMIT' }]);
  });

  it('asks to confirm the exact amount, and locks both answers while the purchase runs', () => {
    const sent: EarningsBuyEvent[] = [];
    const { rerender } = buy({ step: 'confirming', amount: '0,01' }, sent);
    expect(screen.getByTestId('earn-confirm').textContent).toContain('Put 0,01 BTC into BTC 30 days?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(sent).toEqual([{ type: 'CONFIRM' }]);
    rerender(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <BuyPanel
            step="buying"
            product={PRODUCT}
            amount="0,01"
            problem={null}
            balance="0.5"
            send={(event) => sent.push(event)}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

const PAGE: DividendsPage = {
  current_page: 1,
  last_page: 2,
  per_page: 10,
  total: 11,
  data: [
    {
      id: 1,
      holding_id: 1,
      product_id: 3,
      name: 'BTC 30 days',
      currency_id: 2,
      currency_code: 'BTC',
      day: 4,
      number: '0.00001234',
      due_at: 1_700_000_000_000,
      created_at: 1_700_000_000,
    },
  ],
};

describe('the records tab from plain props', () => {
  it('keeps the last page it had through a failed reload, and turns to the second of 11 records', () => {
    const pages: number[] = [];
    draw(
      <RecordsTabView
        records={{ status: 'failed', error: new Error('down'), data: PAGE }}
        page={1}
        onPage={(page) => pages.push(page)}
      />,
    );
    expect(screen.getAllByTestId('earn-record')).toHaveLength(1);
    expect(screen.getByText('+0.00001234 BTC')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(pages).toEqual([2]);
  });

  it('says a first load failed when it has nothing to show', () => {
    draw(
      <RecordsTabView records={{ status: 'failed', error: new Error('down') }} page={1} onPage={() => {}} />,
    );
    expect(screen.getByText('The earnings data could not be loaded')).toBeTruthy();
  });
});
