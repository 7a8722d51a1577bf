// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdEditor } from '../../../src/views/pages/p2p/AdEditor.tsx';
import { createHarness, renderAt } from './harness.tsx';

afterEach(cleanup);

describe("the ad editor's fiat choices", () => {
  it('are labelled with the currency symbols of default/area_list', async () => {
    const harness = createHarness({
      'default/area_list': () =>
        Promise.resolve([
          {
            id: 44,
            name: 'China',
            global_code: '86',
            currency: 'CNY',
            currency_symbol: '¥',
            code: 'CN',
            decimal: 2,
          },
          {
            id: 80,
            name: 'Germany',
            global_code: '49',
            currency: 'EUR',
            currency_symbol: '€',
            code: 'DE',
            decimal: 2,
          },
        ]),
    });
    renderAt(harness, '/p2p', <AdEditor adId={null} onDone={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'CNY (¥)' })).toBeTruthy());
    expect(screen.getByRole('option', { name: 'EUR (€)' })).toBeTruthy();
    // No country names USD here: the code alone, and the value stays the code.
    const usd = screen.getByRole('option', { name: 'USD' }) as HTMLOptionElement;
    expect(usd.value).toBe('USD');
  });
});
