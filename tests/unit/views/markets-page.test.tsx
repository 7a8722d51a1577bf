// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import MarketsPage from '../../../src/views/pages/markets/MarketsPage.tsx';
import { createHarness, renderAt } from './harness.tsx';

afterEach(cleanup);

function symbols(): string[] {
  return screen.getAllByTestId('market-row').map((row) => row.dataset.symbol ?? '');
}

function header(key: string): HTMLElement {
  const th = document.querySelector<HTMLElement>(`th[data-sort-key="${key}"]`);
  if (!th) throw new Error(`no header ${key}`);
  return th;
}

async function ready(): Promise<void> {
  await waitFor(() => expect(screen.getAllByTestId('market-row').length).toBeGreaterThan(0));
}

describe('MarketsPage', () => {
  it('shows the first quote group in the server order, with a tab per quote currency', async () => {
    renderAt(createHarness(), '/markets', <MarketsPage />);
    await ready();
    expect(symbols()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOT/USDT', 'SOL/USDT', 'TRX/USDT']);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['USDT', 'BTC']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('quote-tab-BTC'));
    await waitFor(() => expect(symbols()).toEqual(['ETH/BTC']));
  });

  it('sorts every column both ways, announcing it with aria-sort', async () => {
    renderAt(createHarness(), '/markets', <MarketsPage />);
    await ready();
    const expected: Record<string, [string[], string[]]> = {
      pair: [
        ['BTC/USDT', 'DOT/USDT', 'ETH/USDT', 'SOL/USDT', 'TRX/USDT'],
        ['TRX/USDT', 'SOL/USDT', 'ETH/USDT', 'DOT/USDT', 'BTC/USDT'],
      ],
      price: [
        ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'DOT/USDT', 'TRX/USDT'],
        ['TRX/USDT', 'DOT/USDT', 'SOL/USDT', 'ETH/USDT', 'BTC/USDT'],
      ],
      change: [
        ['SOL/USDT', 'DOT/USDT', 'BTC/USDT', 'TRX/USDT', 'ETH/USDT'],
        ['ETH/USDT', 'TRX/USDT', 'BTC/USDT', 'DOT/USDT', 'SOL/USDT'],
      ],
      high: [
        ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'DOT/USDT', 'TRX/USDT'],
        ['TRX/USDT', 'DOT/USDT', 'SOL/USDT', 'ETH/USDT', 'BTC/USDT'],
      ],
      low: [
        ['BTC/USDT', 'ETH/USDT', 'SOL/USDT', 'DOT/USDT', 'TRX/USDT'],
        ['TRX/USDT', 'DOT/USDT', 'SOL/USDT', 'ETH/USDT', 'BTC/USDT'],
      ],
      // By quote volume (base volume x price here: the harness sends no quote_volume): ETH 150 M,
      // BTC 72 M, DOT 6.5 M, TRX 0.6 M, SOL 4,500 USDT.
      volume: [
        ['ETH/USDT', 'BTC/USDT', 'DOT/USDT', 'TRX/USDT', 'SOL/USDT'],
        ['SOL/USDT', 'TRX/USDT', 'DOT/USDT', 'BTC/USDT', 'ETH/USDT'],
      ],
    };
    for (const [key, [first, second]] of Object.entries(expected)) {
      fireEvent.click(within(header(key)).getByRole('button'));
      const firstSort = key === 'pair' ? 'ascending' : 'descending';
      expect(header(key).getAttribute('aria-sort'), key).toBe(firstSort);
      expect(symbols(), `${key} ${firstSort}`).toEqual(first);
      fireEvent.click(within(header(key)).getByRole('button'));
      expect(header(key).getAttribute('aria-sort'), key).toBe(
        firstSort === 'ascending' ? 'descending' : 'ascending',
      );
      expect(symbols(), `${key} flipped`).toEqual(second);
      const others = Array.from(document.querySelectorAll('th[aria-sort]')).filter(
        (th) => th !== header(key),
      );
      expect(others.every((th) => th.getAttribute('aria-sort') === 'none')).toBe(true);
    }
  });

  it('updates a price live from DAY_MARKET and keeps the sort', async () => {
    const harness = createHarness();
    renderAt(harness, '/markets', <MarketsPage />);
    await ready();
    fireEvent.click(within(header('price')).getByRole('button'));
    expect(symbols()[0]).toBe('BTC/USDT');
    act(() => {
      harness.dayMarket.next({
        type: 'DAY_MARKET',
        symbol: 'TRX/USDT',
        currency_match_id: 5,
        quotation: { close: '99999', change: '12', high: '99999', low: '0.11', volume: '1' },
      });
    });
    await waitFor(() => expect(symbols()[0]).toBe('TRX/USDT'));
    const row = screen.getAllByTestId('market-row')[0];
    expect(row?.querySelector('[data-col="price"]')?.textContent).toBe('99,999.00');
    expect(row?.querySelector('[data-col="change"]')?.textContent).toBe('+12.00%');
  });

  it('searches by coin, ignoring case and the slash', async () => {
    renderAt(createHarness(), '/markets', <MarketsPage />);
    await ready();
    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'do' } });
    expect(symbols()).toEqual(['DOT/USDT']);
    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'eth/usdt' } });
    expect(symbols()).toEqual(['ETH/USDT']);
    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'zzz' } });
    expect(screen.queryAllByTestId('market-row')).toHaveLength(0);
    expect(screen.getByText('No pairs match “zzz”')).toBeTruthy();
  });

  it('lists only pairs that are down among the top losers, and says so when none is', async () => {
    const harness = createHarness();
    renderAt(harness, '/markets', <MarketsPage />);
    await ready();
    const losers = screen.getByTestId('top-losers');
    // Only ETH/USDT is down; TRX/USDT (flat) and the pairs that are up stay out.
    await waitFor(() => expect(within(losers).getAllByRole('link')).toHaveLength(1));
    expect(within(losers).getByRole('link').textContent).toContain('ETH');
    const gainers = screen.getByTestId('top-gainers');
    for (const link of within(gainers).getAllByRole('link')) expect(link.textContent).toContain('+');
    act(() => {
      harness.dayMarket.next({
        type: 'DAY_MARKET',
        symbol: 'ETH/USDT',
        currency_match_id: 2,
        quotation: { close: '3100', change: '1', high: '3100', low: '2900', volume: '50000' },
      });
    });
    await waitFor(() => expect(within(losers).queryAllByRole('link')).toHaveLength(0));
    expect(within(losers).getByText('No pair is down over 24 h')).toBeTruthy();
  });

  it('caps a very long search with a visible counter and still says nothing matches', async () => {
    renderAt(createHarness(), '/markets', <MarketsPage />);
    await ready();
    const input = screen.getByTestId<HTMLInputElement>('markets-search');
    expect(input.maxLength).toBe(40);
    expect(screen.queryByTestId('markets-search-count')).toBeNull();
    fireEvent.change(input, { target: { value: 'x'.repeat(500) } });
    expect(input.value).toHaveLength(40);
    expect(screen.getByTestId('markets-search-count').textContent).toBe('40/40');
    expect(screen.getByText(`No pairs match “${'x'.repeat(40)}”`)).toBeTruthy();
  });

  it('opens the trade screen on the pair of a clicked row', async () => {
    renderAt(createHarness(), '/markets', <MarketsPage />);
    await ready();
    const row = screen.getAllByTestId('market-row').find((r) => r.dataset.symbol === 'ETH/USDT');
    fireEvent.click(row?.querySelector('[data-col="high"]') as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/trade?symbol=ETH/USDT'));
  });

  it('says so, calmly, while the market is not available', async () => {
    renderAt(
      createHarness({ 'market/currency_matches': () => Promise.reject(new Error('not available yet')) }),
      '/markets',
      <MarketsPage />,
    );
    expect(await screen.findByText('Market data is not available yet')).toBeTruthy();
  });
});
