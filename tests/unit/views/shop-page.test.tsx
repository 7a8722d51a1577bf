// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { writePref } from '../../../src/machines/local-prefs.ts';
import ShopPage from '../../../src/views/pages/p2p/ShopPage.tsx';
import { createHarness, renderAt } from './harness.tsx';

afterEach(() => {
  cleanup();
  writePref('isSeller', null);
});

describe('/myshop for an account that is not a merchant', () => {
  it('stays on the page and says how to become a merchant, each step a link to where it is done', async () => {
    writePref('isSeller', '0');
    const harness = createHarness();
    harness.services.session.send({ type: 'LOGIN', token: 'token' });
    renderAt(harness, '/myshop/myshoporders', <ShopPage />);
    const card = await screen.findByTestId('p2p-become-merchant');
    // Not sent to the hall without a word.
    expect(screen.queryByTestId('location')).toBeNull();
    expect(within(card).getByRole('heading', { name: 'My shop is for merchants' })).toBeTruthy();
    const target = (name: string) => within(card).getByRole('link', { name }).getAttribute('href');
    expect(target('Verify your identity')).toBe('/personal/authentication');
    expect(target('Save the payment methods you accept')).toBe('/personal/collectionSettings');
    expect(
      target('Apply through Feedback, naming the coins, fiat currencies and monthly volume you trade'),
    ).toBe('/personal/feedback');
    expect(target('Go to the trading hall')).toBe('/legalIndex/legal');
    // A non-merchant is offered no shop tabs it cannot use.
    expect(screen.queryByRole('link', { name: 'Shop orders' })).toBeNull();
  });
});
