// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import HallPage from '../../../src/views/pages/p2p/HallPage.tsx';
import { createHarness, renderAt } from './harness.tsx';

afterEach(cleanup);

/** The P2P hall's amount filter: a numeric field of a real form, read by domain/number-entry.ts. */
function hallWithAmountsAsked() {
  const harness = createHarness({
    'otc/ads': () =>
      Promise.resolve({ current_page: 1, data: [], last_page: 1, per_page: 10, total: 0, server_now: 0 }),
  });
  const amounts: (string | undefined)[] = [];
  const call = harness.api.call.bind(harness.api);
  harness.api.call = ((name, params, options) => {
    if (name === 'otc/ads') amounts.push((params as { amount?: string }).amount);
    return call(name, params, options);
  }) as ApiClient['call'];
  renderAt(harness, '/legalIndex', <HallPage />);
  return { amounts, field: () => screen.getByPlaceholderText('Any amount') };
}

describe('a numeric field typed with a Japanese or Chinese input method', () => {
  it('reads full-width digits and point as the number they are', async () => {
    const { amounts, field } = hallWithAmountsAsked();
    await waitFor(() => expect(amounts.length).toBeGreaterThan(0));
    fireEvent.change(field(), { target: { value: '１２．５' } });
    await waitFor(() => expect(amounts.at(-1)).toBe('12.5'));
    // What was typed stays in the field as typed, and no message says it is wrong.
    expect((field() as HTMLInputElement).value).toBe('１２．５');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still refuses a full-width sign', async () => {
    const { amounts, field } = hallWithAmountsAsked();
    await waitFor(() => expect(amounts.length).toBeGreaterThan(0));
    fireEvent.change(field(), { target: { value: '－１２' } });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(amounts.every((amount) => amount === undefined)).toBe(true);
  });
});
