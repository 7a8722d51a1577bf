import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

describe.each(TRANSPORTS)('spot order rows over the %s transport', (name) => {
  it('transacted_amount is the filled base quantity, transacted_volume the quote turnover', async () => {
    const token = await family.signIn(name);
    const placed = await family.wire(
      name,
      'POST',
      'tx_in/add',
      { currency_match_id: 1, number: '0.001', type: 1 },
      token,
    );
    expect(placed.code, placed.msg).toBe(1);
    const order = placed.data as Record<string, string | number>;
    expect(order.status).toBe(2);
    // The family's client drops an order from the open list when number === transacted_amount.
    expect(order.transacted_amount).toBe(order.number);
    expect(Number(order.transacted_volume)).toBeCloseTo(Number(order.avg_price) * 0.001, 4);

    const api = await family.tessera(name);
    const history = await api.call('tx_history/list', { currency_match_id: 1, page: 1, limit: 10 });
    const row = history.data.find((each) => each.id === order.id)!;
    expect(row.transacted_amount).toBe('0.00100');
    expect(row.transacted_volume).toBe(order.transacted_volume);
  });

  it('a partly filled order: transacted_amount below number, the turnover its price times it', async () => {
    const token = await family.signIn(name);
    const deal = await family.wire(name, 'GET', 'market/deal', { currency_match_id: '1' });
    const asks = (deal.data as { depth: { out: Array<{ price: string; number: string }> } }).depth.out;
    const best = asks[0]!;
    // A limit buy at the best ask for more than it holds fills that level and rests the rest.
    const wanted = (Number(best.number) * 2 + 0.001).toFixed(5);
    const placed = await family.wire(
      name,
      'POST',
      'tx_in/add',
      { currency_match_id: 1, number: wanted, price: best.price, type: 0 },
      token,
    );
    expect(placed.code, placed.msg).toBe(1);
    const order = placed.data as Record<string, string | number>;
    expect(order.status).toBe(1);
    const filled = Number(order.transacted_amount);
    expect(filled).toBeGreaterThan(0);
    expect(filled).toBeLessThan(Number(wanted));
    expect(Number(order.transacted_volume)).toBeCloseTo(filled * Number(best.price), 2);
    await family.wire(name, 'GET', 'tx_in/cancel', { id: String(order.id) }, token);
  });
});
