import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('an empty query value over the %s transport', (name) => {
  it('means absent on every GET: account/draw_list?currency_id=&page=1 lists every currency', async () => {
    const token = await family.signIn(name);
    const all = await family.wire(name, 'GET', 'account/draw_list', { page: '1', t: '1' }, token);
    const blank = await family.wire(
      name,
      'GET',
      'account/draw_list',
      { currency_id: '', page: '1', t: '1' },
      token,
    );
    expect(blank.code, blank.msg).toBe(1);
    expect(blank.data).toEqual(all.data);
    // Every filter empty, the page too: the defaults.
    const records = await family.wire(
      name,
      'GET',
      'account_log/change',
      { currency_id: '', page: '', limit: '' },
      token,
    );
    expect(records.code, records.msg).toBe(1);
    expect(records.data).toMatchObject({ current_page: 1, per_page: 15 });
  });

  it('a required field left empty is still refused, naming it; a POST keeps its empty strings', async () => {
    const deal = await family.wire(name, 'GET', 'market/deal', { currency_match_id: '' });
    expect(deal).toMatchObject({ code: 0, msg: expect.stringContaining('currency_match_id') });
    const token = await family.signIn(name);
    const transfer = await family.wire(
      name,
      'POST',
      'account/transfer',
      { currency_id: 1, balance: '', from: 'change', to: 'lever' },
      token,
    );
    expect(transfer).toMatchObject({ code: 0, msg: expect.stringContaining('balance') });
  });
});
