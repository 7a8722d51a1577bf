import { describe, expect, it } from 'vitest';
import { familyWire, TRANSPORTS } from './family-wire.ts';

const family = familyWire();

interface Trade {
  number: string;
  amount?: string;
}

function expectAmounts(trades: readonly Trade[]): void {
  expect(trades.length).toBeGreaterThan(0);
  for (const trade of trades) expect(trade.amount).toBe(trade.number);
}

describe.each(TRANSPORTS)('the tape over the %s transport', (name) => {
  it("market/deal's trades carry amount, the base quantity", async () => {
    const deal = await family.wire(name, 'GET', 'market/deal', { currency_match_id: '1', t: '1' });
    expectAmounts((deal.data as { tx_completes: Trade[] }).tx_completes);
    const api = await family.tessera(name);
    expectAmounts((await api.call('market/deal', { currency_match_id: 1 })).tx_completes);
  });
});

describe('GLOBAL_TX frames', () => {
  it("carry amount on every complete, as the family's tape reads it", async () => {
    const { simulator, clock } = family.harness();
    const frames: Array<{ type: string; completes?: Trade[] }> = [];
    const socket = simulator.server.openSocket((text) => frames.push(JSON.parse(text) as (typeof frames)[0]));
    socket.receive(JSON.stringify({ type: 'sub', params: 'GLOBAL_TX.BTC/USDT' }));
    for (let round = 0; round < 200 && !frames.some((frame) => frame.completes); round++) {
      clock.advance(100);
      simulator.market.market.advanceToNow();
      simulator.market.publisher.publish();
    }
    const tape = frames.filter((frame) => frame.type === 'GLOBAL_TX');
    expect(tape.length).toBeGreaterThan(0);
    for (const frame of tape) expectAmounts(frame.completes!);
    socket.close();
  });
});
