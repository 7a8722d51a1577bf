import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from '../api/family-round-two/family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('the transaction log over the %s transport', (name) => {
  it('account_log/all lists a filled market buy as what it paid and received, through Tessera’s client', async () => {
    const token = await family.signIn(name);
    const placed = await family.wire(
      name,
      'POST',
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', type: 1 },
      token,
    );
    expect(placed.code, placed.msg).toBe(1);
    const order = placed.data as { id: number; transacted_volume: string };
    const api = await family.tessera(name);
    // The client validates the answer against the catalogue: a shape it does not know fails here.
    const log = await api.call('account_log/all', { page: 1, limit: 100 });
    const lines = log.data.filter((line) => line.source === 'order' && line.id === order.id);
    expect(lines.map((line) => [line.type, line.account, line.currency.code, line.symbol])).toEqual([
      ['spotBuy', 'change', 'USDT', 'BTC/USDT'],
      ['spotBuy', 'change', 'BTC', 'BTC/USDT'],
    ]);
    expect(Number(lines[0]!.value)).toBeCloseTo(-Number(order.transacted_volume), 8);
    expect(Number(lines[1]!.value)).toBeGreaterThan(0);
  });
});
