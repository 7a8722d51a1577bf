import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();
const USDT = 1;
const LEVER_TYPE = 3;

describe.each(TRANSPORTS)('account/transfer over the %s transport', (name) => {
  it("takes account/list's account_code names and a JSON number balance", async () => {
    const token = await family.signIn(name);
    const leverBalance = async () => {
      const detail = await family.wire(
        name,
        'GET',
        'account/detail',
        { currency_id: String(USDT), account_type_id: String(LEVER_TYPE) },
        token,
      );
      return Number((detail.data as { balance: string }).balance);
    };
    const before = await leverBalance();
    // Exactly what the family's transfer page sends.
    const sent = await family.wire(
      name,
      'POST',
      'account/transfer',
      { currency_id: USDT, balance: 12.5, from: 'change_account', to: 'lever_account' },
      token,
    );
    expect(sent.code, sent.msg).toBe(1);
    expect(await leverBalance()).toBeCloseTo(before + 12.5, 8);
    const back = await family.wire(
      name,
      'POST',
      'account/transfer',
      { currency_id: USDT, balance: '2.5', from: 'lever_account', to: 'change_account' },
      token,
    );
    expect(back.code, back.msg).toBe(1);
    expect(await leverBalance()).toBeCloseTo(before + 10, 8);

    // Tessera's client sends the short codes; both spellings name the same accounts.
    const api = await family.tessera(name);
    await api.call('account/transfer', { currency_id: USDT, balance: '1', from: 'lever', to: 'change' });
    expect(await leverBalance()).toBeCloseTo(before + 9, 8);
    // A name that is neither is still refused.
    const wrong = await family.wire(
      name,
      'POST',
      'account/transfer',
      { currency_id: USDT, balance: '1', from: 'change_accounts', to: 'lever' },
      token,
    );
    expect(wrong.code).toBe(0);
  });
});
