import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

interface Row {
  price: string;
  number: string;
  amount: string;
  total?: string;
}

function expectFamilyRows(rows: readonly Row[]): void {
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    // The family's row: amount is the level's base quantity.
    expect(row.amount).toBe(row.number);
    expect(Number(row.total)).toBeCloseTo(Number(row.price) * Number(row.number), 1);
  }
}

describe.each(TRANSPORTS)('order-book rows over the %s transport', (name) => {
  it('market/deal: amount is the quantity, total the quote value', async () => {
    const deal = await family.wire(name, 'GET', 'market/deal', { currency_match_id: '1', t: '1' });
    const depth = (deal.data as { depth: { in: Row[]; out: Row[] } }).depth;
    expectFamilyRows(depth.in);
    expectFamilyRows(depth.out);
    const api = await family.tessera(name);
    const read = (await api.call('market/deal', { currency_match_id: 1 })).depth;
    expectFamilyRows(read.in);
    expectFamilyRows(read.out);
  });
});

describe('MARKET_DEPTH frames', () => {
  it('carry the same rows', async () => {
    const { simulator, clock } = family.harness();
    const frames: Array<{ type: string; depth?: { in: Row[]; out: Row[] } }> = [];
    const socket = simulator.server.openSocket((text) => frames.push(JSON.parse(text) as (typeof frames)[0]));
    socket.receive(JSON.stringify({ type: 'sub', params: 'MARKET_DEPTH.BTC/USDT' }));
    for (let round = 0; round < 50 && !frames.some((frame) => frame.depth); round++) {
      clock.advance(100);
      simulator.market.market.advanceToNow();
      simulator.market.publisher.publish();
    }
    const frame = frames.find((each) => each.type === 'MARKET_DEPTH');
    expect(frame).toBeDefined();
    expectFamilyRows(frame!.depth!.in);
    expectFamilyRows(frame!.depth!.out);
    socket.close();
  });
});
