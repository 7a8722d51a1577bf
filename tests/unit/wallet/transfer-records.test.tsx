// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogLine } from '../../../src/streams/queries/wallet.ts';
import { LogRows } from '../../../src/views/pages/assets/RecordsPage.tsx';
import { transferPartnerOf } from '../../../src/views/pages/assets/transfer-partner.ts';
import { i18n } from '../views/harness.tsx';

afterEach(cleanup);

const MEMO: Record<string, string> = {
  transferOut: 'Transfer out',
  transferIn: 'Transfer in',
  deposit: 'Deposit',
};

function line(id: number, type: string, value: string, extra: LogLine['extra_data'] = {}): LogLine {
  return {
    id,
    currency_id: 1,
    currency: { code: 'USDT' },
    before: '5000',
    value,
    after: '4000',
    type,
    // The server's words for the kind, in the user's language.
    memo: MEMO[type] ?? type,
    extra_data: extra,
    created_at: '2026-11-28 01:00:00',
  };
}

describe('transfer records', () => {
  it('name the account the money went to or came from', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <LogRows
          rows={[
            line(3, 'transferOut', '-1000', { account: 'lever' }),
            line(2, 'transferIn', '250', { account: 'micro' }),
            line(1, 'deposit', '5000'),
          ]}
        />
      </I18nextProvider>,
    );
    const rows = screen.getAllByTestId('record');
    expect(within(rows[0]!).getByTestId('record-partner').textContent).toBe('To: Lever account');
    expect(within(rows[1]!).getByTestId('record-partner').textContent).toBe('From: Micro account');
    expect(within(rows[2]!).queryByTestId('record-partner')).toBeNull();
    expect(rows[0]!.textContent).toContain('Transfer out');
  });

  it('reads the account as the server names it, with or without "_account", and nothing else', () => {
    expect(transferPartnerOf({ type: 'transferOut', extra_data: { account: 'legal_account' } })).toEqual({
      direction: 'to',
      account: 'legal',
    });
    expect(transferPartnerOf({ type: 'transferIn', extra_data: { account: 'nowhere' } })).toBeNull();
    expect(transferPartnerOf({ type: 'withdraw', extra_data: { address: 'T9x' } })).toBeNull();
  });
});
