import { describe, expect, it } from 'vitest';
import { accountRowOf } from '../../../../src/sim/features/wallet/account-row-id.ts';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

interface Row {
  id: number;
  currency_id: number;
  balance: string;
  lock_balance: string;
}
interface Group {
  account_code: string;
  account_type_id: number;
  accounts: Row[];
}

describe.each(TRANSPORTS)('account/detail by account row over the %s transport', (name) => {
  it("finds the row by account/list's id and answers its currency and account", async () => {
    const token = await family.signIn(name);
    const list = (await family.wire(name, 'GET', 'account/list', { t: '1' }, token)).data as Group[];
    for (const group of list) {
      const row = group.accounts[0]!;
      // What the family's records page sends: the row id and the account type, as query text.
      const detail = await family.wire(
        name,
        'GET',
        'account/detail',
        { id: String(row.id), account_type_id: String(group.account_type_id), t: '1' },
        token,
      );
      expect(detail.code, detail.msg).toBe(1);
      expect(detail.data).toEqual({
        balance: row.balance,
        lock_balance: row.lock_balance,
        currency_id: row.currency_id,
        account_type: { account_code: group.account_code },
      });
    }
    // Tessera's client reads the same answer, by row or by currency.
    const api = await family.tessera(name);
    const trade = list.find((group) => group.account_code === 'change_account')!;
    const row = trade.accounts[0]!;
    const byRow = await api.call('account/detail', { id: row.id, account_type_id: trade.account_type_id });
    const byCurrency = await api.call('account/detail', {
      currency_id: row.currency_id,
      account_type_id: trade.account_type_id,
    });
    expect(byRow).toEqual(byCurrency);
    expect(byRow.account_type.account_code).toBe('change_account');
  });

  it("refuses someone else's row, a row of another type or currency, and no row at all", async () => {
    const token = await family.signIn(name);
    const list = (await family.wire(name, 'GET', 'account/list', {}, token)).data as Group[];
    const trade = list.find((group) => group.account_code === 'change_account')!;
    const row = trade.accounts[0]!;
    const mine = accountRowOf(row.id)!;
    const other = await family.newUser(name, `rows-${name}@example.com`);
    const detail = (payload: Record<string, string>, who = token) =>
      family.wire(name, 'GET', 'account/detail', payload, who);
    const notFound = { code: 0, msg: 'There is no such account of yours' };
    expect(await detail({ id: String(row.id), account_type_id: '1' }, other)).toMatchObject(notFound);
    expect(await detail({ id: String(row.id), account_type_id: '3' })).toMatchObject(notFound);
    expect(
      await detail({
        id: String(row.id),
        account_type_id: '1',
        currency_id: String(mine.currencyId + 1),
      }),
    ).toMatchObject(notFound);
    expect(await detail({ id: '-5', account_type_id: '1' })).toMatchObject(notFound);
    expect(await detail({ account_type_id: '1' })).toMatchObject({
      code: 0,
      msg: expect.stringContaining('currency_id'),
    });
  });
});
