import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from '../api/family-round-two/family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('every order of a side over the %s transport', (name) => {
  it('tx_in/list with include_finished 1 lists a filled buy; without it, only open ones', async () => {
    const token = await family.signIn(name);
    const placed = await family.wire(
      name,
      'POST',
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', type: 1 },
      token,
    );
    expect(placed.code, placed.msg).toBe(1);
    const id = (placed.data as { id: number }).id;
    const api = await family.tessera(name);
    const all = await api.call('tx_in/list', { page: 1, limit: 10, include_finished: 1 });
    expect(all.data.find((row) => row.id === id)?.status).toBe(2);
    const open = await api.call('tx_in/list', { page: 1, limit: 10 });
    expect(open.data.some((row) => row.id === id)).toBe(false);
    expect(open.data.every((row) => row.status === 1)).toBe(true);
  });
});
