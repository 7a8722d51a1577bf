// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../src/api/catalogue.ts';
import AccountSettingsPage from '../../../src/views/pages/personal/AccountSettingsPage.tsx';
import CollectionSettingsPage from '../../../src/views/pages/personal/CollectionSettingsPage.tsx';
import { createHarness, renderAt } from './harness.tsx';

afterEach(cleanup);

const INFO: AnswerOf<'user/info'> = {
  id: 7,
  mobile: '7700900123',
  email: '',
  invite_code: 'ABCD',
  review_status: 0,
  is_seller: 0,
  area_code: '44',
  has_pay_password: 0,
};

function settings(info: Partial<AnswerOf<'user/info'>>) {
  return createHarness({
    'user/info': () => Promise.resolve({ ...INFO, ...info }),
    'user/authorization_code': () => Promise.resolve('AUTH'),
  });
}

describe('AccountSettingsPage', () => {
  it('shows the bound phone with its dial code', async () => {
    renderAt(settings({}), '/personal/accountSettings', <AccountSettingsPage />);
    const phone = (await screen.findByText('Phone')).closest('li') as HTMLElement;
    expect(within(phone).getByText('+44 7700900123')).toBeTruthy();
    expect(screen.getByTestId('profile-account').textContent).toBe('+44 7700900123');
  });

  it('says whether the trade password is set, and offers Set or Change accordingly', async () => {
    renderAt(settings({ has_pay_password: 0 }), '/personal/accountSettings', <AccountSettingsPage />);
    let row = (await screen.findByText('Trade password')).closest('li') as HTMLElement;
    expect(within(row).getByTestId('trade-password-state').textContent).toBe('Not set');
    expect(within(row).getByRole('link').textContent).toBe('Set');
    cleanup();
    renderAt(settings({ has_pay_password: 1 }), '/personal/accountSettings', <AccountSettingsPage />);
    row = (await screen.findByText('Trade password')).closest('li') as HTMLElement;
    expect(within(row).getByTestId('trade-password-state').textContent).toBe('Set');
    expect(within(row).getByRole('link').textContent).toBe('Change');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/tradePassword');
  });
});

const TYPES: AnswerOf<'pay_method/types'> = [
  { id: 1, name: 'Alipay', code: 'alipay' },
  { id: 2, name: 'WeChat Pay', code: 'wxpay' },
  { id: 3, name: 'Bank card', code: 'bank' },
];

function collection(saved: Record<number, AnswerOf<'pay_method/get_method_by_type'>>) {
  const harness = createHarness({ 'pay_method/types': () => Promise.resolve(TYPES) });
  const original = harness.api.call.bind(harness.api);
  harness.api.call = ((name: string, payload: Record<string, unknown>, options?: object) => {
    if (name === 'pay_method/get_method_by_type')
      return Promise.resolve(saved[payload.type as number] ?? null);
    return original(name as 'pay_method/types', payload as never, options);
  }) as typeof harness.api.call;
  return harness;
}

describe('CollectionSettingsPage', () => {
  const card = { real_name: 'Ada', bank_name: 'B', bank_address: 'C', card_no: '622200001111' };

  it('lists every method with whether it is saved, and opens on the first saved one', async () => {
    renderAt(
      collection({ 3: { type: 3, raw_data: card } }),
      '/personal/collectionSettings',
      <CollectionSettingsPage />,
    );
    const bank = await screen.findByTestId('pay-type-bank');
    await waitFor(() => expect(within(bank).getByRole('radio')).toHaveProperty('checked', true));
    expect(bank.textContent).toContain('Saved');
    expect(bank.textContent).toContain('•••• 1111');
    expect(screen.getByTestId('pay-type-alipay').textContent).toContain('Not saved');
    expect(screen.getByTestId('pay-type-wxpay').textContent).toContain('Not saved');
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveProperty('value', '622200001111'));
  });

  it('opens on the type chosen (kept in the address) and keeps the choice there', async () => {
    renderAt(
      collection({ 3: { type: 3, raw_data: card } }),
      '/personal/collectionSettings?type=2',
      <CollectionSettingsPage />,
    );
    const wx = await screen.findByTestId('pay-type-wxpay');
    await waitFor(() => expect(within(wx).getByRole('radio')).toHaveProperty('checked', true));
    expect(screen.getByLabelText('WeChat account')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('pay-type-alipay')).getByRole('radio')).toHaveProperty(
        'disabled',
        false,
      ),
    );
    fireEvent.click(within(screen.getByTestId('pay-type-alipay')).getByRole('radio'));
    await waitFor(() => expect(screen.getByLabelText('Alipay account')).toBeTruthy());
  });
});

describe('AccountSettingsPage standing', () => {
  it("shows the user's level and credit score from user/info, and nothing when a server omits them", async () => {
    renderAt(settings({ level: 1, credit_score: 100 }), '/personal/accountSettings', <AccountSettingsPage />);
    expect((await screen.findByTestId('profile-level')).textContent).toBe('Level 1');
    expect(screen.getByTestId('profile-credit').textContent).toBe('Credit score 100');
    cleanup();
    renderAt(settings({}), '/personal/accountSettings', <AccountSettingsPage />);
    await screen.findByTestId('profile-account');
    expect(screen.queryByTestId('profile-level')).toBeNull();
    expect(screen.queryByTestId('profile-credit')).toBeNull();
  });
});
